import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/context.ts';

/**
 * Per-IP rate limits count the address Fastify derives from X-Forwarded-For, so whom the server believes
 * decides whether a client can pick its own address. Checked through the auth token limit (one attempt
 * per address here): a second attempt from the same address is refused, from another one it is not.
 */

const signIn = (ctx: TestApp, remoteAddress: string, forwardedFor: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    remoteAddress,
    headers: { 'x-supabase-api-version': '2024-01-01', 'x-forwarded-for': forwardedFor },
    payload: { email: 'nobody@example.com', password: 'wrong password' },
  });

describe('TRUST_PROXY', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ authRateLimits: { token: { limit: 1, windowSeconds: 300 } } });
  });
  afterAll(() => ctx.close());

  it('ignores X-Forwarded-For from a client that is not a trusted proxy (default: loopback only)', async () => {
    expect((await signIn(ctx, '203.0.113.50', '198.51.100.1')).statusCode).toBe(400);
    // A new made-up address does not get the client a fresh allowance.
    expect((await signIn(ctx, '203.0.113.50', '198.51.100.2')).statusCode).toBe(429);
  });

  it('takes the client address a proxy on this machine forwards', async () => {
    expect((await signIn(ctx, '127.0.0.1', '198.51.100.20')).statusCode).toBe(400);
    expect((await signIn(ctx, '127.0.0.1', '198.51.100.21')).statusCode).toBe(400);
    expect((await signIn(ctx, '127.0.0.1', '198.51.100.20')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY=false', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({
      trustProxy: false,
      authRateLimits: { token: { limit: 1, windowSeconds: 300 } },
    });
  });
  afterAll(() => ctx.close());

  it('believes no forwarded address at all', async () => {
    expect((await signIn(ctx, '127.0.0.1', '198.51.100.30')).statusCode).toBe(400);
    expect((await signIn(ctx, '127.0.0.1', '198.51.100.31')).statusCode).toBe(429);
  });
});
