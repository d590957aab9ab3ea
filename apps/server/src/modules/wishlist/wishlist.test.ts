import type { Post, SavedAlbumPage, SavedPostPage, SavedProductPage, WishlistSummary } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { publishPost } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
let alice: TestUser;
let bob: TestUser;
let post: Post;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  alice = await createUser(ctx.app);
  bob = await createUser(ctx.app);
  post = await publishPost(ctx.app, bob, {
    caption: 'Office day',
    items: [
      { item_type: 'Blazer', brand: 'Zara', link: 'https://shop.example.com/blazer', price: '249.90' },
      {
        item_type: 'Bag',
        brand: 'Coach',
        link: 'https://shop.example.com/bag',
        price: '120',
        currency: 'USD',
      },
    ],
  });
});
afterAll(() => ctx.close());

type SavedPage = SavedPostPage | SavedProductPage | SavedAlbumPage;

function call(method: 'GET' | 'PUT' | 'DELETE', url: string, user: TestUser | null) {
  return ctx.app.inject({ method, url: `/api/v1${url}`, headers: user ? user.headers : {} });
}

describe('saved products', () => {
  it('saves and unsaves a product, harmlessly twice, and marks it on the post', async () => {
    const [blazer, bag] = post.items;
    expect((await call('PUT', `/items/${blazer!.id}/save`, alice)).json()).toEqual({ saved: true });
    expect((await call('PUT', `/items/${blazer!.id}/save`, alice)).json()).toEqual({ saved: true });
    expect((await call('PUT', `/items/${bag!.id}/save`, alice)).json()).toEqual({ saved: true });

    const seen = (await call('GET', `/posts/${post.id}`, alice)).json() as Post;
    expect(seen.items.map((item) => item.saved_by_me)).toEqual([true, true]);
    const byOthers = (await call('GET', `/posts/${post.id}`, bob)).json() as Post;
    expect(byOthers.items.map((item) => item.saved_by_me)).toEqual([false, false]);

    expect((await call('DELETE', `/items/${bag!.id}/save`, alice)).json()).toEqual({ saved: false });
    expect((await call('DELETE', `/items/${bag!.id}/save`, alice)).json()).toEqual({ saved: false });
  });

  it('lists saved products with their post and price in their own currency', async () => {
    // The blazer, then the bag (the newest save is listed first).
    for (const item of post.items) await call('PUT', `/items/${item.id}/save`, alice);
    const page = (await call('GET', '/me/saved-products', alice)).json() as SavedProductPage;
    expect(page.items).toEqual([
      expect.objectContaining({
        post_id: post.id,
        post_media_url: post.media_url,
        item: expect.objectContaining({ brand: 'Coach', price: 120, currency: 'USD', saved_by_me: true }),
        author: expect.objectContaining({ id: bob.id }),
      }),
      expect.objectContaining({
        item: expect.objectContaining({ brand: 'Zara', price: 249.9, currency: 'ILS' }),
      }),
    ]);
    const firstOnly = (await call('GET', '/me/saved-products?limit=1', alice)).json() as SavedProductPage;
    const rest = (
      await call('GET', `/me/saved-products?limit=1&cursor=${firstOnly.next_cursor}`, alice)
    ).json() as SavedProductPage;
    expect([...firstOnly.items, ...rest.items].map((p) => p.item.brand)).toEqual(['Coach', 'Zara']);
    const found = (await call('GET', '/me/saved-products?q=BLAZ', alice)).json() as SavedProductPage;
    expect(found.items.map((p) => p.item.brand)).toEqual(['Zara']);
  });

  it('answers 404 for unknown items and 401 for visitors', async () => {
    expect((await call('PUT', '/items/00000000-0000-4000-8000-00000000beef/save', alice)).statusCode).toBe(
      404,
    );
    expect((await call('PUT', `/items/${post.items[0]!.id}/save`, null)).statusCode).toBe(401);
    expect((await call('GET', '/me/saved-products', null)).statusCode).toBe(401);
    expect((await call('GET', '/me/wishlist', null)).statusCode).toBe(401);
  });

  it('leave the wishlist when their item leaves its post', async () => {
    const carol = await createUser(ctx.app);
    const own = await publishPost(ctx.app, carol, {
      items: [{ brand: 'Gone Soon', link: 'https://shop.example.com/x' }],
    });
    await call('PUT', `/items/${own.items[0]!.id}/save`, alice);
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/posts/${own.id}`, headers: carol.headers });
    const page = (await call('GET', '/me/saved-products', alice)).json() as SavedProductPage;
    expect(page.items.map((p) => p.item.brand)).not.toContain('Gone Soon');
  });
});

describe('the See All pages', () => {
  it('count every saved post, product and album matching the search, on every page', async () => {
    const erin = await createUser(ctx.app);
    const looks = [];
    for (let i = 0; i < 3; i++) {
      looks.push(
        await publishPost(ctx.app, bob, {
          caption: i === 0 ? 'Velvet night' : `Plain ${i}`,
          items: [{ brand: i === 0 ? 'Velvet House' : `Plain ${i}`, link: `https://shop.example.com/v${i}` }],
        }),
      );
    }
    for (const look of looks) {
      await call('PUT', `/posts/${look.id}/save`, erin);
      await call('PUT', `/items/${look.items[0]!.id}/save`, erin);
    }
    for (const name of ['Velvet edit', 'Weekend', 'Office']) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/albums',
        headers: bob.headers,
        payload: { name, post_id: looks[0]!.id },
      });
      await call('PUT', `/albums/${created.json().id}/save`, erin);
    }

    for (const path of ['/me/saved-posts', '/me/saved-products', '/me/saved-albums']) {
      const first = (await call('GET', `${path}?limit=2`, erin)).json() as SavedPage;
      expect(first.items, path).toHaveLength(2);
      expect(first.total, path).toBe(3);
      const next = (
        await call('GET', `${path}?limit=2&cursor=${first.next_cursor}`, erin)
      ).json() as SavedPage;
      expect(next.items, path).toHaveLength(1);
      expect(next.total, path).toBe(3);
      const velvet = (await call('GET', `${path}?q=velvet`, erin)).json() as SavedPage;
      expect([velvet.items.length, velvet.total], path).toEqual([1, 1]);
      const none = (await call('GET', `${path}?q=nothing-like-this`, erin)).json() as SavedPage;
      expect(none, path).toEqual({ items: [], next_cursor: null, total: 0 });
    }

    // Unsaving changes the count at once.
    await call('DELETE', `/posts/${looks[1]!.id}/save`, erin);
    const after = (await call('GET', '/me/saved-posts', erin)).json() as SavedPostPage;
    expect(after.total).toBe(2);
  });
});

