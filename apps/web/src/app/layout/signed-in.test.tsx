import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

// Someone is signed in.
installFakeAuthClient(fakeSession());

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

describe('signed in', () => {
  it('opens the post form from Create, then signs out from the header', async () => {
    const { router, user } = renderApp('/');
    const signOut = await screen.findByRole('button', { name: 'Sign out' });
    expect(screen.queryByRole('link', { name: 'SIGN UP' })).not.toBeInTheDocument();

    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    await user.click(nav.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('heading', { name: 'Create Post' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create-post');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(signOut);
    expect(await screen.findByText('Signed out successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'SIGN UP' })).toBeInTheDocument());
  });
});
