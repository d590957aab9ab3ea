import type { Album, Post, SavedProduct, WishlistSummary } from '@sys/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/app/i18n';
import { apiErrorBody, fakeApi, withStatus } from '@/test/fake-api';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

// Someone is signed in.
installFakeAuthClient(fakeSession());

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
    let answer: ((summary: WishlistSummary) => void) | undefined;
    fakeApi({
      'GET /api/v1/me/wishlist': () => new Promise((resolve) => (answer = resolve)),
    });
    renderApp('/wishlist');
    expect(await screen.findByRole('heading', { name: 'Saved Posts' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Saved Products' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Saved Albums' })).toBeInTheDocument();
    expect(screen.queryByText('(0)')).not.toBeInTheDocument();

    // Answer only once the request has left; the headings can show before it does.
    await waitFor(() => expect(answer).toBeDefined());
    answer!(emptySummary({ posts: 1234, products: 0, albums: 2 }));
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
        [route]: () => (failing ? serverError() : { items: [], next_cursor: null, total: 0 }),
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

const author = {
  id: '00000000-0000-4000-8000-0000000000b1',
  username: 'noa.levi',
  display_name: null,
  avatar_url: null,
};
const at = new Date().toISOString();

const post: Post = {
  id: '00000000-0000-4000-8000-0000000000a1',
  caption: 'Linen day',
  media_url: '/media/look.jpg',
  media_type: 'image',
  visibility: 'public',
  created_at: at,
  updated_at: at,
  author,
  media: [
    {
      id: '00000000-0000-4000-8000-0000000000f1',
      media_url: '/media/look.jpg',
      media_type: 'image',
      media_order: 0,
      width: 800,
      height: 1000,
      placeholder: null,
      variants: [],
      status: 'ready',
      poster_url: null,
    },
  ],
  items: [],
  like_count: 0,
  comment_count: 0,
  liked_by_me: false,
  saved_by_me: true,
  following_author: false,
};

const product: SavedProduct = {
  item: {
    id: '00000000-0000-4000-8000-0000000000e1',
    item_type: 'Dress',
    brand: 'Zara',
    link: 'https://shop.example/dress',
    size: 'M',
    title: 'Linen dress',
    image_url: null,
    price: 129.9,
    currency: 'ILS',
    color: null,
    pattern: null,
    saved_by_me: true,
  },
  post_id: post.id,
  post_media_url: post.media_url,
  post_media_type: 'image',
  author,
  saved_at: at,
};

const album: Album = {
  id: '00000000-0000-4000-8000-0000000000c1',
  name: 'Summer',
  is_public: true,
  owner: author,
  post_count: 1,
  images: [],
  created_at: at,
  updated_at: at,
  saved_by_me: true,
};

describe('wishlist list pages count what they list', () => {
  it.each([
    ['/wishlist/posts', 'GET /api/v1/me/saved-posts', post, '1,234 saved posts', '1,234 פוסטים שמורים'],
    [
      '/wishlist/products',
      'GET /api/v1/me/saved-products',
      product,
      '1,234 saved products',
      '1,234 מוצרים שמורים',
    ],
    ['/wishlist/albums', 'GET /api/v1/me/saved-albums', album, '1,234 saved albums', '1,234 אלבומים שמורים'],
  ])(
    '%s shows the total of the first page, in English and Hebrew',
    async (path, route, item, english, hebrew) => {
      fakeApi({ [route]: () => ({ items: [item], next_cursor: 'next', total: 1234 }) });
      const { unmount } = renderApp(path);
      expect(await screen.findByRole('status')).toHaveTextContent(english);
      unmount();
      await i18n.changeLanguage('he');
      renderApp(path);
      expect(await screen.findByText(hebrew)).toBeInTheDocument();
    },
  );

  it('says one in the singular', async () => {
    fakeApi({ 'GET /api/v1/me/saved-posts': () => ({ items: [post], next_cursor: null, total: 1 }) });
    renderApp('/wishlist/posts');
    expect(await screen.findByText('1 saved post')).toBeInTheDocument();
  });
});
