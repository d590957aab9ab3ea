import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { API_VERSION, type AuthTestApp, createAuthTestApp, PASSWORD } from './auth.test-helpers.ts';

const LIMITS = {
  token: { limit: 3, windowSeconds: 60 },
  otp: { limit: 2, windowSeconds: 1 },
  email: { limit: 2, windowSeconds: 3600 },
};

let t: AuthTestApp;
/** A second server instance on the same database: the limits must hold across both. */
let second: FastifyInstance;
beforeAll(async () => {
  t = await createAuthTestApp({ authRateLimits: LIMITS });
  second = await buildApp(
    { dataDir: null, webDist: null, seedDemo: false, logLevel: 'silent', authRateLimits: LIMITS },
    { logger: false, database: t.app.database },
  );
  await t.app.services.auth.admin.createUser({
    email: 'limit@example.com',
    password: PASSWORD,
    email_confirm: true,
  });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const grant = (app: FastifyInstance, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    headers: { ...API_VERSION, 'x-forwarded-for': ip },
    payload: { email: 'limit@example.com', password: PASSWORD },
  });

describe('rate limits', () => {
  it('answer 429 over_request_rate_limit past the token limit, counted across instances', async () => {
    expect((await grant(t.app, '198.51.100.1')).statusCode).toBe(200);
    expect((await grant(second, '198.51.100.1')).statusCode).toBe(200);
    expect((await grant(t.app, '198.51.100.1')).statusCode).toBe(200);
    const over = await grant(second, '198.51.100.1');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    // Per IP: another address is not affected.
    expect((await grant(t.app, '198.51.100.2')).statusCode).toBe(200);
  });

  it('limit sign-ups per IP and start again with the next window', async () => {
    const signup = (email: string) =>
      t.call({
        method: 'POST',
        url: '/auth/v1/signup',
        headers: { 'x-forwarded-for': '198.51.100.3' },
        payload: { email, password: PASSWORD },
      });
    expect((await signup('s1@example.com')).statusCode).toBe(200);
    expect((await signup('s2@example.com')).statusCode).toBe(200);
    const over = await signup('s3@example.com');
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('over_request_rate_limit');
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect((await signup('s3@example.com')).statusCode).toBe(200);
  });

  it('limit the mail sent to one address (429 over_email_send_rate_limit), known or not', async () => {
    for (const email of ['limit@example.com', 'unknown-limit@example.com']) {
      const recover = (n: number) =>
        t.call({
          method: 'POST',
          url: '/auth/v1/recover',
          headers: { 'x-forwarded-for': `198.51.100.${10 + n}` },
          payload: { email },
        });
      expect((await recover(1)).statusCode).toBe(200);
      expect((await recover(2)).statusCode).toBe(200);
      const over = await recover(3);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({
        code: 'over_email_send_rate_limit',
        message: 'Email rate limit exceeded',
      });
    }
  });
});
