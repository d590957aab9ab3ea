import { AuthApiError, AuthWeakPasswordError } from '@supabase/auth-js';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

const fake = { client: installFakeAuthClient(null) };

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  // The session store outlives a test: every test starts signed out.
  fake.client.emit('SIGNED_OUT', null);
  vi.resetAllMocks();
});

async function openAuth(path = '/auth') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Welcome to SYS' });
  return view;
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], button: string, password: string) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: button }));
}

describe('/auth default tab', () => {
  it('is Sign Up for a first-time visitor', async () => {
    await openAuth();
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it("is Sign In when has_account is 'true'", async () => {
    window.localStorage.setItem('has_account', 'true');
    await openAuth();
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/forgot');
  });

  it('follows ?tab= and keeps the chosen tab in the address', async () => {
    const { router, user } = await openAuth('/auth?tab=sign-in');
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(router.location.search).toBe('?tab=sign-up');
  });

  it('takes the typed email along to Forgot password?', async () => {
    const { router, user } = await openAuth('/auth?tab=sign-in');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.location.pathname).toBe('/auth/forgot'));
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('keeps the typed email when switching between Sign Up and Sign In', async () => {
    const { user } = await openAuth('/auth?tab=sign-up');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});

describe('signing in', () => {
  it('says so, sets has_account and goes home', async () => {
    const { router, user } = await openAuth('/auth?tab=sign-in');
    await fillAndSubmit(user, 'Sign In', 'correct-horse');

    expect(await screen.findByText('Signed in successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(fake.client.signInWithPassword).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct-horse',
    });
    expect(window.localStorage.getItem('has_account')).toBe('true');
  });

  it('returns to /create-post when a post draft is waiting', async () => {
    window.localStorage.setItem('postDraft', JSON.stringify({ caption: 'Linen and denim' }));
    const { router, user } = await openAuth('/auth?tab=sign-in');
    await fillAndSubmit(user, 'Sign In', 'correct-horse');
    await waitFor(() => expect(router.location.pathname).toBe('/create-post'));
  });

  it("goes home when the waiting draft is a signed-in author's own, not a guest's", async () => {
    window.localStorage.setItem(
      'postDraft',
      JSON.stringify({ owner: 'an-earlier-session', caption: 'Mine' }),
    );
    const { router, user } = await openAuth('/auth?tab=sign-in');
    await fillAndSubmit(user, 'Sign In', 'correct-horse');
    expect(await screen.findByText('Signed in successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });

  it('lands on the address carried from a shared link, across a tab switch', async () => {
    const { router, user } = await openAuth('/auth?tab=sign-up&next=%2Fpost%2Fabc');
    await user.click(screen.getByRole('tab', { name: 'Sign In' }));
    expect(new URLSearchParams(router.location.search).get('next')).toBe('/post/abc');
    await fillAndSubmit(user, 'Sign In', 'correct-horse');
    await waitFor(() => expect(router.location.pathname).toBe('/post/abc'));
  });

  it('ignores a carried address on another site and goes home', async () => {
    const { router, user } = await openAuth('/auth?tab=sign-in&next=%2F%5Cevil.com');
    await fillAndSubmit(user, 'Sign In', 'correct-horse');
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });

  it("shows 'Sign In Error' with the server's message and stays", async () => {
    fake.client.signInWithPassword.mockImplementationOnce(async () => ({
      data: { session: null, user: null },
      error: new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
    }));
    const { router, user } = await openAuth('/auth?tab=sign-in');
    await fillAndSubmit(user, 'Sign In', 'wrong');

    expect(await screen.findByText('Sign In Error')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Invalid login credentials');
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password.getAttribute('aria-describedby')).toContain(alert.id);
    expect(router.location.pathname).toBe('/auth');
    expect(window.localStorage.getItem('has_account')).toBeNull();
  });

  it('asks for the authenticator code when the account has a second factor', async () => {
    fake.client.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: 'aal1', nextLevel: 'aal2', currentAuthenticationMethods: [] },
      error: null,
    });
    fake.client.mfa.listFactors.mockResolvedValue({
      data: { all: [], totp: [{ id: 'factor-1' }], phone: [], webauthn: [] },
      error: null,
    } as never);
    const { router, user } = await openAuth('/auth?tab=sign-in');
    await fillAndSubmit(user, 'Sign In', 'correct-horse');

    const code = await screen.findByLabelText('Verification code');
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(router.location.pathname).toBe('/auth');

    await user.type(code, '12a3456');
    expect(code).toHaveValue('123456');
    fake.client.mfa.getAuthenticatorAssuranceLevel.mockResolvedValue({
      data: { currentLevel: 'aal2', nextLevel: 'aal2', currentAuthenticationMethods: [] },
      error: null,
    });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(fake.client.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' });
    expect(await screen.findByText('Signed in successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/'));
  });
});

describe('signing up', () => {
  it('counts as onboarded: a visitor who signs up before finishing onboarding goes home, not back', async () => {
    window.localStorage.removeItem('onboarded');
    const { router, user } = await openAuth();
    await fillAndSubmit(user, 'Sign Up', 'correct-horse');

    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'SYS' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Show us what you like' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('onboarded')).toBe('true');
  });

  it("says 'Account created successfully!' ('Signing you in...') and goes home", async () => {
    const { router, user } = await openAuth();
    await fillAndSubmit(user, 'Sign Up', 'correct-horse');

    expect(await screen.findByText('Account created successfully!')).toBeInTheDocument();
    expect(screen.getByText('Signing you in...')).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(fake.client.signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'correct-horse',
      options: { emailRedirectTo: window.location.origin },
    });
    expect(window.localStorage.getItem('has_account')).toBe('true');
  });

  it('returns to /create-post when a post draft is waiting', async () => {
    window.localStorage.setItem('postDraft', '{}');
    const { router, user } = await openAuth();
    await fillAndSubmit(user, 'Sign Up', 'correct-horse');
    await waitFor(() => expect(router.location.pathname).toBe('/create-post'));
  });

  it('asks to check the mail when the server wants the address confirmed', async () => {
    fake.client.signUp.mockImplementationOnce(async ({ email }) => ({
      data: { session: null, user: fakeSession(email).user },
      error: null,
    }));
    const { router, user } = await openAuth();
    await fillAndSubmit(user, 'Sign Up', 'correct-horse');

    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/auth');

    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  });

  it("lists why a password is too weak, under the field, with 'Sign Up Error'", async () => {
    fake.client.signUp.mockImplementationOnce(async () => ({
      data: { session: null, user: null },
      error: new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']),
    }));
    const { user } = await openAuth();
    await fillAndSubmit(user, 'Sign Up', '123');

    expect(await screen.findByText('Sign Up Error')).toBeInTheDocument();
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveFocus();
    // One short-password message, under the field: not a second, different one in the toast.
    expect(password).toHaveAccessibleDescription(
      /Choose a stronger password:\s*Password should be at least 6 characters\./,
    );
    expect(screen.getAllByText(/at least 6 characters|Make it longer/)).toHaveLength(1);
  });
});

describe('a signed-in visitor', () => {
  it('is sent home from /auth', async () => {
    fake.client.emit('SIGNED_IN', fakeSession());
    const { router } = renderApp('/auth');
    // Through the assurance check and the home screen's lazy code: slower than most steps.
    await waitFor(() => expect(router.location.pathname).toBe('/'), { timeout: 15_000 });
    // The address changes first; the home layout (with its header) renders once its lazy code is in.
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('banner')).getByRole('button', { name: 'Sign out' }),
        ).toBeInTheDocument(),
      { timeout: 15_000 },
    );
  }, 40_000);
});
