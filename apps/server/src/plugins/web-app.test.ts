import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/context.ts';
import { publishPost } from '../test/media.ts';
import { createUser } from '../test/users.ts';
import { createIndexHtmlRenderer } from './web-app.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>SYS</title></head><body><div id="root"></div></body></html>';

/** A stand-in for `apps/web/dist`, so these tests do not depend on building the web app. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sys-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'index-3f9a1c.js'), 'console.log("app")');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"SYS"}');
  return dir;
}

describe('serving the built web app', () => {
  let ctx: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebDist();
    ctx = await createTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/explore/brands/x',
    '/explore/',
    '/EXPLORE/Trending',
    '/auth',
    '/auth?tab=signup',
    '/onboarding',
    '/profile',
    '/settings/security',
  ])('answers %s with the app, revalidated on every visit', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });

  it.each([
    '/no/such/page',
    '/index.html',
    '/explore/nothing',
    '/post',
    '/profile/a/b',
    '/post/abc',
    '/post/5b0e3c9e-7a4b-4c39-9f7e-0a3c1e2d4f5a',
    '/Post/5b0e3c9e-7a4b-4c39-9f7e-0a3c1e2d4f5a',
    '/profile/nobody-by-this-name',
    '/profile/nobody-by-this-name/posts',
    '/profile/a/posts/x',
    '/no/such/page?x=1',
  ])('answers %s, which shows no page or nothing that exists, with the app and 404', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    // The app itself shows 'Oops! Page not found' (or 'Post not found', 'User not found').
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX_HTML);
  });

  it('answers the page of an existing post or profile with 200, in any letter case of the route', async () => {
    const user = await createUser(ctx.app);
    const post = await publishPost(ctx.app, user);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/profiles/me', headers: user.headers });
    const { username } = me.json() as { username: string };
    for (const url of [
      `/post/${post.id}`,
      `/POST/${post.id}`,
      `/post/${post.id}/`,
      `/profile/${username}`,
      `/Profile/${encodeURIComponent(username)}`,
      `/profile/${username}/posts`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('lets hashed assets be cached for a year', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/index-3f9a1c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe('console.log("app")');
  });

  it.each(['/sw.js', '/manifest.webmanifest'])('revalidates %s on every visit', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing hashed asset with 404, not with the app', async () => {
    for (const url of ['/assets/index-old.js', '/assets/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('keeps API and media misses as JSON 404s', async () => {
    for (const url of [
      '/api/nothing',
      '/media/nothing.webp',
      '/auth/v1/nothing-here',
      '/functions/v1/nope',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('renders extra head tags into the cached index.html', () => {
    const renderIndexHtml = createIndexHtmlRenderer(INDEX_HTML);
    const html = renderIndexHtml('<meta property="og:title" content="Look">');
    expect(html).toContain('<meta property="og:title" content="Look"></head>');
    expect(renderIndexHtml()).toBe(INDEX_HTML);
  });
});

describe('without a built web app', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ webDist: join(tmpdir(), 'sys-no-such-web-dist') });
  });
  afterAll(() => ctx.close());

  it('still starts and serves the API', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });

  it('answers pages with a 503 that says how to build it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/post/abc' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('web app is not built');
    expect(res.body).toContain('npm run build');
  });
});
