import type { AddressInfo } from 'node:net';
import type { UploadResponse } from '@sys/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/context.ts';
import { uploadImage } from '../test/media.ts';
import { openEventStream } from '../test/sse.ts';
import { createUser, TEST_PASSWORD, TEST_RATE_LIMITS, type TestUser } from '../test/users.ts';

/*
 * Answers that carry tokens or someone's own data say `Cache-Control: no-store`, from one rule
 * (plugins/private-caching.ts): everything of the auth service, and every answer to a request with
 * credentials. Public answers keep their caching.
 */

const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };

let ctx: TestApp;
let user: TestUser;
let upload: UploadResponse;
beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  user = await createUser(ctx.app);
  upload = await uploadImage(ctx.app, user);
});
afterAll(() => ctx?.close());

const cacheControl = async (request: InjectOptions) => {
  const res = await ctx.app.inject(request);
  return { status: res.statusCode, cacheControl: res.headers['cache-control'], body: res.body };
};

describe('Cache-Control: no-store', () => {
  it('on the token grants and sign-up', async () => {
    const password = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: API_VERSION,
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(password.statusCode).toBe(200);
    expect(password.headers['cache-control']).toBe('no-store');
    const refresh = await cacheControl({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      headers: API_VERSION,
      payload: { refresh_token: password.json().refresh_token },
    });
    expect(refresh).toMatchObject({ status: 200, cacheControl: 'no-store' });
    const signup = await cacheControl({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: API_VERSION,
      payload: { email: 'cache@example.com', password: TEST_PASSWORD },
    });
    expect(signup).toMatchObject({ status: 200, cacheControl: 'no-store' });
  });

  it.each([
    ['/auth/v1/user'],
    ['/api/v1/profiles/me'],
    ['/api/v1/conversations'],
    ['/api/v1/me/wishlist'],
    ['/api/v1/me/unread-count'],
    ['/api/v1/posts?limit=5'],
  ])('on GET %s with the access token', async (url) => {
    const res = await cacheControl({ url, headers: { ...API_VERSION, ...user.headers } });
    expect(res.status, res.body).toBe(200);
    expect(res.cacheControl).toBe('no-store');
  });

  it('on a refusal of a bad token', async () => {
    const res = await cacheControl({
      url: '/api/v1/profiles/me',
      headers: { authorization: 'Bearer x.y.z' },
    });
    expect(res).toMatchObject({ status: 401, cacheControl: 'no-store' });
  });

  it('on a resumable upload, whose answer tus writes itself', async () => {
    const res = await cacheControl({
      method: 'POST',
      url: '/api/v1/storage/post-media/resumable',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '100', ...user.headers },
    });
    expect(res).toMatchObject({ status: 201, cacheControl: 'no-store' });
  });

  it("on a signed-in user's events stream, not on a visitor's", async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const signedIn = await openEventStream(baseUrl, `access_token=${user.accessToken}`);
    const visitor = await openEventStream(baseUrl, `profiles=${user.id}`);
    try {
      expect(signedIn.headers.get('cache-control')).toBe('no-store, no-transform');
      expect(visitor.headers.get('cache-control')).toBe('no-cache, no-transform');
    } finally {
      signedIn.close();
      visitor.close();
    }
  });
});

describe('public answers keep their caching', () => {
  it('a media file, with or without credentials', async () => {
    const path = new URL(upload.public_url, 'http://x').pathname;
    const visitor = await cacheControl({ url: path });
    expect(visitor.status).toBe(200);
    expect(visitor.cacheControl).toMatch(/^public, max-age=31536000/);
    const signedIn = await cacheControl({ url: path, headers: user.headers });
    expect(signedIn).toMatchObject({ status: 200, cacheControl: visitor.cacheControl });
  });

  it("the visitors' feed and the auth service's key set", async () => {
    expect(await cacheControl({ url: '/api/v1/posts?limit=5' })).toMatchObject({
      status: 200,
      cacheControl: 'no-cache',
    });
    expect(await cacheControl({ url: '/auth/v1/.well-known/jwks.json' })).toMatchObject({
      status: 200,
      cacheControl: 'public, max-age=600',
    });
  });
});
