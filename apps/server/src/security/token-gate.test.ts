import type { AddressInfo } from 'node:net';
import type { Conversation, LiveEvent } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp } from '../modules/auth/auth.mfa.ts';
import { createTestApps, type TestApps } from '../test/context.ts';
import { seedPost } from '../test/discovery.ts';
import { makeJpeg } from '../test/media.ts';
import {
  createTestAppWithRoutes,
  fillPath,
  type InjectRequest,
  type TestAppWithRoutes,
  tableFingerprints,
} from '../test/routes.ts';
import { type EventStreamReader, openEventStream } from '../test/sse.ts';
import { createUser, TEST_PASSWORD, TEST_RATE_LIMITS, type TestUser } from '../test/users.ts';

/*
 * One check for every access token, however it is presented (plugins/authenticate.ts): the
 * Authorization header on any route, uploads and resumable uploads included, and the events stream's
 * `access_token` query. A password-only session of a user with two-step verification is anonymous
 * everywhere; a token whose user was deleted, soft-deleted or banned, or whose session ended, is refused
 * with 401 on every route at once, on every instance, not when it expires.
 */

const SERVICE_ROLE_KEY = 'token-gate-service-role-key-0123456789';
const admin = { authorization: `Bearer ${SERVICE_ROLE_KEY}` };
const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function ok(app: FastifyInstance, request: InjectRequest, status: number) {
  const res = await app.inject(request);
  if (res.statusCode !== status)
    throw new Error(`${request.method} ${request.url}: ${res.statusCode} ${res.body}`);
  return res;
}

/** A public post of `user` with one item; its id and the item's. */
async function postOf(app: FastifyInstance, user: TestUser) {
  const id = await seedPost(app, user, { caption: 'Gate look', items: [{ item_type: 'Dress' }] });
  const [item] = await app.database.query<{ id: string }>('select id from post_items where post_id = $1', [
    id,
  ]);
  return { id, itemId: item!.id };
}

/** `follower` follows `followed`, then opens a conversation with them. */
async function conversationOf(app: FastifyInstance, follower: TestUser, followed: TestUser) {
  await ok(app, { method: 'PUT', url: `/api/v1/follows/${followed.id}`, headers: follower.headers }, 200);
  const res = await ok(
    app,
    {
      method: 'POST',
      url: '/api/v1/conversations',
      headers: follower.headers,
      payload: { profile_id: followed.id },
    },
    201,
  );
  return res.json() as Conversation;
}

/** Enrols and verifies a TOTP factor for `user`; returns their aal2 token and the factor's secret. */
async function withSecondFactor(app: FastifyInstance, user: TestUser) {
  const headers = { ...API_VERSION, ...user.headers };
  const enrolled = await ok(
    app,
    { method: 'POST', url: '/auth/v1/factors', headers, payload: { factor_type: 'totp' } },
    200,
  );
  const { id: factorId, totp: secrets } = enrolled.json() as { id: string; totp: { secret: string } };
  const challenge = await ok(
    app,
    { method: 'POST', url: `/auth/v1/factors/${factorId}/challenge`, headers, payload: {} },
    200,
  );
  const verified = await ok(
    app,
    {
      method: 'POST',
      url: `/auth/v1/factors/${factorId}/verify`,
      headers,
      payload: { challenge_id: challenge.json().id, code: totp(secrets.secret, Date.now()) },
    },
    200,
  );
  return { aal2: verified.json().access_token as string };
}

