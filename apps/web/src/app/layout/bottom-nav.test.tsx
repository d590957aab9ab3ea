import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

function bottomNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

describe('bottom navigation', () => {
  it('marks the current tab and moves between tabs', async () => {
    const { router, user } = renderApp('/');
    await screen.findByRole('heading', { name: 'SYS' });
    expect(bottomNav().getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await user.click(bottomNav().getByRole('link', { name: 'Explore' }));
    expect(await screen.findByRole('heading', { name: 'Explore' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/explore');
    expect(bottomNav().getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
    expect(bottomNav().getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    await user.click(bottomNav().getByRole('link', { name: 'Wishlist' }));
    expect(await screen.findByRole('heading', { name: 'Wishlist' })).toBeInTheDocument();

    await user.click(bottomNav().getByRole('link', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/profile');
  });

  it('keeps Explore current on its sub-pages, but not Profile on other people’s profiles', async () => {
    renderApp('/explore/brands');
    await screen.findByRole('heading', { name: 'Popular Brands' });
    expect(bottomNav().getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
  });

  it('asks a signed-out visitor to sign up when they tap Create', async () => {
    const { router, user } = renderApp('/explore');
    await screen.findByRole('heading', { name: 'Explore' });

    await user.click(bottomNav().getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up to upload content' });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.location.pathname).toBe('/explore');

    await user.click(bottomNav().getByRole('button', { name: 'Create' }));
    const again = await screen.findByRole('dialog', { name: 'Sign up to upload content' });
    await user.click(within(again).getByRole('link', { name: 'Sign up' }));
    await waitFor(() => expect(router.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('heading', { name: 'Welcome to SYS' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows SIGN UP in the header when signed out', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'SIGN UP' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });
});
