import { ErrorResponseSchema } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/context.ts';
import { captureLogs } from '../test/logs.ts';
import { changedTables, type InjectRequest, tableFingerprints } from '../test/routes.ts';
import { createUser, TEST_PASSWORD, TEST_RATE_LIMITS, type TestUser } from '../test/users.ts';
import { findUnstorableText } from './text-input.ts';

/*
 * Text PostgreSQL cannot store (NUL, unpaired surrogates) is refused with a 400 naming the field, in
 * the body, the query string or the path, before anything reaches the database; it used to fail
 * there with a logged 500.
 */

const logs = captureLogs();
let ctx: TestApp;
let user: TestUser;
const gotrue = { 'x-supabase-api-version': '2024-01-01' };

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, ...logs.config }, logs.options);
  user = await createUser(ctx.app);
});
afterAll(() => ctx.close());

/** Sends the request and checks that it was refused without changing any table or logging an error. */
async function refused(request: InjectRequest) {
  logs.clear();
  const before = await tableFingerprints(ctx.app);
  const res = await ctx.app.inject(request);
  expect(res.statusCode, res.body).toBe(400);
  expect(changedTables(before, await tableFingerprints(ctx.app))).toEqual([]);
  expect(logs.errors()).toEqual([]);
  return res;
}

describe('input the database cannot take', () => {
  it('is refused on sign-up and sign-in in GoTrue’s shape, naming the field', async () => {
    const signup = await refused({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: gotrue,
      payload: { email: 'new\u0000user@example.com', password: TEST_PASSWORD },
    });
    expect(signup.json()).toEqual({
      code: 'validation_failed',
      message: 'Invalid body.email: must not contain the NUL character (U+0000)',
    });

    const signIn = await refused({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: gotrue,
      payload: { email: user.email, password: `${TEST_PASSWORD}\u0000` },
    });
    expect(signIn.json()).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('body.password'),
    });
  });

  it('is found in nested fields and in the names of fields', async () => {
    const nested = await refused({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: gotrue,
      payload: {
        email: 'nested@example.com',
        password: TEST_PASSWORD,
        data: { profile: { city: ['ok', 'x\u0000'] } },
      },
    });
    expect(nested.json().message).toContain('body.data.profile.city.1');

    const key = await refused({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: gotrue,
      payload: { email: 'key@example.com', password: TEST_PASSWORD, data: { 'ci\u0000ty': 'Haifa' } },
    });
    expect(key.json().message).toContain('in its name');
    expect(key.body).not.toContain('\\u0000');
  });

  it('refuses metadata nested deeper than 32 levels (it failed when serialized for the database)', async () => {
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const signup = await refused({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { ...gotrue, 'content-type': 'application/json' },
      payload: `{"email":"deep@example.com","password":"${TEST_PASSWORD}","data":${deep}}`,
    });
    expect(signup.json()).toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(
        /^Invalid body\.data(\.a)+: must not be nested more than 32 levels deep$/,
      ),
    });
    await refused({
      method: 'PUT',
      url: '/auth/v1/user',
      headers: { ...gotrue, ...user.headers, 'content-type': 'application/json' },
      payload: `{"data":${deep}}`,
    });
  });

  it('is refused in data API bodies with our error shape and details', async () => {
    const profile = await refused({
      method: 'PATCH',
      url: '/api/v1/profiles/me',
      headers: user.headers,
      payload: { display_name: 'No\u0000a' },
    });
    const body = ErrorResponseSchema.parse(profile.json());
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details).toEqual([
      { field: 'body.display_name', message: 'must not contain the NUL character (U+0000)' },
    ]);

    const album = await refused({
      method: 'POST',
      url: '/api/v1/albums',
      headers: user.headers,
      payload: { name: 'Summer \ud83d' },
    });
    expect(ErrorResponseSchema.parse(album.json()).error.details).toEqual([
      { field: 'body.name', message: 'must not contain an unpaired surrogate (U+D83D)' },
    ]);
  });

  it('is refused in path parameters and query strings', async () => {
    const path = await refused({ method: 'GET', url: '/api/v1/profiles/%00' });
    expect(ErrorResponseSchema.parse(path.json()).error.details).toEqual([
      { field: 'params.username', message: 'must not contain the NUL character (U+0000)' },
    ]);
    const query = await refused({
      method: 'GET',
      url: '/api/v1/me/albums?q=linen%00',
      headers: user.headers,
    });
    expect(ErrorResponseSchema.parse(query.json()).error.details).toEqual([
      { field: 'query.q', message: 'must not contain the NUL character (U+0000)' },
    ]);
    const verify = await refused({
      method: 'GET',
      url: '/auth/v1/verify?type=signup&token=%00',
      headers: gotrue,
    });
    expect(verify.json().message).toContain('query.token');
  });

  it('leaves every other character alone: line breaks, other control characters, emoji', async () => {
    const bio = 'Line one\nline two\ttab \u0001 \u007f 👗 ש';
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/profiles/me',
      headers: user.headers,
      payload: { bio },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bio).toBe(bio);
  });
});

describe('findUnstorableText', () => {
  it('finds NUL and unpaired surrogates anywhere, and accepts pairs', () => {
    expect(findUnstorableText({ a: ['😀', { b: 'ok' }] }, 'body')).toBeNull();
    expect(findUnstorableText('\ud800', 'body')).toEqual({
      field: 'body',
      problem: 'must not contain an unpaired surrogate (U+D800)',
    });
    expect(findUnstorableText({ a: [{ b: 'x\udc00' }] }, 'body')?.field).toBe('body.a.0.b');
    expect(findUnstorableText({ a: 1, b: null, c: true }, 'query')).toBeNull();
  });

  it('refuses nesting deeper than 32 levels, however deep, without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(200_000)}"ok"${']'.repeat(200_000)}`);
    expect(findUnstorableText(deep, 'body')).toEqual({
      field: `body${'.0'.repeat(32)}`,
      problem: 'must not be nested more than 32 levels deep',
    });
    expect(findUnstorableText(JSON.parse(`${'['.repeat(32)}"ok"${']'.repeat(32)}`), 'body')).toBeNull();
  });
});
