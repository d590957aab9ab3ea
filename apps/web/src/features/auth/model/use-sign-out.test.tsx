import { AuthApiError } from '@supabase/auth-js';
import { LOCAL_STORAGE_KEYS } from '@sys/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

async function signedIn() {
  const view = renderApp('/');
  await fake.client.listening();
  act(() => fake.client.emit('SIGNED_IN', fakeSession()));
  return { ...view, signOut: await screen.findByRole('button', { name: 'Sign out' }) };
}

/** The header's icon asks first ('Sign out?'); its Sign out confirms. */
async function confirmSignOut(user: ReturnType<typeof renderApp>['user'], icon: HTMLElement) {
  await user.click(icon);
  const dialog = await screen.findByRole('alertdialog', { name: 'Sign out?' });
  await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
}

describe('the header’s sign-out', () => {
  it("says 'Signed out successfully' and shows SIGN UP again", async () => {
    const { user, signOut } = await signedIn();
    await confirmSignOut(user, signOut);
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'SIGN UP' })).toBeInTheDocument();
  });

  it('forgets an unpublished post draft, so the next person on this device never sees it', async () => {
    const { user, signOut } = await signedIn();
    window.localStorage.setItem(
      LOCAL_STORAGE_KEYS.postDraft,
      JSON.stringify({ version: 1, owner: fakeSession().user.id, caption: 'Not for the next person' }),
    );
    await confirmSignOut(user, signOut);
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.postDraft)).toBeNull();
  });

  it('keeps the draft when signing out fails: nothing changed', async () => {
    fake.client.signOut.mockResolvedValueOnce({
      error: new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'),
    });
    const { user, signOut } = await signedIn();
    window.localStorage.setItem(
      LOCAL_STORAGE_KEYS.postDraft,
      JSON.stringify({ version: 1, caption: 'Mine' }),
    );
    await confirmSignOut(user, signOut);
    expect(await screen.findByText('Sign out error')).toBeInTheDocument();
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEYS.postDraft)).not.toBeNull();
  });

  it("says 'Sign out error' with the server's message, and stays signed in", async () => {
    fake.client.signOut.mockResolvedValueOnce({
      error: new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'),
    });
    const { user, signOut } = await signedIn();
    await confirmSignOut(user, signOut);
    expect(await screen.findByText('Sign out error')).toBeInTheDocument();
    expect(screen.getByText('Request rate limit reached')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('follows a sign-out in another tab (auth-js reports it as SIGNED_OUT)', async () => {
    await signedIn();
    act(() => fake.client.emit('SIGNED_OUT', null));
    expect(await screen.findByRole('link', { name: 'SIGN UP' })).toBeInTheDocument();
  });
});
