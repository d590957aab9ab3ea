import type { PublicProfile } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { FakeEventSource } from '@/test/fake-event-source';
import { renderApp } from '@/test/render-app';

installFakeAuthClient(fakeSession());

const bob = (isFollowing: boolean): PublicProfile => ({
  id: '00000000-0000-4000-8000-00000000b0b0',
  username: 'bob',
  display_name: 'Bob Stone',
  bio: null,
  avatar_url: null,
  measurements_public: false,
  is_following: isFollowing,
  is_blocked: false,
});

const conversationId = '00000000-0000-4000-8000-00000000c0c0';

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Message on a profile', () => {
  it('opens the conversation with someone the viewer follows', async () => {
    const opened: unknown[] = [];
    fakeApi({
      'GET /api/v1/profiles/bob': () => bob(true),
      'GET /api/v1/profiles/bob/posts': () => ({ items: [], next_cursor: null }),
      'POST /api/v1/conversations': (_url, init) => {
        opened.push(JSON.parse(String(init?.body)));
        return { id: conversationId };
      },
    });
    const { router, user } = renderApp('/profile/bob');
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    await waitFor(() => expect(router.location.pathname).toBe('/messages'));
    expect(router.location.search).toBe(`?c=${conversationId}`);
    expect(opened).toEqual([{ profile_id: bob(true).id }]);
  });

  it('is not offered for someone the viewer does not follow', async () => {
    fakeApi({
      'GET /api/v1/profiles/bob': () => bob(false),
      'GET /api/v1/profiles/bob/posts': () => ({ items: [], next_cursor: null }),
    });
    renderApp('/profile/bob');
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).not.toBeInTheDocument();
  });
});

describe('the unread-messages badge', () => {
  it('sits on the header messages icon, not on the Profile tab', async () => {
    FakeEventSource.install();
    // What auth-js stores with a session: the app sends the stream its token only when one is stored.
    window.localStorage.setItem('sys-auth', '{}');
    fakeApi({});
    renderApp('/');
    // The signed-in user's stream starts with the unread count.
    await waitFor(() =>
      expect(FakeEventSource.open((url) => url.searchParams.has('access_token'))).not.toEqual([]),
    );
    FakeEventSource.emitToOpen({ type: 'unread.changed', unread_count: 3 } as const);
    const messages = await screen.findByRole('link', { name: 'Messages', description: '3 unread messages' });
    expect(messages).toHaveAttribute('href', '/messages');
    expect(messages.closest('header')).not.toBeNull();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(nav.queryByText(/unread/)).not.toBeInTheDocument();
  });
});
