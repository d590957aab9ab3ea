import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/context.ts';
import { captureLogs } from '../test/logs.ts';
import { createUser, TEST_PASSWORD, TEST_RATE_LIMITS } from '../test/users.ts';

/*
 * Requests racing for the same unique value (an email address) get the answer the services give
 * when the value was taken before, never a 500; and a database failure is logged without the query's
 * parameters: the sign-up insert carries the password hash.
 */

const SERVICE_ROLE_KEY = 's'.repeat(32);
const gotrue = { 'x-supabase-api-version': '2024-01-01' };
const service = { ...gotrue, authorization: `Bearer ${SERVICE_ROLE_KEY}` };

function tally(responses: { statusCode: number; json(): { code?: string } }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const res of responses) {
    const key = `${res.statusCode} ${res.statusCode === 200 ? 'ok' : res.json().code}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function usersWithEmail(ctx: TestApp, email: string): Promise<number> {
  const [row] = await ctx.app.database.query<{ n: number }>(
    'select count(*)::int as n from auth.users where lower(email) = lower($1)',
    [email],
  );
  return row!.n;
}

/**
 * Opens the PostgreSQL pool's connections before a burst, as a server that has been running has them:
 * on a busy test machine, twenty connections opened at once can time out, which is not what these
 * tests are about. (On PGlite, one in-process session, this is a few quick queries.)
 */
async function warmPool(ctx: TestApp): Promise<void> {
  await Promise.all(Array.from({ length: 20 }, () => ctx.app.database.query('select pg_sleep(0.05)')));
}

describe('racing writes of one email address', () => {
  const logs = captureLogs();
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp(
      { authRateLimits: TEST_RATE_LIMITS, serviceRoleKey: SERVICE_ROLE_KEY, ...logs.config },
      logs.options,
    );
  });
  afterAll(() => ctx.close());

  it('30 simultaneous sign-ups: one session, 29 × 422 user_already_exists, no hash in the log', async () => {
    await warmPool(ctx);
    logs.clear();
    const email = 'race@example.com';
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/auth/v1/signup',
          headers: gotrue,
          payload: { email, password: TEST_PASSWORD },
        }),
      ),
    );
    expect(tally(responses)).toEqual({ '200 ok': 1, '422 user_already_exists': 29 });
    for (const res of responses.filter((r) => r.statusCode === 422)) {
      expect(res.json()).toEqual({ code: 'user_already_exists', message: 'User already registered' });
    }
    expect(await usersWithEmail(ctx, email)).toBe(1);
    expect(logs.errors()).toEqual([]);
    expect(logs.text()).not.toContain('$argon2');
  });

  it('simultaneous admin creations of one address: one user, the rest 422 email_exists', async () => {
    await warmPool(ctx);
    const email = 'admin-race@example.com';
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/auth/v1/admin/users',
          headers: service,
          payload: { email, password: TEST_PASSWORD },
        }),
      ),
    );
    expect(tally(responses)).toEqual({ '200 ok': 1, '422 email_exists': 9 });
    expect(await usersWithEmail(ctx, email)).toBe(1);
    expect(logs.errors()).toEqual([]);
  });

  it('simultaneous changes of ten accounts to one address: one succeeds, the rest 422 email_exists', async () => {
    const users = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx.app)));
    await warmPool(ctx);
    const email = 'taken-meanwhile@example.com';
    const responses = await Promise.all(
      users.map((user) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/auth/v1/admin/users/${user.id}`,
          headers: service,
          payload: { email },
        }),
      ),
    );
    expect(tally(responses)).toEqual({ '200 ok': 1, '422 email_exists': 9 });
    expect(await usersWithEmail(ctx, email)).toBe(1);
    expect(logs.errors()).toEqual([]);
  });
});

describe('sign-up races with email confirmation on', () => {
  const logs = captureLogs();
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp(
      { authRateLimits: TEST_RATE_LIMITS, authConfirmEmail: true, ...logs.config },
      logs.options,
    );
  });
  afterAll(() => ctx.close());

  it('answer every request alike and create one account', async () => {
    await warmPool(ctx);
    const email = 'confirm-race@example.com';
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/auth/v1/signup',
          headers: gotrue,
          payload: { email, password: TEST_PASSWORD },
        }),
      ),
    );
    expect(tally(responses)).toEqual({ '200 ok': 10 });
    for (const res of responses) {
      expect(res.json()).toMatchObject({ email });
      expect(res.json().access_token).toBeUndefined();
    }
    expect(await usersWithEmail(ctx, email)).toBe(1);
    expect(logs.errors()).toEqual([]);
  });
});

describe('logging a database failure', () => {
  const logs = captureLogs();
  let ctx: TestApp;
  const secret = 'hunter2-secret-parameter';

  beforeAll(async () => {
    ctx = await createTestApp(logs.config, logs.options);
    // Routes that exist only in this test: a query failing with a secret among its parameters, and an
    // insert that a unique index refuses without the service expecting it.
    ctx.app.get('/api/test/db-failure', async () => {
      await ctx.app.database.db.execute(sql`select ${secret}::uuid as id, ${'$argon2id$v=19$hash'} as hash`);
      return {};
    });
    ctx.app.get('/api/test/duplicate', async () => {
      await ctx.app.database.db.execute(sql`insert into brands (name) values (${secret}), (${secret})`);
      return {};
    });
  });
  afterAll(() => ctx.close());

  it('logs its code and where it happened, never the query text or parameters', async () => {
    logs.clear();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/db-failure' });
    expect(res.statusCode).toBe(500);
    const [line, ...more] = logs.errors();
    expect(more).toEqual([]);
    expect(line?.err).toMatchObject({
      type: 'DatabaseError',
      code: '22P02',
      message: 'Database query failed: invalid input syntax for type uuid: "[redacted]"',
    });
    expect(String((line?.err as { stack?: string } | undefined)?.stack)).toContain('races-and-logs.test.ts');
    const text = logs.text();
    expect(text).not.toContain(secret);
    expect(text).not.toContain('$argon2');
    expect(text).not.toMatch(/select|params/i);
  });

  it('answers an unexpected unique violation with 409 conflict, not a logged 500', async () => {
    logs.clear();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test/duplicate' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'conflict', message: 'This conflicts with a change made at the same time' },
    });
    expect(logs.errors()).toEqual([]);
  });
});
