import type { PublicProfile } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createTestApps, type TestApp, type TestApps } from '../../test/context.ts';
import { countStatements } from '../../test/statements.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import { FEED_CHANNEL } from '../posts/posts.feed-cache.ts';

/*
 * Public profiles kept in the feed cache (GET /profiles/{username}): the part everyone sees for
 * FEED_CACHE_TTL_MS, a signed-in viewer's follow and blocks with it until they change. The apps here keep
 * it for ten minutes, so what shows fresh was cleared by a change, not by expiry. Changes written behind
 * the services (SQL) show what is kept.
 */
const SERVICE_ROLE_KEY = 'service-role-key-for-tests';
const LONG_TTL = {
  feedCacheTtlMs: 600_000,
  authRateLimits: TEST_RATE_LIMITS,
  serviceRoleKey: SERVICE_ROLE_KEY,
};

async function profileOf(app: FastifyInstance, username: string, user?: TestUser) {
  const response = await app.inject({ url: `/api/v1/profiles/${username}`, headers: user?.headers ?? {} });
  return { status: response.statusCode, body: response.json() as PublicProfile };
}

async function call(
  app: FastifyInstance,
  user: TestUser,
  method: 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

/**
 * `user`'s profile edited through the API, once `app` has heard its own notice of the change: on
 * PostgreSQL it comes back through LISTEN after the answer and clears the cache again, which would make a
 * later read look unkept.
 */
async function edit(app: FastifyInstance, user: TestUser, fields: object) {
  let heard = () => {};
  const notice = new Promise<void>((resolve) => (heard = resolve));
  // Heard after the app's own listeners, which subscribed when it started.
  const stop = await app.database.listen(FEED_CHANNEL, () => heard());
  try {
    await call(app, user, 'PATCH', '/api/v1/profiles/me', fields);
    await notice;
  } finally {
    await stop();
  }
}

describe('a public profile, kept', () => {
  let ctx: TestApp;
  let app: FastifyInstance;
  let owner: TestUser;
  let viewer: TestUser;
  let name: string;

  beforeAll(async () => {
    ctx = await createTestApp(LONG_TTL);
    app = ctx.app;
    owner = await createUser(app);
    viewer = await createUser(app);
    name = `kept.${owner.id.slice(0, 8)}`;
    await edit(app, owner, {
      username: name,
      bio: 'first bio',
      size: 'M',
      chest_circumference: 90,
      waist_circumference: 70,
      hip_circumference: 95,
      measurements_public: true,
    });
  });
  afterAll(() => ctx.close());

  /** The statements a request for the profile sends. */
  const statementsOf = async (username: string, user?: TestUser) =>
    (await countStatements(app, () => profileOf(app, username, user))).statements;

  it('is read once for everyone and once per viewer, then runs no statement', async () => {
    await edit(app, owner, { bio: 'read once' });
    await profileOf(app, name, viewer); // the viewer's first request checks their token (then cached)
    await call(app, owner, 'PATCH', '/api/v1/profiles/me', { bio: 'read once' }); // unchanged: no notice
    expect(await statementsOf(name)).toBe(0);
    await edit(app, owner, { bio: 'read once again' });
    expect(await statementsOf(name)).toBe(1);
    expect(await statementsOf(name)).toBe(0);
    expect(await statementsOf(name, viewer)).toBe(1);
    expect(await statementsOf(name, viewer)).toBe(0);
    // Any case of the name is the same profile.
    expect(await statementsOf(name.toUpperCase(), viewer)).toBe(0);
    expect((await profileOf(app, name.toUpperCase(), viewer)).body.bio).toBe('read once again');
  });

  it("shows the owner's edit at once to visitors and viewers, and nothing written behind the services", async () => {
    await profileOf(app, name);
    await profileOf(app, name, viewer);
    await app.database.query('update profiles set bio = $1 where id = $2', ['behind', owner.id]);
    expect((await profileOf(app, name)).body.bio).toBe('read once again');
    expect((await profileOf(app, name, viewer)).body.bio).toBe('read once again');
    // Each field its page shows, through the API: at once, for visitors and viewers.
    await edit(app, owner, { bio: 'second bio' });
    expect((await profileOf(app, name)).body.bio).toBe('second bio');
    expect((await profileOf(app, name, viewer)).body).toMatchObject({ bio: 'second bio', size: 'M' });
    await edit(app, owner, { size: 'L' });
    expect((await profileOf(app, name, viewer)).body).toMatchObject({ size: 'L', waist_circumference: 70 });
    await edit(app, owner, { waist_circumference: 72 });
    expect((await profileOf(app, name, viewer)).body).toMatchObject({ waist_circumference: 72 });
    await edit(app, owner, { measurements_public: false });
    const hidden = (await profileOf(app, name, viewer)).body;
    expect(hidden.measurements_public).toBe(false);
    expect(hidden).not.toHaveProperty('size');
    expect(hidden).not.toHaveProperty('waist_circumference');
    await edit(app, owner, { measurements_public: true });
    expect((await profileOf(app, name, viewer)).body).toMatchObject({ size: 'L', chest_circumference: 90 });
  });

  it('answers under a new name at once, and 404 under the old one', async () => {
    const renamed = `${name}.new`;
    await profileOf(app, name);
    await edit(app, owner, { username: renamed });
    expect((await profileOf(app, name)).status).toBe(404);
    expect((await profileOf(app, renamed, viewer)).body.username).toBe(renamed);
    await edit(app, owner, { username: name });
    expect((await profileOf(app, renamed)).status).toBe(404);
    expect((await profileOf(app, name)).status).toBe(200);
  });

  it('does not keep a name nobody has', async () => {
    const someone = await createUser(app);
    const free = `free.${someone.id.slice(0, 8)}`;
    expect((await profileOf(app, free)).status).toBe(404);
    expect((await profileOf(app, free, viewer)).status).toBe(404);
    // Taken behind the services (as a sign-up's new profile is, without telling the cache).
    await app.database.query('update profiles set username = $1 where id = $2', [free, someone.id]);
    expect((await profileOf(app, free)).status).toBe(200);
    expect((await profileOf(app, free, viewer)).body.id).toBe(someone.id);
  });

  it("keeps a viewer's follow until they change it, and shows their own change at once", async () => {
    expect((await profileOf(app, name, viewer)).body.is_following).toBe(false);
    await app.database.query('insert into follows (follower_id, following_id) values ($1, $2)', [
      viewer.id,
      owner.id,
    ]);
    expect((await profileOf(app, name, viewer)).body.is_following).toBe(false);
    // Another viewer reads their own relation, not this one's.
    const other = await createUser(app);
    expect((await profileOf(app, name, other)).body.is_following).toBe(false);
    await call(app, viewer, 'DELETE', `/api/v1/follows/${owner.id}`);
    expect((await profileOf(app, name, viewer)).body.is_following).toBe(false);
    await call(app, viewer, 'PUT', `/api/v1/follows/${owner.id}`);
    expect((await profileOf(app, name, viewer)).body.is_following).toBe(true);
    expect((await profileOf(app, name)).body.is_following).toBe(false);
    expect((await profileOf(app, name, other)).body.is_following).toBe(false);
    await call(app, viewer, 'DELETE', `/api/v1/follows/${owner.id}`);
    expect((await profileOf(app, name, viewer)).body.is_following).toBe(false);
  });

  it('shows a block either way at once: not found for the blocked, blocked for the blocker', async () => {
    expect((await profileOf(app, name, viewer)).status).toBe(200);
    await call(app, owner, 'POST', `/api/v1/blocks/${viewer.id}`);
    expect((await profileOf(app, name, viewer)).status).toBe(404);
    expect((await profileOf(app, name)).status).toBe(200);
    await call(app, owner, 'DELETE', `/api/v1/blocks/${viewer.id}`);
    expect((await profileOf(app, name, viewer)).status).toBe(200);
    await call(app, viewer, 'POST', `/api/v1/blocks/${owner.id}`);
    const blocked = (await profileOf(app, name, viewer)).body;
    expect(blocked).toMatchObject({ is_blocked: true, bio: null });
    expect(blocked).not.toHaveProperty('size');
    await call(app, viewer, 'DELETE', `/api/v1/blocks/${owner.id}`);
    expect((await profileOf(app, name, viewer)).body).toMatchObject({ is_blocked: false, size: 'L' });
  });

  it('forgets a deleted account at once', async () => {
    for (const soft of [true, false]) {
      const leaving = await createUser(app);
      const gone = `gone.${leaving.id.slice(0, 8)}`;
      await edit(app, leaving, { username: gone });
      expect((await profileOf(app, gone)).status).toBe(200);
      expect((await profileOf(app, gone, viewer)).status).toBe(200);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/auth/v1/admin/users/${leaving.id}`,
        headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}` },
        payload: { should_soft_delete: soft },
      });
      expect(deleted.statusCode).toBe(200);
      expect((await profileOf(app, gone)).status, `soft: ${soft}`).toBe(404);
      expect((await profileOf(app, gone, viewer)).status, `soft: ${soft}`).toBe(404);
    }
  });
});

