import { AuthApiError } from '@supabase/auth-js';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

const fake = { client: installFakeAuthClient(null) };

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  fake.client.emit('SIGNED_OUT', null);
  vi.resetAllMocks();
});

describe('/auth/forgot', () => {
  it('asks for the recovery mail with a link back to /auth/reset, and says the same for every address', async () => {
    const { user } = renderApp('/auth/forgot');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toHaveFocus();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(fake.client.resetPasswordForEmail).toHaveBeenCalledWith('ada@example.com', {
      redirectTo: `${window.location.origin}/auth/reset`,
    });
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute(
      'href',
      '/auth?tab=sign-in',
    );
  });

  it('leads to the code form with the address filled in (for a mail read on another device)', async () => {
    const { router, user } = renderApp('/auth/forgot');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await user.click(await screen.findByRole('link', { name: 'Enter the code' }));
    expect(await screen.findByRole('heading', { name: 'Enter the code from the email' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/auth/reset');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Code from the email')).toHaveFocus();
  });

  it('opens without the onboarded flag, and is linked from Sign In', async () => {
    window.localStorage.clear();
    const { router, user } = renderApp('/auth?tab=sign-in');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/auth/forgot');
  });

  it('says when the mail could not be sent (rate limit)', async () => {
    fake.client.resetPasswordForEmail.mockResolvedValueOnce({
      data: null,
      error: new AuthApiError('Email rate limit exceeded', 429, 'over_email_send_rate_limit'),
    } as never);
    const { user } = renderApp('/auth/forgot');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Could not send the link')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Email rate limit exceeded');
  });
});

describe('/auth/reset', () => {
  it("without a link or a session asks for the mail's code, which opens the new-password form", async () => {
    const { user } = renderApp('/auth/reset');
    expect(await screen.findByRole('heading', { name: 'Enter the code from the email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a new link' })).toHaveAttribute('href', '/auth/forgot');

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(fake.client.verifyOtp).not.toHaveBeenCalled(); // six digits first
    await user.type(screen.getByLabelText('Code from the email'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(fake.client.verifyOtp).toHaveBeenCalledWith({
      type: 'recovery',
      email: 'ada@example.com',
      token: '123456',
    });
    expect(await screen.findByLabelText('New password', { selector: 'input' })).toBeInTheDocument();
  });

  it('says in Hebrew when the code is wrong, and keeps the address', async () => {
    await i18n.changeLanguage('he');
    fake.client.verifyOtp.mockResolvedValueOnce({
      data: { session: null, user: null },
      error: new AuthApiError('Token has expired or is invalid', 403, 'otp_expired'),
    });
    const { user } = renderApp('/auth/reset');
    expect(await screen.findByRole('heading', { name: 'הזינו את הקוד מהמייל' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('אימייל'), 'ada@example.com');
    await user.type(screen.getByLabelText('הקוד מהמייל'), '654321');
    await user.click(screen.getByRole('button', { name: 'המשך' }));
    expect(await screen.findByText('לא הצלחנו לאמת את הקוד')).toBeInTheDocument();
    expect(screen.getByLabelText('אימייל')).toHaveValue('ada@example.com');
    await i18n.changeLanguage('en');
  });

  it("redeems the mail's token_hash link in any browser, once, and takes the token out of the address", async () => {
    const { router } = renderApp('/auth/reset?token_hash=pkce_abc123&type=recovery');
    expect(await screen.findByLabelText('New password', { selector: 'input' })).toBeInTheDocument();
    expect(fake.client.verifyOtp).toHaveBeenCalledTimes(1);
    expect(fake.client.verifyOtp).toHaveBeenCalledWith({ type: 'recovery', token_hash: 'pkce_abc123' });
    await waitFor(() => expect(router.location.search).toBe(''));
    expect(router.location.pathname).toBe('/auth/reset');
  });

  it("says a spent or expired token_hash link is invalid, in the reader's language", async () => {
    fake.client.verifyOtp.mockResolvedValueOnce({
      data: { session: null, user: null },
      error: new AuthApiError('Token has expired or is invalid', 403, 'otp_expired'),
    });
    renderApp('/auth/reset?token_hash=spent&type=recovery');
    expect(
      await screen.findByRole('heading', { name: 'This link is invalid or has expired' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Token has expired or is invalid')).not.toBeInTheDocument();
  });

  it('sends a recovery link that lands on the home page on to the reset screen', async () => {
    window.localStorage.clear(); // a phone's browser that never saw SYS
    const { router } = renderApp('/?token_hash=fresh&type=recovery');
    expect(await screen.findByLabelText('New password', { selector: 'input' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/auth/reset');
    expect(fake.client.verifyOtp).toHaveBeenCalledWith({ type: 'recovery', token_hash: 'fresh' });
    // Signed in by the link, this browser counts as onboarded: Home will not send it to /onboarding.
    expect(window.localStorage.getItem('onboarded')).toBe('true');
  });

  it('after the recovery link, saves the new password and goes home', async () => {
    const { router, user } = renderApp('/auth/reset');
    await fake.client.listening();
    act(() => fake.client.emit('PASSWORD_RECOVERY', fakeSession()));

    const field = await screen.findByLabelText('New password', { selector: 'input' });
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await user.type(field, 'a-new-secret-7');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(fake.client.updateUser).toHaveBeenCalledWith({ password: 'a-new-secret-7' });
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(window.localStorage.getItem('has_account')).toBe('true');
  });

  it('keeps the form and says why when the server refuses the password', async () => {
    fake.client.updateUser.mockResolvedValueOnce({
      data: { user: null },
      error: new AuthApiError(
        'New password should be different from the old password.',
        422,
        'same_password',
      ),
    } as never);
    const { router, user } = renderApp('/auth/reset');
    await fake.client.listening();
    act(() => fake.client.emit('PASSWORD_RECOVERY', fakeSession()));
    await user.type(await screen.findByLabelText('New password', { selector: 'input' }), 'the-old-one');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Password update error')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'New password should be different from the old password.',
    );
    expect(router.location.pathname).toBe('/auth/reset');
  });

  it('shows the error the link came back with', async () => {
    window.history.replaceState(
      null,
      '',
      '/auth/reset?error=access_denied&error_description=Email+link+is+invalid+or+has+expired',
    );
    renderApp('/auth/reset');
    expect(await screen.findByText('Email link is invalid or has expired')).toBeInTheDocument();
    window.history.replaceState(null, '', '/');
  });

  it("says an expired link in the reader's language only (not the server's English under the Hebrew heading)", async () => {
    await i18n.changeLanguage('he');
    window.history.replaceState(
      null,
      '',
      '/auth/reset?error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    renderApp('/auth/reset');
    expect(
      await screen.findByRole('heading', { name: i18n.t('auth.reset.invalidTitle') }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Email link is invalid or has expired')).not.toBeInTheDocument();
    window.history.replaceState(null, '', '/');
    await i18n.changeLanguage('en');
  });
});