async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const res = await ok(
    app,
    {
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: API_VERSION,
      payload: { email, password: TEST_PASSWORD },
    },
    200,
  );
  return res.json().access_token as string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('the token gate (one instance)', () => {
  let ctx: TestAppWithRoutes;
  let app: FastifyInstance;
  let baseUrl: string;
  let author: TestUser;
  const streams: EventStreamReader[] = [];
  const open = async (query: string, headers?: Record<string, string>) => {
    const stream = await openEventStream(baseUrl, query, headers);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    ctx = await createTestAppWithRoutes({
      authRateLimits: TEST_RATE_LIMITS,
      serviceRoleKey: SERVICE_ROLE_KEY,
    });
    app = ctx.app;
    baseUrl = await listen(app);
    author = await createUser(app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await ctx?.close();
  });

  describe('a password-only session of a user with two-step verification', () => {
    let mia: TestUser;
    let aal1: string;
    let aal2: string;
    let post: { id: string; itemId: string };

    beforeAll(async () => {
      mia = await createUser(app);
      ({ aal2 } = await withSecondFactor(app, mia));
      aal1 = await signIn(app, mia.email);
      expect(decodeJwt(aal1)).toMatchObject({ aal: 'aal1', mfa_pending: true });
      post = await postOf(app, author);
    });

    it('gets no private stream from the events endpoint (token in the query)', async () => {
      // Alone, the token asks for nothing a visitor may follow.
      const alone = await fetch(`${baseUrl}/api/v1/events?access_token=${aal1}`);
      expect(alone.status).toBe(400);
      await alone.body?.cancel();

      const conversation = await conversationOf(app, author, mia);
      const pending = await open(`profiles=${author.id}&access_token=${aal1}`);
      expect(pending.status).toBe(200);
      const full = await open(`access_token=${aal2}`);
      await full.waitFor((e) => e.type === 'unread.changed');
      await pending.waitFor((e) => e.type === 'profile.stats');

      await ok(
        app,
        {
          method: 'POST',
          url: `/api/v1/conversations/${conversation.id}/messages`,
          headers: author.headers,
          payload: { body: 'Private note' },
        },
        201,
      );
      await full.waitFor((e) => e.type === 'message.created');
      // Events reach every stream in the order they were published: once the author's next stats
      // arrive, a message event for this stream would have arrived before them.
      const fan = await createUser(app);
      await ok(app, { method: 'PUT', url: `/api/v1/follows/${author.id}`, headers: fan.headers }, 200);
      await pending.waitFor((e) => e.type === 'profile.stats' && pending.events().indexOf(e) > 0);
      const privateTypes: LiveEvent['type'][] = ['message.created', 'unread.changed'];
      expect(pending.events().filter((e) => privateTypes.includes(e.type))).toEqual([]);
    });

    it('cannot upload, one request or resumable', async () => {
      const upload = await app.inject({
        method: 'POST',
        url: '/api/v1/storage/post-media',
        headers: { 'content-type': 'image/png', ...bearer(aal1) },
        payload: PNG,
      });
      expect(upload.statusCode).toBe(401);
      const resumable = await app.inject({
        method: 'POST',
        url: '/api/v1/storage/post-media/resumable',
        headers: { 'tus-resumable': '1.0.0', 'upload-length': '100', ...bearer(aal1) },
      });
      expect(resumable.statusCode).toBe(401);
      // The verified session may.
      const allowed = await app.inject({
        method: 'POST',
        url: '/api/v1/storage/post-media',
        headers: { 'content-type': 'image/png', ...bearer(aal2) },
        payload: PNG,
      });
      expect(allowed.statusCode, allowed.body).toBe(201);
    });

    it('cannot act on the data API', async () => {
      const like = await app.inject({
        method: 'PUT',
        url: `/api/v1/posts/${post.id}/like`,
        headers: bearer(aal1),
      });
      expect(like.statusCode).toBe(401);
      expect(like.json().error.message).toBe('User not authenticated');
      const me = await app.inject({ url: '/api/v1/profiles/me', headers: bearer(aal1) });
      expect(me.statusCode).toBe(401);
      expect((await app.inject({ url: '/api/v1/profiles/me', headers: bearer(aal2) })).statusCode).toBe(200);
    });
  });

  describe.each([
    ['deleted', (id: string) => ({ method: 'DELETE', url: `/auth/v1/admin/users/${id}`, payload: {} })],
    [
      'soft-deleted',
      (id: string) => ({
        method: 'DELETE',
        url: `/auth/v1/admin/users/${id}`,
        payload: { should_soft_delete: true },
      }),
    ],
    [
      'banned',
      (id: string) => ({
        method: 'PUT',
        url: `/auth/v1/admin/users/${id}`,
        payload: { ban_duration: '24h' },
      }),
    ],
  ] as const)('a %s user', (_kind, change) => {
    let gone: TestUser;
    let post: { id: string; itemId: string };
    let album: string;

    beforeAll(async () => {
      gone = await createUser(app);
      post = await postOf(app, author);
      const created = await ok(
        app,
        { method: 'POST', url: '/api/v1/albums', headers: author.headers, payload: { name: 'Gate' } },
        201,
      );
      album = created.json().id;
      // The token works, and its answer is now kept by the check.
      await ok(app, { method: 'GET', url: '/api/v1/profiles/me', headers: gone.headers }, 200);
      const changed = change(gone.id);
      await ok(app, { ...changed, headers: admin } as InjectRequest, 200);
    });

    it('gets 401 (not 500, not 2xx) on likes, saves, comments, clicks, albums, products, swipes, uploads and brands, changing nothing', async () => {
      const requests: InjectRequest[] = [
        { method: 'PUT', url: `/api/v1/posts/${post.id}/like` },
        { method: 'PUT', url: `/api/v1/posts/${post.id}/save` },
        { method: 'POST', url: `/api/v1/posts/${post.id}/comments`, payload: { body: 'hi' } },
        { method: 'POST', url: `/api/v1/items/${post.itemId}/click` },
        { method: 'POST', url: '/api/v1/albums', payload: { name: 'Mine' } },
        { method: 'PUT', url: `/api/v1/albums/${album}/save` },
        { method: 'PUT', url: `/api/v1/items/${post.itemId}/save` },
        { method: 'POST', url: '/api/v1/swipes', payload: { outfit_id: post.id, action: 'like' } },
        {
          method: 'POST',
          url: '/api/v1/swipes/batch',
          payload: { events: [{ outfit_id: post.id, action: 'dislike' }] },
        },
        {
          method: 'POST',
          url: '/api/v1/storage/post-media',
          headers: { 'content-type': 'image/jpeg' },
          payload: await makeJpeg(),
        },
        {
          method: 'POST',
          url: '/api/v1/storage/post-media/resumable',
          headers: { 'tus-resumable': '1.0.0', 'upload-length': '100' },
        },
        { method: 'PATCH', url: '/api/v1/profiles/me', payload: { bio: 'still here?' } },
      ];
      for (const request of requests) {
        const before = await tableFingerprints(app);
        const res = await app.inject({ ...request, headers: { ...request.headers, ...gone.headers } });
        expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBe(401);
        expect(res.json().error.code).toBe('invalid_token');
        expect(await tableFingerprints(app), `${request.method} ${request.url}`).toEqual(before);
      }
    });

    it('gets 401 on every route of the data API, reads included', async () => {
      // The auth service checks its own tokens (GoTrue's answers); CORS preflights carry no credentials.
      const dataRoutes = ctx.routes.filter(
        (route) => !route.url.startsWith('/auth/') && route.method !== 'OPTIONS',
      );
      expect(dataRoutes.length).toBeGreaterThan(50);
      for (const route of dataRoutes) {
        const url = fillPath(route.url, {}, '00000000-0000-4000-8000-000000000000');
        const res = await app.inject({ method: route.method as 'GET', url, headers: gone.headers });
        expect(res.statusCode, `${route.key}: ${res.body}`).toBe(401);
      }
    });

    it('is refused by the events stream, token in the query or the header', async () => {
      for (const [query, headers] of [
        [`access_token=${gone.accessToken}`, {}],
        [`profiles=${author.id}`, gone.headers],
      ] as const) {
        const refused = await fetch(`${baseUrl}/api/v1/events?${query}`, { headers });
        expect(refused.status).toBe(401);
        expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_token');
      }
    });
  });

  it('ends an open events stream when its user is banned, and one when its session signs out', async () => {
    const banned = await createUser(app);
    const signedOut = await createUser(app);
    const bannedStream = await open(`access_token=${banned.accessToken}`);
    const signedOutStream = await open('', signedOut.headers);
    const bystander = await open(`profiles=${author.id}`);
    for (const stream of [bannedStream, signedOutStream])
      await stream.waitFor((e) => e.type === 'unread.changed');
    await bystander.waitFor((e) => e.type === 'profile.stats');

    await ok(
      app,
      {
        method: 'PUT',
        url: `/auth/v1/admin/users/${banned.id}`,
        headers: admin,
        payload: { ban_duration: '1h' },
      },
      200,
    );
    await bannedStream.ended;
    await ok(
      app,
      {
        method: 'POST',
        url: '/auth/v1/logout?scope=local',
        headers: { ...API_VERSION, ...signedOut.headers },
      },
      204,
    );
    await signedOutStream.ended;
    // Nobody else's stream ends.
    const fan = await createUser(app);
    await ok(app, { method: 'PUT', url: `/api/v1/follows/${author.id}`, headers: fan.headers }, 200);
    await bystander.waitFor((e) => e.type === 'profile.stats' && bystander.events().indexOf(e) > 0);
  });

  it("takes a new role at once: an administrator's role taken away ends their admin access", async () => {
    const moderator = await createUser(app);
    await ok(
      app,
      {
        method: 'PUT',
        url: `/auth/v1/admin/users/${moderator.id}`,
        headers: admin,
        payload: { role: 'supabase_admin' },
      },
      200,
    );
    // The token was issued before the role was given: the role counts as the account has it now.
    const reports = () => app.inject({ url: '/api/v1/admin/reports', headers: moderator.headers });
    expect((await reports()).statusCode).toBe(200);
    await ok(
      app,
      {
        method: 'PUT',
        url: `/auth/v1/admin/users/${moderator.id}`,
        headers: admin,
        payload: { role: 'authenticated' },
      },
      200,
    );
    expect((await reports()).statusCode).toBe(403);
  });
});

