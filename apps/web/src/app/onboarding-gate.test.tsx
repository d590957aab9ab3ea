import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { onboardedFlag } from '@/shared/lib/local-storage';
import { renderApp } from '@/test/render-app';
import { onboardingRedirect, recoveryLinkRedirect } from './onboarding-gate';

describe('recoveryLinkRedirect', () => {
  it('sends a recovery link that lands on another page to the reset screen, token and all', () => {
    expect(recoveryLinkRedirect('/', '?token_hash=abc&type=recovery')).toBe(
      '/auth/reset?token_hash=abc&type=recovery',
    );
    expect(recoveryLinkRedirect('/auth/reset', '?token_hash=abc&type=recovery')).toBeNull();
    expect(recoveryLinkRedirect('/', '?token_hash=abc&type=signup')).toBeNull();
    expect(recoveryLinkRedirect('/', '?type=recovery')).toBeNull();
    expect(recoveryLinkRedirect('/explore', '')).toBeNull();
  });
});

describe('onboardingRedirect', () => {
  it('sends visitors without the flag to /onboarding, except from /onboarding and /auth', () => {
    expect(onboardingRedirect('/', false)).toBe('/onboarding');
    expect(onboardingRedirect('/explore/brands', false)).toBe('/onboarding');
    expect(onboardingRedirect('/no-such-page', false)).toBe('/onboarding');
    expect(onboardingRedirect('/onboarding', false)).toBeNull();
    expect(onboardingRedirect('/onboarding/', false)).toBeNull();
    expect(onboardingRedirect('/auth', false)).toBeNull();
    expect(onboardingRedirect('/auth/forgot', false)).toBeNull();
    expect(onboardingRedirect('/auth/reset', false)).toBeNull();
  });

  it('sends onboarded visitors away from /onboarding, and nowhere else', () => {
    expect(onboardingRedirect('/onboarding', true)).toBe('/');
    expect(onboardingRedirect('/', true)).toBeNull();
    expect(onboardingRedirect('/auth', true)).toBeNull();
    expect(onboardingRedirect('/post/abc', true)).toBeNull();
  });

  it('does not treat look-alike paths as onboarding or auth', () => {
    expect(onboardingRedirect('/onboarding-old', false)).toBe('/onboarding');
    expect(onboardingRedirect('/authors', false)).toBe('/onboarding');
  });
});

describe('the onboarding rule in the app', () => {
  it('opens /onboarding on a first visit to /', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Show us what you like' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('lets a first-time visitor open /auth', async () => {
    const { router } = renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Welcome to SYS' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('keeps an onboarded visitor on / and sends them home from /onboarding', async () => {
    window.localStorage.setItem('onboarded', 'true');
    const { router } = renderApp('/onboarding');
    expect(
      await screen.findByText('Share Your Style, Fashion Community for great inspirations and new looks'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('finishing onboarding stores the flag and goes home', async () => {
    const { router, user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(window.localStorage.getItem('onboarded')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'SYS' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it("lands on /auth when onboarding's 'Sign in' sets the flag and leaves for /auth", async () => {
    const { router } = renderApp('/onboarding');
    expect(await screen.findByRole('heading', { name: 'Show us what you like' })).toBeInTheDocument();
    // What the finished dialog's 'Sign in' does: set the flag, then leave for the (lazily loaded) /auth
    // screen. The flag used to send /onboarding home before /auth had loaded: the visitor landed on /.
    act(() => {
      onboardedFlag.set();
      void router.navigate('/auth');
    });
    expect(await screen.findByRole('heading', { name: 'Welcome to SYS' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows the 404 page for unknown paths once onboarded', async () => {
    window.localStorage.setItem('onboarded', 'true');
    const { router, user } = renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
