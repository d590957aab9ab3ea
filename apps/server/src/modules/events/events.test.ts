import type { AddressInfo } from 'node:net';
import type { Conversation, LiveEvent } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { redactQuery } from '../../plugins/request-log.ts';
import {
  createPostgresTestDatabase,
  createTestApp,
  type TestApp,
  testDatabaseUrl,
} from '../../test/context.ts';
import { publishPost } from '../../test/media.ts';
import { type EventStreamReader, openEventStream } from '../../test/sse.ts';
import { createUser, makeAdmin, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import { postTopic, profileTopic } from './events.bus.ts';

type StatsEvent = Extract<LiveEvent, { type: 'profile.stats' }>;

const SERVICE_ROLE_KEY = 'events-test-service-role-key';

const statsOf =
  (profileId: string, followers: number) =>
  (event: LiveEvent): event is StatsEvent =>
    event.type === 'profile.stats' &&
    event.profile_id === profileId &&
    event.stats.followers_count === followers;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

function follow(app: FastifyInstance, user: TestUser, profileId: string, on = true) {
  return app.inject({
    method: on ? 'PUT' : 'DELETE',
    url: `/api/v1/follows/${profileId}`,
    headers: user.headers,
  });
}

async function like(app: FastifyInstance, user: TestUser, postId: string, on = true) {
  const response = await app.inject({
    method: on ? 'PUT' : 'DELETE',
    url: `/api/v1/posts/${postId}/like`,
    headers: user.headers,
  });
  expect(response.statusCode).toBe(200);
}

async function comment(app: FastifyInstance, user: TestUser, postId: string, body: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/posts/${postId}/comments`,
    headers: user.headers,
    payload: { body },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

const likesOf =
  (postId: string, likeCount: number) =>
  (event: LiveEvent): boolean =>
    event.type === 'post.likes' && event.post_id === postId && event.like_count === likeCount;

const isPostEvent = (event: LiveEvent) => event.type === 'post.likes' || event.type === 'post.comments';

/** Resolves when `stream` has received at least `count` post.comments events of `postId`. */
function commentsChanged(stream: EventStreamReader, postId: string, count: number) {
  const matches = (event: LiveEvent) => event.type === 'post.comments' && event.post_id === postId;
  return stream.waitFor((event) => matches(event) && stream.events().filter(matches).length >= count, 2000);
}

describe('the events stream (one instance)', () => {
  let ctx: TestApp;
  let baseUrl: string;
  const streams: EventStreamReader[] = [];
  const open = async (query: string, headers?: Record<string, string>) => {
    const stream = await openEventStream(baseUrl, query, headers);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
    baseUrl = await listen(ctx.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await ctx.close();
  });

  // Each test watches people of its own: a follow another test leaves would change their counts.
  it('is a text/event-stream that starts with a retry hint and the current stats', async () => {
    const dana = await createUser(ctx.app);
    const stream = await open(`profiles=${dana.id}`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toContain('no-cache');
    const initial = await stream.waitFor(statsOf(dana.id, 0));
    expect(initial.stats).toEqual({ posts_count: 0, followers_count: 0, following_count: 0 });
    expect(stream.raw()).toMatch(/^retry: 3000\n\n: connected\n\n/);
    stream.close();
  });

  it("delivers a follow's stats to a subscriber of either profile within a second", async () => {
    const [alice, bob] = [await createUser(ctx.app), await createUser(ctx.app)];
    const bobsWatcher = await open(`profiles=${bob.id}`);
    const alicesWatcher = await open(`profiles=${alice.id}`);
    await bobsWatcher.waitFor(statsOf(bob.id, 0));
    const started = Date.now();
    expect((await follow(ctx.app, alice, bob.id)).statusCode).toBe(200);
    const event = await bobsWatcher.waitFor(statsOf(bob.id, 1), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event.stats).toEqual({ posts_count: 0, followers_count: 1, following_count: 0 });
    await alicesWatcher.waitFor(
      (e): e is StatsEvent =>
        e.type === 'profile.stats' && e.profile_id === alice.id && e.stats.following_count === 1,
      1000,
    );
    // Unfollowing is announced too; a repeated unfollow changes nothing and announces nothing.
    await follow(ctx.app, alice, bob.id, false);
    await bobsWatcher.waitFor(statsOf(bob.id, 0), 1000);
  });

  it('sends a change heard while the first state was being read after that state, not before it', async () => {
    const [alice, bob] = [await createUser(ctx.app), await createUser(ctx.app)];
    // While the new stream's first state is read (bob: no followers), alice follows bob: the follow's
    // event reaches the already subscribed stream before that older state is ready to be sent.
    let armed = true;
    ctx.app.services.liveEvents.addSnapshotSource(async ({ profileIds }) => {
      if (armed && profileIds.includes(bob.id)) {
        armed = false;
        expect((await follow(ctx.app, alice, bob.id)).statusCode).toBe(200);
      }
      return [];
    });
    const stream = await open(`profiles=${bob.id}`);
    const bobsStats = () =>
      stream.events().filter((e): e is StatsEvent => statsOf(bob.id, 1)(e) || statsOf(bob.id, 0)(e));
    await stream.waitFor(() => bobsStats().length >= 2, 2000);
    // The first state, then the follow: the stream ends on one follower, as the database does.
    expect(bobsStats().map((e) => e.stats.followers_count)).toEqual([0, 1]);
  });

  it("announces new and deleted posts to the author's watchers", async () => {
    const bob = await createUser(ctx.app);
    const stream = await open(`profiles=${bob.id}`);
    const post = await publishPost(ctx.app, bob);
    await stream.waitFor((e) => e.type === 'profile.stats' && e.stats.posts_count === 1, 1000);
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/posts/${post.id}`, headers: bob.headers });
    await stream.waitFor(
      (e) => e.type === 'profile.stats' && e.stats.posts_count === 0 && stream.events().indexOf(e) > 1,
      1000,
    );
  });

  it('gives a signed-in user (token in the query) their unread count and new messages', async () => {
    const [alice, bob] = [await createUser(ctx.app), await createUser(ctx.app)];
    // A visitor watching Alice's profile: someone else's stream, which must hear nothing of the message.
    const bystander = await open(`profiles=${alice.id}`);
    await bystander.waitFor(statsOf(alice.id, 0));
    await follow(ctx.app, alice, bob.id);
    const conversation = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/conversations',
        headers: alice.headers,
        payload: { profile_id: bob.id },
      })
    ).json() as Conversation;
    const bobsStream = await open(`access_token=${bob.accessToken}`);
    await bobsStream.waitFor((e) => e.type === 'unread.changed' && e.unread_count === 0);
    const alicesStream = await open('', { authorization: `Bearer ${alice.accessToken}` });
    await alicesStream.waitFor((e) => e.type === 'unread.changed');

    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversation.id}/messages`,
      headers: alice.headers,
      payload: { body: 'Coffee and a thrift walk?' },
    });
    const arrived = await bobsStream.waitFor((e) => e.type === 'message.created', 1000);
    expect(arrived).toMatchObject({ message: { body: 'Coffee and a thrift walk?', sender_id: alice.id } });
    await bobsStream.waitFor((e) => e.type === 'unread.changed' && e.unread_count === 1, 1000);
    // The sender's other devices see their own message too.
    await alicesStream.waitFor((e) => e.type === 'message.created', 1000);

    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversation.id}/read`,
      headers: bob.headers,
    });
    await bobsStream.waitFor(
      (e) => e.type === 'unread.changed' && e.unread_count === 0 && bobsStream.events().indexOf(e) > 0,
      1000,
    );
    // Someone else's stream hears nothing of it.
    expect(bystander.events().some((e) => e.type === 'message.created')).toBe(false);
  });

  it('refuses a bad token, an empty choice and malformed profile ids', async () => {
    const badToken = await fetch(`${baseUrl}/api/v1/events?access_token=forged.token.here`);
    expect(badToken.status).toBe(401);
    expect(((await badToken.json()) as { error: { code: string } }).error.code).toBe('invalid_token');
    const nothing = await fetch(`${baseUrl}/api/v1/events`);
    expect(nothing.status).toBe(400);
    const malformed = await fetch(`${baseUrl}/api/v1/events?profiles=1,2`);
    expect(malformed.status).toBe(400);
  });

  it('forgets a stream when its client goes away', async () => {
    const carol = await createUser(ctx.app);
    const stream = await open(`profiles=${carol.id}`);
    await stream.waitFor(statsOf(carol.id, 0));
    const watchers = () => ctx.app.services.liveEvents.subscriberCount(profileTopic(carol.id));
    expect(watchers()).toBe(1);
    stream.close();
    await expect.poll(watchers, { timeout: 2000 }).toBe(0);
  });
});

