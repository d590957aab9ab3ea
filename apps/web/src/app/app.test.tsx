import { afterEach, describe, expect, it } from 'vitest';
import { onboardedFlag } from '@/shared/lib/local-storage';
import { createHistoryAtAllowedPath } from './app';

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the history starts where the onboarding rule allows', () => {
  it('starts a first visit to a screen at /onboarding, replacing the address (no extra history entry)', () => {
    window.history.replaceState(null, '', '/post/abc?x=1');
    const before = window.history.length;
    const history = createHistoryAtAllowedPath();
    expect(window.location.pathname).toBe('/onboarding');
    expect(history.location.pathname).toBe('/onboarding');
    expect(window.history.length).toBe(before);
  });

  it('leaves /auth and its sub-screens alone on a first visit', () => {
    window.history.replaceState(null, '', '/auth/reset');
    const history = createHistoryAtAllowedPath();
    expect(history.location.pathname).toBe('/auth/reset');
  });

  it("starts a first visit by a password-reset link on the site's root at the reset screen, token kept", () => {
    window.history.replaceState(null, '', '/?token_hash=abc&type=recovery');
    const history = createHistoryAtAllowedPath();
    expect(history.location.pathname).toBe('/auth/reset');
    expect(history.location.search).toBe('?token_hash=abc&type=recovery');
  });

  it('starts an onboarded visitor where they asked, and sends them from /onboarding home', () => {
    onboardedFlag.set();
    window.history.replaceState(null, '', '/explore');
    const explore = createHistoryAtAllowedPath();
    expect(explore.location.pathname).toBe('/explore');
    window.history.replaceState(null, '', '/onboarding');
    const onboarding = createHistoryAtAllowedPath();
    expect(onboarding.location.pathname).toBe('/');
  });
});
