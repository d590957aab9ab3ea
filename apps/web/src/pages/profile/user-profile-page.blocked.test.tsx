import type { PublicProfile } from '@sys/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

// Someone is signed in: the viewer who blocked bob.
installFakeAuthClient(fakeSession());

const bob: PublicProfile = {
  id: '00000000-0000-4000-8000-00000000b0b0',
  username: 'bob',
  display_name: 'Bob Stone',
  // What the server answers the blocker: no bio, no size or measurements.
  bio: null,
  avatar_url: null,
  measurements_public: true,
  is_following: false,
  is_blocked: true,
};

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the profile of someone the viewer blocked', () => {
  it('shows who it is and Unblock, not the bio fallback, counts or posts, and asks for no counts', async () => {
    const api = fakeApi({ 'GET /api/v1/profiles/bob': () => bob });
    renderApp('/profile/bob');
    expect(await screen.findByText(/You blocked/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    const who = screen.getByRole('region', { name: 'Profile details' });
    expect(within(who).getByText('Bob Stone')).toBeInTheDocument();
    expect(within(who).getByText('@bob')).toBeInTheDocument();
    expect(screen.queryByText('Fashion stylist')).not.toBeInTheDocument();
    expect(screen.queryByText('Followers')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Posts' })).not.toBeInTheDocument();
    const paths = api.mock.calls.map(([url]) => new URL(String(url), window.location.origin).pathname);
    expect(paths).not.toContain('/api/v1/profiles/bob/stats');
  });
});