describe('the events stream of a post', () => {
  let ctx: TestApp;
  let baseUrl: string;
  let bob: TestUser;
  let carol: TestUser;
  const streams: EventStreamReader[] = [];
  const open = async (query: string, user?: TestUser) => {
    const stream = await openEventStream(baseUrl, query, user ? user.headers : {});
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, serviceRoleKey: SERVICE_ROLE_KEY });
    baseUrl = await listen(ctx.app);
    bob = await createUser(ctx.app);
    carol = await createUser(ctx.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await ctx.close();
  });

  it('starts with the like count, then announces likes and every change to the comments', async () => {
    const post = await publishPost(ctx.app, bob);
    const alice = await createUser(ctx.app);
    const admin = await makeAdmin(ctx.app, await createUser(ctx.app), SERVICE_ROLE_KEY);
    const member = await open(`posts=${post.id}`, alice);
    const visitor = await open(`posts=${post.id}`);
    await member.waitFor(likesOf(post.id, 0));
    await visitor.waitFor(likesOf(post.id, 0));

    await like(ctx.app, carol, post.id);
    await member.waitFor(likesOf(post.id, 1), 2000);
    await visitor.waitFor(likesOf(post.id, 1), 2000);
    await like(ctx.app, carol, post.id, false);
    await member.waitFor((e) => likesOf(post.id, 0)(e) && member.events().indexOf(e) > 1, 2000);

    // A comment is announced by its post alone: no body, no author, no count.
    const first = await comment(ctx.app, carol, post.id, 'Love the jacket');
    expect(await commentsChanged(member, post.id, 1)).toEqual({ type: 'post.comments', post_id: post.id });
    await commentsChanged(visitor, post.id, 1);
    expect(member.raw()).not.toContain('Love the jacket');
    // Liked, deleted by its author, and a second one removed by an administrator.
    const liked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/comments/${first.id}/like`,
      headers: alice.headers,
    });
    expect(liked.statusCode).toBe(200);
    await commentsChanged(member, post.id, 2);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/comments/${first.id}`,
      headers: carol.headers,
    });
    expect(deleted.statusCode).toBe(204);
    await commentsChanged(member, post.id, 3);
    const second = await comment(ctx.app, carol, post.id, 'Where is it from?');
    await commentsChanged(member, post.id, 4);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/comments/${second.id}`,
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    await commentsChanged(member, post.id, 5);
    await commentsChanged(visitor, post.id, 5);
  });

  it('follows none of the posts a viewer may not see, and sends them nothing', async () => {
    const publicPost = await publishPost(ctx.app, bob);
    // Hidden from everyone but its author (there is no API for it: an operator's or an old version's doing).
    const privatePost = await publishPost(ctx.app, bob);
    await ctx.app.database.query(`update posts set visibility = 'private' where id = $1`, [privatePost.id]);
    // Blocks either way: dave blocked the author, the author blocked erin.
    const dave = await createUser(ctx.app);
    const erin = await createUser(ctx.app);
    const block = async (who: TestUser, whom: TestUser) =>
      expect(
        (await ctx.app.inject({ method: 'POST', url: `/api/v1/blocks/${whom.id}`, headers: who.headers }))
          .statusCode,
      ).toBe(200);
    await block(dave, bob);
    await block(bob, erin);
    // Every stream also watches `marker`, whose stats change last: once a stream has them, it would
    // have had the post events before (one stream's events arrive in order).
    const marker = await createUser(ctx.app);
    const watching = (postId: string) => `posts=${postId}&profiles=${marker.id}`;

    const guestOnPrivate = await open(watching(privatePost.id));
    const carolOnPrivate = await open(watching(privatePost.id), carol);
    const daveOnPublic = await open(watching(publicPost.id), dave);
    const erinOnPublic = await open(watching(publicPost.id), erin);
    const shut = [guestOnPrivate, carolOnPrivate, daveOnPublic, erinOnPublic];
    // Those who may see them: the author on their private post, anyone on the public one.
    const ownerOnPrivate = await open(watching(privatePost.id), bob);
    const carolOnPublic = await open(watching(publicPost.id), carol);
    for (const stream of [...shut, ownerOnPrivate, carolOnPublic]) {
      expect(stream.status).toBe(200);
      await stream.waitFor(statsOf(marker.id, 0));
    }
    expect(ctx.app.services.liveEvents.subscriberCount(postTopic(privatePost.id))).toBe(1);
    expect(ctx.app.services.liveEvents.subscriberCount(postTopic(publicPost.id))).toBe(1);

    await like(ctx.app, bob, privatePost.id);
    await comment(ctx.app, bob, privatePost.id, 'Note to self');
    await like(ctx.app, carol, publicPost.id);
    await comment(ctx.app, carol, publicPost.id, 'So good');
    await follow(ctx.app, carol, marker.id);

    await ownerOnPrivate.waitFor(likesOf(privatePost.id, 1), 2000);
    await commentsChanged(ownerOnPrivate, privatePost.id, 1);
    await carolOnPublic.waitFor(likesOf(publicPost.id, 1), 2000);
    await commentsChanged(carolOnPublic, publicPost.id, 1);
    for (const stream of shut) {
      await stream.waitFor(statsOf(marker.id, 1), 2000);
      expect(stream.events().filter(isPostEvent)).toEqual([]);
    }
  });

  it('refuses malformed or too many post ids, and opens a quiet stream for an unknown one', async () => {
    expect((await fetch(`${baseUrl}/api/v1/events?posts=1,2`)).status).toBe(400);
    const ids = Array.from({ length: 21 }, () => crypto.randomUUID()).join(',');
    const tooMany = await fetch(`${baseUrl}/api/v1/events?posts=${ids}`);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toContain('20 posts');
    const unknown = crypto.randomUUID();
    const stream = await open(`posts=${unknown}`);
    expect(stream.status).toBe(200);
    expect(ctx.app.services.liveEvents.subscriberCount(postTopic(unknown))).toBe(0);
  });
});

describe('closing the server', () => {
  it('ends open streams instead of waiting for them', async () => {
    const ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
    const baseUrl = await listen(ctx.app);
    const user = await createUser(ctx.app);
    const stream = await openEventStream(baseUrl, `profiles=${user.id}`);
    await stream.waitFor(statsOf(user.id, 0));
    const started = Date.now();
    await ctx.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('request logs', () => {
  it('never show tokens passed in the query', () => {
    expect(redactQuery('/api/v1/events?profiles=a&access_token=eyJ.secret.sig')).toBe(
      '/api/v1/events?profiles=a&access_token=[redacted]',
    );
    expect(redactQuery('/api/v1/events?access_token=x')).toBe('/api/v1/events?access_token=[redacted]');
    expect(redactQuery('/api/v1/posts?limit=2')).toBe('/api/v1/posts?limit=2');
  });
});

/*
 * The live test of the issue: two server instances on one PostgreSQL database. A follow made through
 * one reaches a browser connected to the other through LISTEN/NOTIFY. PGlite lives inside one process,
 * so there the test above (one instance) is the variant that runs, and this one is not registered at all.
 */
if (testDatabaseUrl) {
  describe('two server instances on one PostgreSQL database', () => {
    let drop: () => Promise<void>;
    let first: FastifyInstance;
    let second: FastifyInstance;
    let secondUrl: string;

    beforeAll(async () => {
      const created = await createPostgresTestDatabase();
      drop = created.drop;
      const config = {
        dataDir: null,
        webDist: null,
        seedDemo: false,
        logLevel: 'silent' as const,
        databaseUrl: created.url,
        authRateLimits: TEST_RATE_LIMITS,
      };
      first = await buildApp(config, { logger: false });
      second = await buildApp(config, { logger: false });
      await listen(first);
      secondUrl = await listen(second);
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
      await drop?.();
    });

    it('a follow made through one instance reaches a subscriber of the other within a second', async () => {
      const alice = await createUser(first);
      const bob = await createUser(first);
      const stream = await openEventStream(secondUrl, `profiles=${bob.id}`);
      try {
        await stream.waitFor(statsOf(bob.id, 0));
        const started = Date.now();
        expect((await follow(first, alice, bob.id)).statusCode).toBe(200);
        const event = await stream.waitFor(statsOf(bob.id, 1), 1000);
        expect(Date.now() - started).toBeLessThan(1000);
        expect(event.stats.followers_count).toBe(1);
      } finally {
        stream.close();
      }
    });

    it('a like made through one instance reaches a watcher of the post on the other', async () => {
      const bob = await createUser(first);
      const carol = await createUser(first);
      const post = await publishPost(first, bob);
      const stream = await openEventStream(secondUrl, `posts=${post.id}`);
      try {
        await stream.waitFor(likesOf(post.id, 0));
        await like(first, carol, post.id);
        await stream.waitFor(likesOf(post.id, 1), 2000);
        await comment(first, carol, post.id, 'From the other side');
        await commentsChanged(stream, post.id, 1);
      } finally {
        stream.close();
      }
    });

    it('keeps delivering after the database drops the listening connection, telling streams to resync', async () => {
      const alice = await createUser(first);
      const bob = await createUser(first);
      const stream = await openEventStream(secondUrl, `profiles=${bob.id}`);
      try {
        await stream.waitFor(statsOf(bob.id, 0));
        // Both instances' LISTEN connections are cut, as a database restart would.
        await second.database.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()
             and (query ilike 'LISTEN%' or query like '%sys listener heartbeat%')`,
        );
        await stream.waitFor((e) => e.type === 'resync', 5000);
        await follow(first, alice, bob.id);
        await stream.waitFor(statsOf(bob.id, 1), 2000);
      } finally {
        stream.close();
      }
    });
  });
}
