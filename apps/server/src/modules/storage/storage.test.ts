import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import type { LocalStorage } from './storage.local.ts';

describe('local storage and /media', () => {
  let ctx: TestApp;
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('stores a file and serves it at its public URL with long-lived caching', async () => {
    const stored = await ctx.app.services.fileStore.put('avatars/p1/avatar.webp', bytes, 'image/webp');
    expect(stored).toEqual({ path: 'avatars/p1/avatar.webp', url: '/media/avatars/p1/avatar.webp' });
    const res = await ctx.app.inject({ method: 'GET', url: stored.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers range requests', async () => {
    await ctx.app.services.fileStore.put('videos/clip.mp4', bytes, 'video/mp4');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/media/videos/clip.mp4',
      headers: { range: 'bytes=100-199' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
  });

  it('removes a folder and everything in it', async () => {
    await ctx.app.services.fileStore.put('avatars/p2/a.webp', bytes, 'image/webp');
    await ctx.app.services.fileStore.remove('avatars/p2');
    const res = await ctx.app.inject({ method: 'GET', url: '/media/avatars/p2/a.webp' });
    expect(res.statusCode).toBe(404);
    await ctx.app.services.fileStore.remove('avatars/never-existed');
  });

  it('refuses keys that could leave the media folder', async () => {
    for (const path of ['../secret', '/etc/passwd', 'a//b', 'a/./b', '', 'a\\b']) {
      await expect(ctx.app.services.fileStore.put(path, bytes, 'image/webp')).rejects.toThrow(
        /Invalid storage path/,
      );
    }
  });

  it('does not serve files outside the media folder', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/media/..%2f..%2fpackage.json' });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('keeps the media of an app without a data directory in a temporary folder removed on close', async () => {
    const other = await createTestApp();
    const root = (other.app.services.fileStore as LocalStorage).root;
    expect(existsSync(root)).toBe(true);
    await other.close();
    expect(existsSync(root)).toBe(false);
  });
});
