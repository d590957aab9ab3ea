import type { ActivitySettings, MutedProfilePage } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

const fake = installFakeAuthClient(fakeSession());

const ALL_ON: ActivitySettings['kinds'] = {
  like: true,
  comment: true,
  reply: true,
  follow: true,
  mention: true,
  message: true,
  comment_like: true,
};

const bob = {
  id: '00000000-0000-4000-8000-00000000b0b0',
  username: 'bob',
  display_name: 'Bob Stone',
  avatar_url: null,
  muted_at: '2026-11-01T10:00:00.000Z',
};

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  fake.emit('SIGNED_IN', fakeSession());
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('Activity settings', () => {
  it('shows a switch per kind as the server has them, and saves every kind when one is turned', async () => {
    const saved: unknown[] = [];
    fakeApi({
      'GET /api/v1/me/activity-settings': () => ({ kinds: { ...ALL_ON, follow: false } }),
      'PUT /api/v1/me/activity-settings': (_url, init) => {
        const body = JSON.parse(String(init?.body)) as ActivitySettings;
        saved.push(body);
        return body;
      },
      'GET /api/v1/mutes': (): MutedProfilePage => ({ items: [], next_cursor: null }),
    });
    const { user } = renderApp('/settings/activity');
    const kinds = await screen.findByRole('list', { name: 'Kinds of activity' }, { timeout: 15_000 });
    const switches = within(kinds).getAllByRole('switch');
    expect(switches).toHaveLength(7);
    expect(screen.getByRole('switch', { name: 'Likes' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'New followers' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Messages' })).toHaveAccessibleDescription(
      'Someone sent you a message',
    );

    await user.click(screen.getByRole('switch', { name: 'Comment likes' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ kinds: { ...ALL_ON, follow: false, comment_like: false } });
    expect(screen.getByRole('switch', { name: 'Comment likes' })).not.toBeChecked();
    expect(
      await screen.findByText(
        "You haven't muted anyone. You can mute someone from the menu on their profile.",
      ),
    ).toBeInTheDocument();
    // The first screen of the file loads its lazy chunks cold: slow on a busy machine.
  }, 60_000);

  it('puts the switch back and says so when the server refuses the change', async () => {
    fakeApi({
      'GET /api/v1/me/activity-settings': () => ({ kinds: ALL_ON }),
      'PUT /api/v1/me/activity-settings': () => withStatus(500, apiErrorBody('internal', 'Boom')),
      'GET /api/v1/mutes': (): MutedProfilePage => ({ items: [], next_cursor: null }),
    });
    const { user } = renderApp('/settings/activity');
    await user.click(await screen.findByRole('switch', { name: 'Likes' }, { timeout: 15_000 }));
    expect(await screen.findByText('Your change was not saved. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Likes' })).toBeChecked());
  });

  it('lists the muted people, each with Unmute, and takes them off the list', async () => {
    let muted = [bob];
    const unmuted: string[] = [];
    fakeApi({
      'GET /api/v1/me/activity-settings': () => ({ kinds: ALL_ON }),
      'GET /api/v1/mutes': (): MutedProfilePage => ({ items: muted, next_cursor: null }),
      [`DELETE /api/v1/mutes/${bob.id}`]: () => {
        unmuted.push(bob.id);
        muted = [];
        return { muted: false };
      },
    });
    const { user } = renderApp('/settings/activity');
    const list = await screen.findByRole('list', { name: 'Muted people' }, { timeout: 15_000 });
    expect(within(list).getByRole('link', { name: 'bob' })).toHaveAttribute('href', '/profile/bob');
    await user.click(within(list).getByRole('button', { name: /^Unmute .*bob/ }));
    await waitFor(() => expect(unmuted).toEqual([bob.id]));
    expect(await screen.findByText(/bob.*is unmuted/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Muted people' })).not.toBeInTheDocument());
  });

  it('speaks Hebrew', async () => {
    fakeApi({
      'GET /api/v1/me/activity-settings': () => ({ kinds: ALL_ON }),
      'GET /api/v1/mutes': (): MutedProfilePage => ({ items: [bob], next_cursor: null }),
    });
    await i18n.changeLanguage('he');
    renderApp('/settings/activity');
    expect(
      await screen.findByRole('heading', { name: 'הגדרות פעילות' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('switch', { name: 'לייקים' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'הודעות' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /ביטול ההשתקה של/ })).toBeInTheDocument();
  });

  it('asks a visitor to sign in, and asks the server nothing', async () => {
    fake.emit('SIGNED_OUT', null);
    const api = fakeApi({});
    renderApp('/settings/activity');
    expect(
      await screen.findByText('Sign in to change your activity settings', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    const paths = api.mock.calls.map(([url]) => new URL(String(url), window.location.origin).pathname);
    expect(paths).not.toContain('/api/v1/me/activity-settings');
    expect(paths).not.toContain('/api/v1/mutes');
  });

  it('is reached from the own profile menu', async () => {
    fakeApi({});
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'More options' }, { timeout: 15_000 }));
    const item = await screen.findByRole('menuitem', { name: 'Activity settings' });
    expect(item).toHaveAttribute('href', '/settings/activity');
  });
});
