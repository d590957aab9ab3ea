import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithRoutes, fillPath, type TestAppWithRoutes, WRITE_METHODS } from '../test/routes.ts';
import { TEST_RATE_LIMITS } from '../test/users.ts';

/** The app's limit for every request body except uploads (app.ts `bodyLimit`). */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Uploads stream the file with their own limit (UPLOAD_MAX_BYTES, tested in storage.upload.test.ts). */
const isUpload = (url: string) => url.startsWith('/api/v1/storage/');

let ctx: TestAppWithRoutes;
beforeAll(async () => {
  ctx = await createTestAppWithRoutes({ authRateLimits: TEST_RATE_LIMITS });
});
afterAll(() => ctx?.close());

describe('the body size limit', () => {
  it('refuses a body over 1 MB on every route that takes one, before any handler runs', async () => {
    const routes = ctx.routes.filter((route) => WRITE_METHODS.has(route.method) && !isUpload(route.url));
    expect(routes.length).toBeGreaterThan(50);
    const oversized = JSON.stringify({ text: 'x'.repeat(BODY_LIMIT_BYTES) });
    for (const type of ['application/json', 'application/x-www-form-urlencoded']) {
      for (const route of routes) {
        const res = await ctx.app.inject({
          method: route.method as 'POST',
          url: fillPath(route.url, {}, '00000000-0000-4000-8000-000000000000'),
          headers: { 'content-type': type },
          payload: oversized,
        });
        // 415 where a route takes no such type; 401 where the credential is checked before the body is
        // read (the admin API); never accepted, never a server error.
        const what = `${route.key} ${type}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect([401, 413, 415], what).toContain(res.statusCode);
        if (type === 'application/json') expect(res.statusCode, what).not.toBe(415);
      }
    }
  });

  it('still takes a body just under the limit', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/albums',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', padding: ' '.repeat(BODY_LIMIT_BYTES - 100) }),
    });
    // Parsed (then refused as anonymous), not cut off as too large.
    expect(res.statusCode).toBe(401);
  });
});
