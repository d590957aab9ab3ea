import { GuestProfileSchema, guestAvatarUrl } from '@sys/shared';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COMMUNITY_FACES } from '@/features/auth/ui/community-faces';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';
import { clearGuest, continueAsGuest, readGuestProfile } from './guest';
import { useGuestProfile } from './use-guest-profile';

const fake = { client: installFakeAuthClient(null) };

afterEach(() => {
  fake.client.emit('SIGNED_OUT', null);
});

describe('continueAsGuest', () => {
  it("stores the spec's guest profile and marks the visitor a guest", () => {
    const profile = continueAsGuest();
    expect(GuestProfileSchema.parse(profile)).toEqual(profile);
    expect(profile.id).toMatch(/^guest_\d+_[a-z0-9]{9}$/);
    expect(profile.bio).toBe('Fashion stylist');
    expect(JSON.parse(window.localStorage.getItem('guestProfile') ?? 'null')).toEqual(profile);
    expect(window.localStorage.getItem('isGuestUser')).toBe('true');
    expect(readGuestProfile()).toEqual(profile);

    clearGuest();
    expect(window.localStorage.getItem('guestProfile')).toBeNull();
    expect(window.localStorage.getItem('isGuestUser')).toBeNull();
    expect(readGuestProfile()).toBeNull();
  });

  it('ignores an unreadable stored profile', () => {
    window.localStorage.setItem('guestProfile', '{"id":"someone"}');
    expect(readGuestProfile()).toBeNull();
  });
});

describe('useGuestProfile', () => {
  it('follows the stored profile', () => {
    const { result } = renderHook(() => useGuestProfile());
    expect(result.current).toBeNull();
    let profile: ReturnType<typeof continueAsGuest> | undefined;
    act(() => {
      profile = continueAsGuest();
    });
    expect(result.current).toEqual(profile);
    const first = result.current;
    expect(result.current).toBe(first);
    act(() => clearGuest());
    expect(result.current).toBeNull();
  });
});

describe('a real sign-in ends the guest', () => {
  it('clears guestProfile and isGuestUser on SIGNED_IN, not on other events', async () => {
    window.localStorage.setItem('onboarded', 'true');
    renderApp('/');
    await screen.findByRole('link', { name: 'SIGN UP' });
    await fake.client.listening();
    continueAsGuest();

    act(() => fake.client.emit('TOKEN_REFRESHED', null));
    expect(window.localStorage.getItem('guestProfile')).not.toBeNull();

    act(() => fake.client.emit('SIGNED_IN', fakeSession()));
    expect(window.localStorage.getItem('guestProfile')).toBeNull();
    expect(window.localStorage.getItem('isGuestUser')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});

describe("onboarding's 'Continue as a guest'", () => {
  it('creates the guest profile, sets onboarded and goes home', async () => {
    const { router, user } = renderApp('/onboarding');
    await user.click(await screen.findByRole('button', { name: 'Continue as a guest' }));
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('onboarded')).toBe('true');
    expect(window.localStorage.getItem('isGuestUser')).toBe('true');
    expect(readGuestProfile()?.isGuest).toBe(true);
  });
});

describe('the sign-in screen’s portraits', () => {
  it('are the stock guest avatars', () => {
    expect(COMMUNITY_FACES).toEqual(COMMUNITY_FACES.map((_, index) => guestAvatarUrl(index + 1)));
  });
});