describe('a public profile kept on two instances on one database', () => {
  let cluster: TestApps;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    cluster = await createTestApps(2, LONG_TTL);
    [first, second] = cluster.apps as [FastifyInstance, FastifyInstance];
  });
  afterAll(() => cluster.close());

  it("shows an edit, a follow and a block made through one on the other's next read", async () => {
    const owner = await createUser(first);
    const viewer = await createUser(first);
    const name = `two.${owner.id.slice(0, 8)}`;
    await call(first, owner, 'PATCH', '/api/v1/profiles/me', { username: name, bio: 'before' });
    expect((await profileOf(second, name)).body.bio).toBe('before');
    expect((await profileOf(second, name, viewer)).body.is_following).toBe(false);
    const heard = async (check: () => Promise<boolean>) => {
      // NOTIFY arrives once the change has committed, through the other instance's listener.
      await vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 5000, interval: 20 });
    };
    await call(first, owner, 'PATCH', '/api/v1/profiles/me', { bio: 'after' });
    await heard(async () => (await profileOf(second, name)).body.bio === 'after');
    await call(first, viewer, 'PUT', `/api/v1/follows/${owner.id}`);
    await heard(async () => (await profileOf(second, name, viewer)).body.is_following);
    await call(first, owner, 'POST', `/api/v1/blocks/${viewer.id}`);
    await heard(async () => (await profileOf(second, name, viewer)).status === 404);
  });
});
