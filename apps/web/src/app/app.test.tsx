import { afterEach, describe, expect, it } from 'vitest';
import { onboardedFlag } from '@/shared/lib/local-storage';
import { createRouterAtAllowedPath } from './app';

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the router starts where the onboarding rule allows', () => {
  it('starts a first visit to a screen at /onboarding, replacing the address (no extra history entry)', () => {
    window.history.replaceState(null, '', '/post/abc?x=1');
    const before = window.history.length;
    const router = createRouterAtAllowedPath();
    try {
      expect(window.location.pathname).toBe('/onboarding');
      expect(router.state.location.pathname).toBe('/onboarding');
      expect(window.history.length).toBe(before);
    } finally {
      router.dispose();
    }
  });

  it('leaves /auth and its sub-screens alone on a first visit', () => {
    window.history.replaceState(null, '', '/auth/reset');
    const router = createRouterAtAllowedPath();
    try {
      expect(router.state.location.pathname).toBe('/auth/reset');
    } finally {
      router.dispose();
    }
  });

  it("starts a first visit by a password-reset link on the site's root at the reset screen, token kept", () => {
    window.history.replaceState(null, '', '/?token_hash=abc&type=recovery');
    const router = createRouterAtAllowedPath();
    try {
      expect(router.state.location.pathname).toBe('/auth/reset');
      expect(router.state.location.search).toBe('?token_hash=abc&type=recovery');
    } finally {
      router.dispose();
    }
  });

  it('starts an onboarded visitor where they asked, and sends them from /onboarding home', () => {
    onboardedFlag.set();
    window.history.replaceState(null, '', '/explore');
    const explore = createRouterAtAllowedPath();
    expect(explore.state.location.pathname).toBe('/explore');
    explore.dispose();
    window.history.replaceState(null, '', '/onboarding');
    const onboarding = createRouterAtAllowedPath();
    expect(onboarding.state.location.pathname).toBe('/');
    onboarding.dispose();
  });
});
