import type { WishlistSummary } from '@sys/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

// Someone is signed in.
vi.mock('@/lib/load-auth-client', async () => {
  const { createFakeAuthClient, fakeSession } = await import('@/test/fake-auth-client');
  const client = createFakeAuthClient(fakeSession());
  return { loadAuthClient: async () => client };
});

const emptySummary = (counts: WishlistSummary['counts']): WishlistSummary => ({
  posts: [],
  products: [],
  albums: [],
  counts,
});

const serverError = () => withStatus(500, apiErrorBody('internal', 'Internal Server Error'));

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/wishlist', () => {
  it('shows no section count until the summary has arrived, then the counts', async () => {
    let answer: (summary: WishlistSummary) => void = () => undefined;
    fakeApi({
      'GET /api/v1/me/wishlist': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/wishlist');
    expect(await screen.findByRole('heading', { name: 'Saved Posts' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Saved Products' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Saved Albums' })).toBeInTheDocument();
    expect(screen.queryByText('(0)')).not.toBeInTheDocument();

    answer(emptySummary({ posts: 1234, products: 0, albums: 2 }));
    expect(await screen.findByRole('heading', { name: 'Saved Posts (1,234)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Saved Products (0)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Saved Albums (2)' })).toBeInTheDocument();
  });

  it('says the wishlist could not be loaded (not that it is empty) and loads it again on Try again', async () => {
    let failing = true;
    fakeApi({
      'GET /api/v1/me/wishlist': () =>
        failing ? serverError() : emptySummary({ posts: 0, products: 0, albums: 0 }),
    });
    const { user } = renderApp('/wishlist');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Your wishlist could not be loaded');
    expect(screen.queryByText('No saved posts yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Saved Posts/ })).not.toBeInTheDocument();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No saved posts yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('wishlist list pages', () => {
  it.each([
    [
      '/wishlist/posts',
      'GET /api/v1/me/saved-posts',
      'Your saved posts could not be loaded',
      'No saved posts yet',
    ],
    [
      '/wishlist/products',
      'GET /api/v1/me/saved-products',
      'Your saved products could not be loaded',
      'No saved products yet',
    ],
    [
      '/wishlist/albums',
      'GET /api/v1/me/saved-albums',
      'Your saved albums could not be loaded',
      'No saved albums yet',
    ],
  ])(
    '%s: a failed load is an error with Try again, not the empty state',
    async (path, route, error, empty) => {
      let failing = true;
      fakeApi({
        [route]: () => (failing ? serverError() : { items: [], nextCursor: null, total: 0 }),
      });
      const { user } = renderApp(path);
      const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
      expect(alert).toHaveTextContent(error);
      expect(screen.queryByText(empty)).not.toBeInTheDocument();

      failing = false;
      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText(empty)).toBeInTheDocument();
    },
  );
});
