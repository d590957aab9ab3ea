import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/context.ts';
import { uploadImage } from '../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../test/users.ts';
import { contentSecurityPolicy } from './security-headers.ts';

/** A stand-in for `apps/web/dist`: the shape Vite builds (no inline script), plus the PWA files. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sys-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>SYS</title><script type="module" src="/assets/index-1a2b.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-1a2b.js'), 'console.log("app")');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"SYS"}');
  return dir;
}

/** Splits a CSP header into directive -> sources. */
function directives(header: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const h = res.headers;
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(h['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(h['x-frame-options'], what).toBe('DENY');
  expect(h['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(h['permissions-policy'], what).toContain('camera=(self)');
  const csp = directives(h['content-security-policy'] as string | undefined);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('script-src'), what).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('connect-src'), what).toEqual(["'self'"]);
  // Plain HTTP without a proxy saying otherwise: no HSTS (a browser would ignore it, a proxy test would lie).
  expect(h['strict-transport-security'], what).toBeUndefined();
}

describe('security headers', () => {
  let ctx: TestApp;
  let dist: string;
  let alice: TestUser;
  beforeAll(async () => {
    dist = fakeWebDist();
    ctx = await createTestApp({ webDist: dist, authRateLimits: TEST_RATE_LIMITS });
    alice = await createUser(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('are on API answers, errors included', async () => {
    const cases: [string, InjectOptions, number][] = [
      ['health', { method: 'GET', url: '/api/health' }, 200],
      ['signed-in read', { method: 'GET', url: '/api/v1/profiles/me', headers: alice.headers }, 200],
      ['unknown API route', { method: 'GET', url: '/api/v1/nothing' }, 404],
      ['anonymous write', { method: 'POST', url: '/api/v1/posts', payload: {} }, 401],
      ['bad token', { method: 'GET', url: '/api/v1/posts', headers: { authorization: 'Bearer x' } }, 401],
      [
        'malformed JSON',
        {
          method: 'PATCH',
          url: '/api/v1/profiles/me',
          headers: { ...alice.headers, 'content-type': 'application/json' },
          payload: '{"bio":',
        },
        400,
      ],
      ['auth service', { method: 'GET', url: '/auth/v1/settings' }, 200],
      ['CORS preflight', { method: 'OPTIONS', url: '/api/v1/posts', headers: preflight() }, 204],
      ['API docs', { method: 'GET', url: '/api/docs/json' }, 200],
    ];
    for (const [what, request, status] of cases) {
      const res = await ctx.app.inject(request);
      expect(res.statusCode, what).toBe(status);
      expectSecurityHeaders(res, what);
    }
  });

  it("are on the web app's HTML, its static files and the service worker", async () => {
    for (const url of ['/', '/explore', '/assets/index-1a2b.js', '/sw.js', '/manifest.webmanifest']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res, url);
    }
  });

  it('are on media files', async () => {
    const image = await uploadImage(ctx.app, alice);
    const res = await ctx.app.inject({ method: 'GET', url: image.public_url });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res, image.public_url);
  });

  it('are on answers that take over the raw response (resumable uploads)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/storage/post-media/resumable',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', ...alice.headers },
    });
    expect(res.statusCode).toBe(201);
    expectSecurityHeaders(res, 'tus creation');
  });

  it('include HSTS only when the request came over TLS (as the proxy in front says)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const html = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(html.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('never allow inline or eval-ed scripts', () => {
    for (const config of [
      { storageDriver: 'local' as const },
      { storageDriver: 's3' as const, s3Endpoint: 'http://127.0.0.1:9000' },
    ]) {
      const csp = contentSecurityPolicy(config);
      const scriptSources = directives(csp).get('script-src') ?? [];
      expect(scriptSources).not.toContain("'unsafe-inline'");
      expect(scriptSources).not.toContain("'unsafe-eval'");
      expect(directives(csp).get('script-src-attr')).toEqual(["'none'"]);
      expect(directives(csp).get('default-src')).toEqual(["'self'"]);
    }
  });

  it('load images only from our own origin, data: and blob:', () => {
    for (const config of [
      { storageDriver: 'local' as const },
      { storageDriver: 's3' as const, s3Endpoint: 'http://127.0.0.1:9000' },
    ]) {
      expect(directives(contentSecurityPolicy(config)).get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    }
  });

  it('allow media from the S3 store when media live there', () => {
    const s3 = directives(
      contentSecurityPolicy({ storageDriver: 's3', s3Endpoint: 'http://127.0.0.1:9000/' }),
    );
    expect(s3.get('media-src')).toContain('http://127.0.0.1:9000');
    const local = directives(contentSecurityPolicy({ storageDriver: 'local', s3Endpoint: undefined }));
    expect(local.get('media-src')).toEqual(["'self'", 'blob:']);
  });
});

function preflight() {
  return {
    origin: 'https://example.com',
    'access-control-request-method': 'POST',
    'access-control-request-headers': 'authorization,content-type',
  };
}