describe('the token gate across instances', () => {
  let cluster: TestApps;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    // An hour: an instance that refuses a token here learned of the change by NOTIFY, not by expiry.
    cluster = await createTestApps(2, {
      authRateLimits: TEST_RATE_LIMITS,
      serviceRoleKey: SERVICE_ROLE_KEY,
      authAccessCacheTtlMs: 3_600_000,
    });
    [a, b] = cluster.apps as [FastifyInstance, FastifyInstance];
  });
  afterAll(() => cluster?.close());

  const meOn = async (app: FastifyInstance, user: TestUser) =>
    (await app.inject({ url: '/api/v1/profiles/me', headers: user.headers })).statusCode;

  it.each([
    ['a hard delete', (id: string) => ({ method: 'DELETE', url: `/auth/v1/admin/users/${id}`, payload: {} })],
    [
      'a soft delete',
      (id: string) => ({
        method: 'DELETE',
        url: `/auth/v1/admin/users/${id}`,
        payload: { should_soft_delete: true },
      }),
    ],
    [
      'a ban',
      (id: string) => ({ method: 'PUT', url: `/auth/v1/admin/users/${id}`, payload: { ban_duration: '1h' } }),
    ],
  ] as const)('%s on one instance is refused by the other', async (_name, change) => {
    const user = await createUser(a);
    expect(await meOn(b, user)).toBe(200);
    await ok(a, { ...change(user.id), headers: admin } as InjectRequest, 200);
    await expect.poll(() => meOn(b, user)).toBe(401);
    expect(await meOn(a, user)).toBe(401);
  });

  it('a sign-out on one instance is refused by the other', async () => {
    const user = await createUser(a);
    expect(await meOn(b, user)).toBe(200);
    await ok(
      a,
      { method: 'POST', url: '/auth/v1/logout', headers: { ...API_VERSION, ...user.headers } },
      204,
    );
    await expect.poll(() => meOn(b, user)).toBe(401);
  });
});
