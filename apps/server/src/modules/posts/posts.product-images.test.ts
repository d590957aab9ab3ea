import type { SavedPost } from '@sys/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { type ImageShop, SHOP_PHOTO_EXIF_ARTIST, startImageShop } from '../../test/image-shop.ts';
import { postBody, uploadImage } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

/*
 * Product image links are stored as the author's own media when a post is saved, so that no browser ever
 * loads a shop's (or anyone's) address. The shop runs on 127.0.0.1, so the app allows private addresses
 * (SCRAPER_ALLOW_PRIVATE, as the e2e journeys do); scrape.test.ts checks that production's policy refuses
 * the same links.
 */

let shop: ImageShop;
let ctx: TestApp;
let alice: TestUser;

beforeAll(async () => {
  shop = await startImageShop();
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, scraperAllowPrivate: true });
  alice = await createUser(ctx.app);
});
afterAll(async () => {
  await ctx?.close();
  await shop?.close();
});

function item(imageUrl: string | null, extra: Record<string, unknown> = {}) {
  return {
    item_type: 'Dress',
    brand: 'Zara',
    link: 'https://shop.example.com/dress',
    image_url: imageUrl,
    ...extra,
  };
}

async function publish(app: TestApp, user: TestUser, items: unknown[]) {
  const media = [await uploadImage(app.app, user)];
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/v1/posts',
    headers: user.headers,
    payload: postBody(media, { items } as never),
  });
  return { response, saved: response.json() as SavedPost };
}

async function fetchMedia(app: TestApp, url: string) {
  const response = await app.app.inject({ method: 'GET', url });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.rawPayload };
}

const ownMediaOf = (user: TestUser) => new RegExp(`^/media/post-media/${user.id}/[^/]+\\.(jpg|png|webp)$`);

describe('product images when a post is published', () => {
  it('stores a linked image as the author’s media, EXIF stripped, and keeps our /media URL', async () => {
    const link = `${shop.origin}/photo.jpg`;
    const { response, saved } = await publish(ctx, alice, [item(link)]);
    expect(response.statusCode).toBe(201);
    expect(saved.dropped_item_images).toEqual([]);
    const imageUrl = saved.items[0]!.image_url!;
    expect(imageUrl).toMatch(ownMediaOf(alice));
    expect(JSON.stringify(saved)).not.toContain(shop.origin);

    const stored = await fetchMedia(ctx, imageUrl);
    expect(stored.status).toBe(200);
    expect(stored.type).toBe('image/jpeg');
    expect(stored.body.includes(SHOP_PHOTO_EXIF_ARTIST)).toBe(false);
    const metadata = await sharp(stored.body).metadata();
    expect(metadata.exif).toBeUndefined();
    expect([metadata.width, metadata.height]).toEqual([80, 100]);

    // Read back as everyone sees it.
    const read = await ctx.app.inject({ method: 'GET', url: `/api/v1/posts/${saved.id}` });
    expect(read.json().items[0].image_url).toBe(imageUrl);
    expect(read.json()).not.toHaveProperty('dropped_item_images');
  });

  it('types the image by its bytes, follows redirects, and fetches a link used twice once', async () => {
    const before = shop.hits.get('/other.png') ?? 0;
    const { response, saved } = await publish(ctx, alice, [
      item(`${shop.origin}/other.png`),
      item(`${shop.origin}/other.png`, { brand: 'Mango' }),
      item(`${shop.origin}/redirect-to-photo`),
    ]);
    expect(response.statusCode).toBe(201);
    expect(saved.dropped_item_images).toEqual([]);
    const [first, second, third] = saved.items.map((i) => i.image_url!);
    expect(first).toMatch(ownMediaOf(alice));
    expect(second).toBe(first);
    expect(third).toMatch(ownMediaOf(alice));
    expect((await fetchMedia(ctx, first!)).type).toBe('image/png');
    expect(shop.hits.get('/other.png')).toBe(before + 1);
  });

  it('saves the post without an image that is not one, and says which', async () => {
    const { response, saved } = await publish(ctx, alice, [
      item(`${shop.origin}/photo.jpg`),
      item(`${shop.origin}/not-image`),
      item(`${shop.origin}/fake.jpg`),
      item(`${shop.origin}/missing.jpg`),
    ]);
    expect(response.statusCode).toBe(201);
    expect(saved.items.map((i) => i.image_url === null)).toEqual([false, true, true, true]);
    expect(saved.dropped_item_images).toEqual([
      { index: 1, url: `${shop.origin}/not-image`, reason: 'The link is not an image' },
      { index: 2, url: `${shop.origin}/fake.jpg`, reason: 'The link is not an image SYS can show' },
      { index: 3, url: `${shop.origin}/missing.jpg`, reason: 'The shop answered with status 404' },
    ]);
    const [row] = await ctx.app.database.query<{ images: (string | null)[] }>(
      'select array_agg(image_url order by item_order) as images from post_items where post_id = $1',
      [saved.id],
    );
    expect(row!.images.slice(1)).toEqual([null, null, null]);
  });

  it('keeps an image already on our /media as it is', async () => {
    const own = await uploadImage(ctx.app, alice);
    const { response, saved } = await publish(ctx, alice, [item(own.public_url)]);
    expect(response.statusCode).toBe(201);
    expect(saved.items[0]!.image_url).toBe(own.public_url);
    expect(saved.dropped_item_images).toEqual([]);
  });
});

