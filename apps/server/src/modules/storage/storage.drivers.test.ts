import { Readable } from 'node:stream';
import type { Post, UploadResponse } from '@sys/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makeJpeg, makeMp4Bytes, postBody, uploadRaw } from '../../test/media.ts';
import { type LocalS3, startLocalS3 } from '../../test/s3rver.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

/*
 * The same storage behaviour on both drivers: local disk, and S3 against a local S3-compatible server
 * (s3rver). Everything goes through the app, so `/media/*` serving is covered on both.
 */
describe.each(['local', 's3'] as const)('storage driver: %s', (driver) => {
  let s3: LocalS3 | undefined;
  let ctx: TestApp;
  let user: TestUser;
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

  beforeAll(async () => {
    s3 = driver === 's3' ? await startLocalS3() : undefined;
    ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, ...(s3?.config ?? {}) });
    user = await createUser(ctx.app);
  });
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
  });

  it('stores a file and serves it with long-lived caching and byte ranges', async () => {
    expect(ctx.app.services.fileStore.driver).toBe(driver);
    const stored = await ctx.app.services.fileStore.put('avatars/p1/avatar.webp', bytes, 'image/webp');
    expect(stored).toEqual({ path: 'avatars/p1/avatar.webp', url: '/media/avatars/p1/avatar.webp' });
    expect(await ctx.app.services.fileStore.exists(stored.path)).toBe(true);
    expect(ctx.app.services.fileStore.pathFromUrl(stored.url)).toBe(stored.path);

    const whole = await ctx.app.inject({ url: stored.url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/webp');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const part = await ctx.app.inject({ url: stored.url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('streams a large file in without holding it, and removes folders', async () => {
    // 20 MB in 1 MB chunks: several parts of a multipart upload on S3.
    const chunk = (i: number) => Buffer.alloc(1024 * 1024, i);
    const source = Readable.from(Array.from({ length: 20 }, (_, i) => chunk(i)));
    const stored = await ctx.app.services.fileStore.putStream('post-media/u1/big.mp4', source, 'video/mp4');
    const served = await ctx.app.inject({ url: stored.url, headers: { range: 'bytes=5242880-5242889' } });
    expect(served.statusCode).toBe(206);
    expect(served.rawPayload.equals(Buffer.alloc(10, 5))).toBe(true);

    await ctx.app.services.fileStore.put('post-media/u1/a.jpg', bytes, 'image/jpeg');
    await ctx.app.services.fileStore.remove('post-media/u1');
    expect(await ctx.app.services.fileStore.exists('post-media/u1/a.jpg')).toBe(false);
    expect(await ctx.app.services.fileStore.exists('post-media/u1/big.mp4')).toBe(false);
    expect((await ctx.app.inject({ url: stored.url })).statusCode).toBe(404);
    await ctx.app.services.fileStore.remove('post-media/never-existed');
  });

  it('refuses keys that could leave the store', async () => {
    for (const path of ['../secret', '/etc/passwd', 'a//b', 'a/./b', '']) {
      await expect(ctx.app.services.fileStore.put(path, bytes, 'image/webp')).rejects.toThrow(
        /Invalid storage path/,
      );
    }
    expect(ctx.app.services.fileStore.pathFromUrl('/media/a/../../b')).toBeNull();
    expect(ctx.app.services.fileStore.pathFromUrl('https://elsewhere.example.com/media/a')).toBeNull();
  });

  it('takes uploads, serves their variants and removes them with the post', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#48c' } })
      .jpeg()
      .toBuffer();
    const image = (await uploadRaw(ctx.app, user, photo)).json() as UploadResponse;
    expect(image.variants.map((v) => v.width)).toEqual([320, 640]);
    for (const url of [image.public_url, ...image.variants.map((v) => v.url)]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(200);
    }
    const video = makeMp4Bytes(50_000);
    const clip = (
      await uploadRaw(ctx.app, user, video, { contentType: 'video/mp4' })
    ).json() as UploadResponse;
    expect((await ctx.app.inject({ url: clip.public_url })).rawPayload.equals(video)).toBe(true);

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/posts',
      headers: user.headers,
      payload: postBody([image, clip]),
    });
    expect(created.statusCode).toBe(201);
    const post = created.json() as Post;
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${post.id}`,
      headers: user.headers,
    });
    expect(removed.statusCode).toBe(204);
    for (const url of [image.public_url, ...image.variants.map((v) => v.url), clip.public_url]) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);
    }
    expect((await uploadRaw(ctx.app, user, Buffer.from('#!/bin/sh'))).statusCode).toBe(415);
    expect((await uploadRaw(ctx.app, user, await makeJpeg(), { bucket: 'avatars' })).statusCode).toBe(201);
  });
});

describe('STORAGE_DRIVER=s3 configuration', () => {
  it('needs a bucket', async () => {
    await expect(createTestApp({ storageDriver: 's3' })).rejects.toThrow(
      'S3_BUCKET is required when STORAGE_DRIVER=s3',
    );
  });
});
