import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSION } from '../modules/auth/auth.test-helpers.ts';
import { createTestApp, type TestApp } from '../test/context.ts';
import { createUser, TEST_PASSWORD, type TestUser } from '../test/users.ts';

/** Few password attempts per IP, so a guessing run meets the limit within the test. */
const LIMITS = {
  token: { limit: 5, windowSeconds: 300 },
  otp: { limit: 100, windowSeconds: 300 },
  email: { limit: 100, windowSeconds: 3600 },
};

/** The account's own lock (auth.lockout.test.ts) is kept out of reach of these few guesses. */
const LOCKOUT = { password: { failures: 10, windowSeconds: 3600, lockSeconds: 60, maxLockSeconds: 900 } };

let ctx: TestApp;
let victim: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: LIMITS, authLockout: LOCKOUT });
  victim = await createUser(ctx.app);
});
afterAll(() => ctx.close());

const attempt = (password: string, ip: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    headers: { ...API_VERSION, 'x-forwarded-for': ip },
    payload: { email: victim.email, password },
  });

describe('guessing a password', () => {
  it('meets the rate limit, after which even the right password is refused from that address', async () => {
    const ip = '203.0.113.7';
    // The sign-up above came from the same test client address; count only the guesses.
    for (let i = 0; i < LIMITS.token.limit; i++) {
      const res = await attempt(`guess-${i}`, ip);
      expect([400, 429]).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json().code).toBe('invalid_credentials');
    }
    const limited = await attempt(TEST_PASSWORD, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('over_request_rate_limit');
    expect(limited.body).not.toContain('access_token');
    // Another address is not locked out, and below its own threshold the account is not: the owner signs in.
    expect((await attempt(TEST_PASSWORD, '203.0.113.8')).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown account alike (no user enumeration)', async () => {
    const wrong = await attempt('not-it', '203.0.113.9');
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { ...API_VERSION, 'x-forwarded-for': '203.0.113.9' },
      payload: { email: 'nobody-here@example.com', password: 'not-it' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(wrong.json());
  });
});