describe('product images when a post is edited', () => {
  it('stores a new linked image, keeps one already on the post, and removes the one replaced', async () => {
    const { saved } = await publish(ctx, alice, [
      item(`${shop.origin}/photo.jpg`),
      item(`${shop.origin}/other.png`),
    ]);
    const [kept, replaced] = saved.items;
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${saved.id}`,
      headers: alice.headers,
      payload: {
        items: [
          { id: kept!.id, ...item(kept!.image_url) },
          { id: replaced!.id, ...item(`${shop.origin}/redirect-to-photo`) },
          item(`${shop.origin}/not-image`),
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const edited = response.json() as SavedPost;
    expect(edited.items[0]!.image_url).toBe(kept!.image_url);
    expect(edited.items[1]!.image_url).toMatch(ownMediaOf(alice));
    expect(edited.items[1]!.image_url).not.toBe(replaced!.image_url);
    expect(edited.items[2]!.image_url).toBeNull();
    expect(edited.dropped_item_images).toEqual([
      { index: 2, url: `${shop.origin}/not-image`, reason: 'The link is not an image' },
    ]);
    const stored = await fetchMedia(ctx, edited.items[1]!.image_url!);
    expect(stored.status).toBe(200);
    expect((await sharp(stored.body).metadata()).exif).toBeUndefined();
    // The image no item shows any more went with the edit.
    expect((await fetchMedia(ctx, replaced!.image_url!)).status).toBe(404);
  });

  it('stores an old row’s external link when the post is saved again', async () => {
    const { saved } = await publish(ctx, alice, [item(null)]);
    // A row from before images were stored: the shop's link itself.
    await ctx.app.database.query('update post_items set image_url = $1 where post_id = $2', [
      `${shop.origin}/photo.jpg`,
      saved.id,
    ]);
    const old = saved.items[0]!;
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${saved.id}`,
      headers: alice.headers,
      payload: { items: [{ id: old.id, ...item(`${shop.origin}/photo.jpg`) }] },
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as SavedPost).items[0]!.image_url).toMatch(ownMediaOf(alice));
  });

  it('answers an edit without items with no dropped images', async () => {
    const { saved } = await publish(ctx, alice, [item(`${shop.origin}/photo.jpg`)]);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${saved.id}`,
      headers: alice.headers,
      payload: { caption: 'New words' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ caption: 'New words', dropped_item_images: [] });
  });
});
