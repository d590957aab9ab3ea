import type { PublicProfile } from '@sys/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeApi } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

const fake = installFakeAuthClient(fakeSession());

const bob: PublicProfile = {
  id: '00000000-0000-4000-8000-00000000b0b0',
  username: 'bob',
  display_name: 'Bob Stone',
  bio: null,
  avatar_url: null,
  measurements_public: false,
  is_following: false,
  is_blocked: false,
};
const muteUrl = `/api/v1/mutes/${bob.id}`;

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
  fake.emit('SIGNED_IN', fakeSession());
});

afterEach(async () => {
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

function profileApi(initiallyMuted: boolean, calls: string[]) {
  let muted = initiallyMuted;
  return fakeApi({
    'GET /api/v1/profiles/bob': () => bob,
    'GET /api/v1/profiles/bob/posts': () => ({ items: [], next_cursor: null }),
    [`GET ${muteUrl}`]: () => ({ muted }),
    [`POST ${muteUrl}`]: () => {
      calls.push('POST');
      muted = true;
      return { muted };
    },
    [`DELETE ${muteUrl}`]: () => {
      calls.push('DELETE');
      muted = false;
      return { muted };
    },
  });
}

describe('Mute on a profile menu', () => {
  it('mutes next to Block, then offers Unmute', async () => {
    const calls: string[] = [];
    profileApi(false, calls);
    const { user } = renderApp('/profile/bob');
    await user.click(await screen.findByRole('button', { name: 'More options' }, { timeout: 15_000 }));
    expect(await screen.findByRole('menuitem', { name: 'Block' })).toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Mute' }));
    await waitFor(() => expect(calls).toEqual(['POST']));
    expect(await screen.findByText(/bob.*is muted/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unmute' }));
    await waitFor(() => expect(calls).toEqual(['POST', 'DELETE']));
  });

  it('shows Unmute for someone already muted, in Hebrew too', async () => {
    profileApi(true, []);
    await i18n.changeLanguage('he');
    const { user } = renderApp('/profile/bob');
    await waitFor(() => expect(screen.getByRole('button', { name: 'אפשרויות נוספות' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'אפשרויות נוספות' }));
    expect(await screen.findByRole('menuitem', { name: 'ביטול השתקה' })).toBeInTheDocument();
  });

  it('asks a visitor to sign up instead of muting, and asks the server nothing about mutes', async () => {
    fake.emit('SIGNED_OUT', null);
    const api = profileApi(false, []);
    const { user } = renderApp('/profile/bob');
    await user.click(await screen.findByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mute' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    const paths = api.mock.calls.map(([url]) => new URL(String(url), window.location.origin).pathname);
    expect(paths).not.toContain(muteUrl);
  });
});
