import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/context.ts';
import { updateProfile } from '../test/discovery.ts';
import { captureLogs } from '../test/logs.ts';
import { publishPost } from '../test/media.ts';
import type { InjectRequest } from '../test/routes.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../test/users.ts';

/*
 * Requests the API fuzz test (fuzz.test.ts) found answered with a logged 500, kept as plain examples:
 * values that pass validation but that PostgreSQL or JavaScript cannot take (times outside the years
 * 1-9999, counts beyond a PostgreSQL integer, scores beyond one, durations beyond a Date).
 */

const SERVICE_ROLE_KEY = 'k'.repeat(32);
const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

const logs = captureLogs();
let ctx: TestApp;
let user: TestUser;
let other: TestUser;
let postId: string;

beforeAll(async () => {
  ctx = await createTestApp(
    { authRateLimits: TEST_RATE_LIMITS, serviceRoleKey: SERVICE_ROLE_KEY, ...logs.config },
    logs.options,
  );
  user = await createUser(ctx.app);
  // Fits like me reads a cursor only for someone who has entered their measurements.
  await updateProfile(ctx.app, user, {
    chest_circumference: 90,
    waist_circumference: 75,
    hip_circumference: 95,
  });
  other = await createUser(ctx.app);
  postId = (await publishPost(ctx.app, other, { caption: 'Linen' })).id;
});
afterAll(() => ctx.close());

/** Sends the request and returns its answer, having checked that it is not a server failure. */
async function send(request: InjectRequest) {
  logs.clear();
  const res = await ctx.app.inject(request);
  expect(res.statusCode, res.body).toBeLessThan(500);
  expect(logs.errors()).toEqual([]);
  return res;
}

const invalidCursor = {
  error: {
    code: 'validation_failed',
    message: 'Invalid cursor',
    details: [{ field: 'querystring.cursor', message: 'Invalid cursor' }],
  },
};

describe('list cursors naming positions the database cannot compare', () => {
  it('refuses times outside the years 1-9999', async () => {
    const yearZero = base64url(`0000-01-01T00:00:00.000Z|${postId}`);
    const res = await send({ method: 'GET', url: `/api/v1/posts?cursor=${yearZero}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidCursor);

    const ancient = base64url(`-225787-02-25T00:55:41.096Z|${postId}`);
    const blocks = await send({
      method: 'GET',
      url: `/api/v1/blocks?cursor=${ancient}`,
      headers: user.headers,
    });
    expect(blocks.json()).toEqual(invalidCursor);

    const scored = base64url(JSON.stringify([1, '-001000-01-01T00:00:00.000Z', postId]));
    const ranked = await send({
      method: 'GET',
      url: `/api/v1/posts/fits-like-me?cursor=${scored}`,
      headers: user.headers,
    });
    expect(ranked.json()).toEqual(invalidCursor);
  });

  it('refuses counts beyond a PostgreSQL integer', async () => {
    const cursor = base64url(JSON.stringify([Number.MAX_SAFE_INTEGER, postId]));
    const res = await send({ method: 'GET', url: `/api/v1/explore/creators?cursor=${cursor}` });
    expect(res.json()).toEqual(invalidCursor);
  });

  it('compares any finite score', async () => {
    const cursor = base64url(JSON.stringify([-1e308, '2020-01-01T00:00:00.000Z', postId]));
    const res = await send({
      method: 'GET',
      url: `/api/v1/posts/fits-like-me?cursor=${cursor}`,
      headers: user.headers,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('swipe times', () => {
  it('refuses a time that an offset moves into year 0, and skips it in a batch', async () => {
    const created_at = '0001-01-01T00:00:00+14:00';
    const single = await send({
      method: 'POST',
      url: '/api/v1/swipes',
      headers: user.headers,
      payload: { outfit_id: postId, action: 'like', created_at },
    });
    expect(single.statusCode).toBe(400);
    expect(single.json().error.details).toEqual([
      { field: 'body.created_at', message: 'Must be between the years 1 and 9999' },
    ]);
    const batch = await send({
      method: 'POST',
      url: '/api/v1/swipes/batch',
      headers: user.headers,
      payload: { events: [{ outfit_id: postId, action: 'like', created_at }] },
    });
    expect(batch.statusCode).toBe(200);
    expect(batch.json()).toMatchObject({ inserted: 0, skipped: 1 });
  });
});

describe('ban durations', () => {
  it('refuses one longer than Go allows, as GoTrue does', async () => {
    const headers = { authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'x-supabase-api-version': '2024-01-01' };
    const expected = {
      code: 'validation_failed',
      message: 'invalid format for ban duration: time: invalid duration "99999999999h"',
    };
    const update = await send({
      method: 'PUT',
      url: `/auth/v1/admin/users/${other.id}`,
      headers,
      payload: { ban_duration: '99999999999h' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toEqual(expected);
    const create = await send({
      method: 'POST',
      url: '/auth/v1/admin/users',
      headers,
      payload: { email: 'banned@example.com', ban_duration: '99999999999h' },
    });
    expect(create.json()).toEqual(expected);
    // A long ban GoTrue takes still works.
    const longest = await send({
      method: 'PUT',
      url: `/auth/v1/admin/users/${other.id}`,
      headers,
      payload: { ban_duration: '876000h' },
    });
    expect(longest.statusCode).toBe(200);
  });
});

describe('MFA enrolment texts', () => {
  const gotrue = { 'x-supabase-api-version': '2024-01-01' };
  /** The factors stored for `who` (the other test here may have enrolled one for `user`). */
  const factors = async (who: TestUser) =>
    (
      await ctx.app.database.query<{ n: number }>(
        'select count(*)::int as n from auth.mfa_factors where user_id = $1',
        [who.id],
      )
    )[0]!.n;

  it('refuses a friendly name too long for its unique index', async () => {
    // 12,000 letters and digits that do not compress, as a long repeated letter would.
    let state = 1;
    let name = '';
    while (name.length < 12_000) {
      state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
      name += state.toString(36);
    }
    const before = await factors(user);
    const res = await send({
      method: 'POST',
      url: '/auth/v1/factors',
      headers: { ...gotrue, ...user.headers },
      payload: { factor_type: 'totp', friendly_name: name },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('friendly_name'),
    });
    expect(await factors(user)).toBe(before);
  });

  it('refuses an issuer whose otpauth URI does not fit in a QR code, storing nothing', async () => {
    // Percent-encoded (%D7%A9, in the label and again in the issuer parameter) a 255-letter Hebrew issuer
    // takes 3,060 characters of the QR code's compact upper-case mode; a long address in lower case
    // (sign-up takes only ASCII addresses, as GoTrue does) brings it past what a code holds.
    const hebrew = await createUser(ctx.app, {
      email: `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.example.com`,
    });
    const res = await send({
      method: 'POST',
      url: '/auth/v1/factors',
      headers: { ...gotrue, ...hebrew.headers },
      payload: { factor_type: 'totp', issuer: 'ש'.repeat(255) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'The issuer and account name are too long to fit in a QR code',
    });
    expect(await factors(hebrew)).toBe(0);
    const fine = await send({
      method: 'POST',
      url: '/auth/v1/factors',
      headers: { ...gotrue, ...user.headers },
      payload: { factor_type: 'totp', issuer: 'SYS', friendly_name: 'Phone' },
    });
    expect(fine.statusCode).toBe(200);
    expect(fine.json().totp.qr_code).toMatch(/^<svg/);
  });
});
