import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';

/** A window `px` wide, as matchMedia answers min-width queries in rem (16 px). */
function setWindowWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const rem = /min-width:\s*([\d.]+)rem/.exec(query)?.[1];
    return {
      matches: rem !== undefined && px >= Number(rem) * 16,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    };
  });
}

function mainNav() {
  // One navigation landmark at any width: the bar or the rail, never both.
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('navigation rail', () => {
  it('replaces the bottom bar from tablet width, with Messages among its destinations', async () => {
    setWindowWidth(768);
    const { router, user } = renderApp('/explore');
    // The file's first screen loads its modules cold: on a busy machine that can take over 5 s.
    await screen.findByRole('heading', { name: 'Explore' }, { timeout: 15_000 });
    const links = mainNav()
      .getAllByRole('link')
      .map((link) => link.getAttribute('aria-label') ?? link.textContent);
    expect(links).toEqual(['SYS home', 'Home', 'Explore', 'Wishlist', 'Messages', 'Profile']);
    expect(mainNav().getByRole('button', { name: 'Create' })).toBeInTheDocument();
    expect(mainNav().getByRole('link', { name: 'Explore' })).toHaveAttribute('aria-current', 'page');
    expect(mainNav().getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    await user.click(mainNav().getByRole('link', { name: 'Messages' }));
    await waitFor(() => expect(router.location.pathname).toBe('/messages'));
    await waitFor(() =>
      expect(mainNav().getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page'),
    );
  });

  it('keeps the bottom bar, without Messages, on a phone', async () => {
    setWindowWidth(412);
    renderApp('/');
    await screen.findByRole('heading', { name: 'SYS' });
    expect(mainNav().queryByRole('link', { name: 'Messages' })).not.toBeInTheDocument();
    expect(
      mainNav()
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Explore', 'Wishlist', 'Profile']);
  });

  it('asks a signed-out visitor to sign up when they choose Create in the rail', async () => {
    setWindowWidth(1280);
    const { router, user } = renderApp('/explore');
    await screen.findByRole('heading', { name: 'Explore' });
    await user.click(mainNav().getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign up to upload content' });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.location.pathname).toBe('/explore');
  });
});