describe('the wishlist screen', () => {
  it('gives the first 6 posts, 5 products and 3 albums with the totals, and searches all three', async () => {
    const dana = await createUser(ctx.app);
    const many = [];
    for (let i = 0; i < 7; i++) {
      many.push(
        await publishPost(ctx.app, bob, {
          caption: i === 0 ? 'Denim special' : `Look ${i}`,
          items: [{ brand: i === 1 ? 'Denim Co' : `Brand ${i}`, link: `https://shop.example.com/${i}` }],
        }),
      );
    }
    for (const p of many) {
      await call('PUT', `/posts/${p.id}/save`, dana);
      await call('PUT', `/items/${p.items[0]!.id}/save`, dana);
    }
    for (const name of ['One', 'Two', 'Denim days', 'Four']) {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/albums',
        headers: bob.headers,
        payload: { name, post_id: many[0]!.id },
      });
      await call('PUT', `/albums/${created.json().id}/save`, dana);
    }

    const summary = (await call('GET', '/me/wishlist', dana)).json() as WishlistSummary;
    expect(summary.counts).toEqual({ posts: 7, products: 7, albums: 4 });
    expect(summary.posts).toHaveLength(6);
    expect(summary.products).toHaveLength(5);
    expect(summary.albums).toHaveLength(3);
    expect(summary.posts[0]!.id).toBe(many[6]!.id);

    const search = (await call('GET', '/me/wishlist?q=denim', dana)).json() as WishlistSummary;
    expect(search.counts).toEqual({ posts: 2, products: 1, albums: 1 });
    expect(search.posts.map((p) => p.id).sort()).toEqual([many[0]!.id, many[1]!.id].sort());
    expect(search.products.map((p) => p.item.brand)).toEqual(['Denim Co']);
    expect(search.albums.map((a) => a.name)).toEqual(['Denim days']);

    const savedPosts = (await call('GET', '/me/saved-posts?q=DENIM', dana)).json() as SavedPostPage;
    expect(savedPosts.items).toHaveLength(2);
    expect(savedPosts.total).toBe(2);
    const nothing = (await call('GET', '/me/wishlist?q=nothing-like-this', dana)).json() as WishlistSummary;
    expect(nothing).toEqual({
      posts: [],
      products: [],
      albums: [],
      counts: { posts: 0, products: 0, albums: 0 },
    });
  });
});
