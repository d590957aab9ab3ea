import type { Post, UploadResponse } from '@sys/shared';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio, thumbHashToAverageRGBA } from 'thumbhash';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { postBody, uploadRaw } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
let alice: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  alice = await createUser(ctx.app);
});
afterAll(() => ctx.close());

/** Uploads a solid-colour JPEG and publishes a post with it; returns the upload and the post's id. */
async function publishSolid(width: number, height: number, background: { r: number; g: number; b: number }) {
  const photo = await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const response = await uploadRaw(ctx.app, alice, photo);
  expect(response.statusCode).toBe(201);
  const upload = response.json() as UploadResponse;
  const published = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/posts',
    headers: alice.headers,
    payload: postBody([upload]),
  });
  expect(published.statusCode).toBe(201);
  return { upload, postId: (published.json() as Post).id };
}

const readPost = async (postId: string) => {
  const response = await ctx.app.inject({ url: `/api/v1/posts/${postId}` });
  expect(response.statusCode).toBe(200);
  return response.json() as Post;
};

describe('image placeholders', () => {
  it('computes a ThumbHash at upload whose colour and shape match the image, and returns it with the post', async () => {
    const { upload, postId } = await publishSolid(1200, 600, { r: 30, g: 90, b: 200 });
    const hash = Buffer.from(upload.placeholder ?? '', 'base64');
    // A ThumbHash is a couple of dozen bytes, base64 about 30 characters.
    expect(hash.length).toBeGreaterThan(4);
    expect(hash.length).toBeLessThanOrEqual(32);
    expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(2, 0);
    const average = thumbHashToAverageRGBA(hash);
    expect(average.r * 255).toBeCloseTo(30, -1.3);
    expect(average.g * 255).toBeCloseTo(90, -1.3);
    expect(average.b * 255).toBeCloseTo(200, -1.3);
    expect(average.a).toBe(1);

    const post = await readPost(postId);
    expect(post.media[0]!.placeholder).toBe(upload.placeholder);
    // The feed answers it too.
    const feed = await ctx.app.inject({ url: '/api/v1/posts' });
    const inFeed = (feed.json() as { items: Post[] }).items.find((p) => p.id === postId);
    expect(inFeed?.media[0]?.placeholder).toBe(upload.placeholder);
  });

  it('still serves media without a placeholder (rows from before ThumbHash)', async () => {
    const { postId } = await publishSolid(300, 400, { r: 240, g: 200, b: 40 });
    await ctx.app.database.query('update post_media set placeholder = null where post_id = $1', [postId]);
    const post = await readPost(postId);
    expect(post.media[0]).toMatchObject({ placeholder: null, width: 300, height: 400 });
  });

  it('serves the WebP variants as image/webp', async () => {
    const { upload } = await publishSolid(800, 1000, { r: 10, g: 160, b: 90 });
    expect(upload.variants.map((variant) => variant.width)).toEqual([320, 640]);
    for (const variant of upload.variants) {
      expect(variant.url).toMatch(/\.webp$/);
      const response = await ctx.app.inject({ url: variant.url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
    }
  });
});
