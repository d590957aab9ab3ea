import type { Factor } from '@supabase/auth-js';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserPush, uninstallBrowserPush } from '@/test/browser-push';
import { fakeApi } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

const fake = { client: installFakeAuthClient(null) };

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>';

function factor(status: 'verified' | 'unverified', id = 'factor-1'): Factor {
  return {
    id,
    factor_type: 'totp',
    status,
    friendly_name: undefined,
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
  } as Factor;
}

function listing(factors: Factor[]) {
  return {
    data: { all: factors, totp: factors.filter((f) => f.status === 'verified'), phone: [], webauthn: [] },
    error: null,
  } as never;
}

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  fake.client.emit('SIGNED_OUT', null);
  vi.resetAllMocks();
});

async function openSignedIn() {
  const view = renderApp('/settings/security');
  await fake.client.listening();
  act(() => fake.client.emit('SIGNED_IN', fakeSession()));
  await screen.findByRole('heading', { name: 'Two-step verification' });
  return view;
}

describe('/settings/security', () => {
  it('asks a signed-out visitor to sign in', async () => {
    renderApp('/settings/security');
    expect(await screen.findByText('Sign in to see your security settings')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?tab=sign-in');
  });

  it('sets up an authenticator app: QR code, key, first code', async () => {
    fake.client.mfa.listFactors
      .mockResolvedValueOnce(listing([])) // the screen's list
      .mockResolvedValueOnce(listing([factor('unverified', 'stale')])) // before enrolling
      .mockResolvedValue(listing([factor('verified')]));
    fake.client.mfa.enroll.mockResolvedValueOnce({
      data: {
        id: 'factor-1',
        type: 'totp',
        friendly_name: '',
        totp: {
          qr_code: `data:image/svg+xml;utf-8,${SVG}`,
          secret: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/x',
        },
      },
      error: null,
    });
    const { user } = await openSignedIn();
    // The notifications section has an Off pill of its own (push is unsupported in jsdom), and it may
    // appear first on a busy machine: read the pill of this section only.
    const twoStep = screen.getByRole('region', { name: 'Two-step verification' });
    expect(await within(twoStep).findByText('Off')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    const qr = await screen.findByRole('img', { name: 'QR code to add SYS to your authenticator app' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(SVG)}`);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    // The abandoned set-up was removed first; the new one is for SYS.
    expect(fake.client.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'stale' });
    expect(fake.client.mfa.enroll).toHaveBeenCalledWith({ factorType: 'totp', issuer: 'SYS' });

    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByLabelText('3. Enter the 6-digit code the app shows')).toHaveAccessibleDescription(
      /^Enter the 6 digits of the code\.\s*$/,
    );
    await user.type(screen.getByLabelText('3. Enter the 6-digit code the app shows'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(fake.client.mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'factor-1', code: '123456' });
    expect(await screen.findByText('Two-step verification is on')).toBeInTheDocument();
    expect(await within(twoStep).findByText('On')).toBeInTheDocument();
    expect(within(twoStep).getByText('Authenticator app')).toBeInTheDocument();
  });

  it('turns two-step verification off after confirming', async () => {
    fake.client.mfa.listFactors
      .mockResolvedValueOnce(listing([factor('verified')]))
      .mockResolvedValue(listing([]));
    const { user } = await openSignedIn();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    expect(fake.client.mfa.unenroll).toHaveBeenCalledWith({ factorId: 'factor-1' });
    expect(fake.client.refreshSession).toHaveBeenCalled();
    expect(await screen.findByText('Two-step verification is off')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeInTheDocument(),
    );
  });

  it('signs out the other devices', async () => {
    fake.client.mfa.listFactors.mockResolvedValue(listing([]));
    const { user } = await openSignedIn();
    await user.click(screen.getByRole('button', { name: 'Sign out other devices' }));
    // One tap only asks: nothing is signed out until the person confirms; Cancel changes nothing.
    let dialog = await screen.findByRole('alertdialog', { name: 'Sign out your other devices?' });
    expect(fake.client.signOut).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(fake.client.signOut).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Sign out other devices' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Sign out your other devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(fake.client.signOut).toHaveBeenCalledWith({ scope: 'others' });
    expect(fake.client.signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Signed out on your other devices')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('notifications: says when this browser cannot have them', async () => {
    await openSignedIn();
    const section = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(section).findByText(/This browser can't show notifications/)).toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('notifications: turns this device on and off', async () => {
    const browser = installBrowserPush({ installed: false });
    const api = fakeApi({
      'GET /api/v1/push/public-key': () => ({ public_key: 'BAAA' }),
      'POST /api/v1/push/subscriptions': () => ({ subscribed: true }),
      'DELETE /api/v1/push/subscriptions': () => ({ subscribed: false }),
    });
    try {
      const { user } = await openSignedIn();
      const section = screen.getByRole('region', { name: 'Notifications' });
      await user.click(await within(section).findByRole('button', { name: 'Turn on notifications' }));
      expect(await within(section).findByRole('button', { name: 'Turn off notifications' })).toBeEnabled();
      expect(within(section).getByText('On')).toBeInTheDocument();
      expect(browser.notification.requestPermission).toHaveBeenCalledOnce();
      await user.click(within(section).getByRole('button', { name: 'Turn off notifications' }));
      expect(await within(section).findByRole('button', { name: 'Turn on notifications' })).toBeEnabled();
      const calls = api.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
      expect(calls).toEqual(
        expect.arrayContaining(['POST /api/v1/push/subscriptions', 'DELETE /api/v1/push/subscriptions']),
      );
    } finally {
      uninstallBrowserPush();
    }
  });
});
