import type { ActivityPage, ActivitySettings, Comment, LiveEvent, Post } from '@sys/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { publishPost } from '../../test/media.ts';
import { type EventStreamReader, openEventStream } from '../../test/sse.ts';
import { createNamedUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

/*
 * Issue 19, second part: messages and comment likes as activity, the kinds a person turns off, muting a
 * person, and the live unread count when a block or a post deletion takes items away. Each rule is
 * tried the way someone would break it.
 */

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
});
afterAll(() => ctx.close());

let named = 0;
function person(): Promise<TestUser> {
  named += 1;
  return createNamedUser(ctx.app, `settings.person${named}`);
}

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

function call(user: TestUser | null, method: Method, url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? user.headers : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok<T = unknown>(user: TestUser, method: Method, url: string, payload?: unknown): Promise<T> {
  const response = await call(user, method, url, payload);
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}

const activity = (user: TestUser) => ok<ActivityPage>(user, 'GET', '/activity');
const unread = async (user: TestUser) =>
  (await ok<{ unread_count: number }>(user, 'GET', '/activity/unread-count')).unread_count;
const kinds = async (user: TestUser) => (await activity(user)).items.map((item) => item.kind);
const comment = (user: TestUser, post: Post, body: string) =>
  ok<Comment>(user, 'POST', `/posts/${post.id}/comments`, { body });

/** A conversation `from` started with `to` (following them first, as starting one needs). */
async function conversation(from: TestUser, to: TestUser): Promise<string> {
  await ok(from, 'PUT', `/follows/${to.id}`);
  const created = await ok<{ id: string }>(from, 'POST', '/conversations', { profile_id: to.id });
  return created.id;
}
const send = (user: TestUser, conversationId: string, body: string) =>
  ok<{ id: string }>(user, 'POST', `/conversations/${conversationId}/messages`, { body });

const ALL_ON: ActivitySettings['kinds'] = {
  like: true,
  comment: true,
  reply: true,
  follow: true,
  mention: true,
  message: true,
  comment_like: true,
};
const setKinds = (user: TestUser, kinds: Partial<ActivitySettings['kinds']>) =>
  ok<ActivitySettings>(user, 'PUT', '/me/activity-settings', { kinds: { ...ALL_ON, ...kinds } });

describe('messages', () => {
  it('a burst of messages is one item linking to the conversation, unread again when more arrive', async () => {
    const [maya, ben] = [await person(), await person()];
    const conversationId = await conversation(ben, maya);
    await ok(maya, 'POST', '/activity/read', {});
    for (const body of ['hi', 'are you there?', 'love your fit']) await send(ben, conversationId, body);

    let page = await activity(maya);
    const messageItems = page.items.filter((item) => item.kind === 'message');
    expect(messageItems).toHaveLength(1);
    expect(messageItems[0]).toMatchObject({
      kind: 'message',
      conversation_id: conversationId,
      actor_count: 1,
      read: false,
      post_id: null,
    });
    expect(messageItems[0]!.actors.map((actor) => actor.id)).toEqual([ben.id]);
    expect(await unread(maya)).toBe(1);
    // The sender's own activity has nothing of it.
    expect(await kinds(ben)).not.toContain('message');

    await ok(maya, 'POST', '/activity/read', {});
    expect(await unread(maya)).toBe(0);
    await send(ben, conversationId, 'one more');
    page = await activity(maya);
    expect(page.items.filter((item) => item.kind === 'message')).toHaveLength(1);
    expect(await unread(maya)).toBe(1);

    // Maya's answer is an item for Ben, in the same conversation.
    await send(maya, conversationId, 'hello!');
    const bens = (await activity(ben)).items.filter((item) => item.kind === 'message');
    expect(bens).toHaveLength(1);
    expect(bens[0]!.actors[0]!.id).toBe(maya.id);
  });

  it('deleting the messages withdraws the item; the service announces the withdrawal', async () => {
    const [maya, ben] = [await person(), await person()];
    const conversationId = await conversation(ben, maya);
    // The follow it took is read: only the messages count.
    await ok(maya, 'POST', '/activity/read', {});
    const first = await send(ben, conversationId, 'first');
    expect(await unread(maya)).toBe(1);
    const second = await send(ben, conversationId, 'second');
    expect(await kinds(maya)).toContain('message');
    const { activity: service } = ctx.app.services;
    const database = ctx.app.database;
    // The API has no message deletion yet; the item hangs on each message in the database itself.
    const withdrawn = await database.db.transaction(async (tx) => {
      const recipients = await service.messageRemoved(tx, first.id);
      await tx.execute(sql`delete from messages where id = ${first.id}::uuid`);
      return recipients;
    });
    expect(withdrawn).toEqual([maya.id]);
    // One message is left: the item stays.
    expect(await kinds(maya)).toContain('message');
    await database.query('delete from messages where id = $1', [second.id]);
    expect(await kinds(maya)).not.toContain('message');
    expect(await unread(maya)).toBe(0);
  });

  it('a block stops message items (no message can be sent across one)', async () => {
    const [maya, ben] = [await person(), await person()];
    const conversationId = await conversation(ben, maya);
    await ok(maya, 'POST', `/blocks/${ben.id}`);
    expect(
      (await call(ben, 'POST', `/conversations/${conversationId}/messages`, { body: 'hey' })).statusCode,
    ).toBe(403);
    await ok(maya, 'DELETE', `/blocks/${ben.id}`);
    expect(await kinds(maya)).not.toContain('message');
  });
});

describe('comment likes', () => {
  it('a like on your comment is an item; unliking withdraws it; your own like makes none', async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const post = await publishPost(ctx.app, cleo);
    const mine = await comment(maya, post, 'That coat!');
    await ok(maya, 'PUT', `/comments/${mine.id}/like`);
    expect(await kinds(maya)).toEqual([]);

    await ok(ben, 'PUT', `/comments/${mine.id}/like`);
    await ok(cleo, 'PUT', `/comments/${mine.id}/like`);
    await ok(ben, 'PUT', `/comments/${mine.id}/like`);
    const page = await activity(maya);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      kind: 'comment_like',
      comment_id: mine.id,
      comment_body: 'That coat!',
      post_id: post.id,
      actor_count: 2,
    });
    expect(page.items[0]!.actors.map((actor) => actor.id)).toEqual([cleo.id, ben.id]);
    expect(await unread(maya)).toBe(1);

    await ok(ben, 'DELETE', `/comments/${mine.id}/like`);
    expect((await activity(maya)).items[0]).toMatchObject({ kind: 'comment_like', actor_count: 1 });
    await ok(cleo, 'DELETE', `/comments/${mine.id}/like`);
    expect(await kinds(maya)).toEqual([]);
    expect(await unread(maya)).toBe(0);
    // The like count the comment shows agrees.
    const comments = await ok<{ items: Comment[] }>(ben, 'GET', `/posts/${post.id}/comments`);
    expect(comments.items.find((c) => c.id === mine.id)).toMatchObject({ like_count: 1, liked_by_me: false });
  });

  it('deleting the comment withdraws its likes', async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const post = await publishPost(ctx.app, cleo);
    const mine = await comment(maya, post, 'Nice');
    await ok(ben, 'PUT', `/comments/${mine.id}/like`);
    expect(await kinds(maya)).toEqual(['comment_like']);
    await ok(maya, 'DELETE', `/comments/${mine.id}`);
    expect(await kinds(maya)).toEqual([]);
    expect(await unread(maya)).toBe(0);
  });
});

describe('settings', () => {
  it('needs sign-in and takes every kind, each a boolean, nothing else', async () => {
    const maya = await person();
    expect((await call(null, 'GET', '/me/activity-settings')).statusCode).toBe(401);
    expect((await call(null, 'PUT', '/me/activity-settings', { kinds: ALL_ON })).statusCode).toBe(401);
    expect(await ok(maya, 'GET', '/me/activity-settings')).toEqual({ kinds: ALL_ON });

    const { mention: _left, ...missing } = ALL_ON;
    for (const body of [
      { kinds: missing },
      { kinds: { ...ALL_ON, like: 'no' } },
      { kinds: { ...ALL_ON, poke: false } },
      { kinds: ALL_ON, extra: true },
      { kinds: null },
      [],
    ]) {
      const response = await call(maya, 'PUT', '/me/activity-settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await ok(maya, 'GET', '/me/activity-settings')).toEqual({ kinds: ALL_ON });
  });

  it('a kind turned off records no item for that person, and only for them; on again, it records', async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const saved = await setKinds(maya, { like: false, follow: false, message: false, comment_like: false });
    expect(saved.kinds).toEqual({
      ...ALL_ON,
      like: false,
      follow: false,
      message: false,
      comment_like: false,
    });
    expect(await ok(maya, 'GET', '/me/activity-settings')).toEqual(saved);

    const mayasPost = await publishPost(ctx.app, maya);
    const cleosPost = await publishPost(ctx.app, cleo);
    await ok(ben, 'PUT', `/posts/${mayasPost.id}/like`);
    const conversationId = await conversation(ben, maya); // a follow, then a message
    await send(ben, conversationId, 'hi');
    const mine = await comment(maya, cleosPost, 'Lovely');
    await ok(ben, 'PUT', `/comments/${mine.id}/like`);
    // Only the kind still on: the comment.
    await comment(ben, mayasPost, 'Great look');
    expect(await kinds(maya)).toEqual(['comment']);

    // Ben's settings are his own: Cleo's like of his post reaches him.
    const bensPost = await publishPost(ctx.app, ben);
    await ok(cleo, 'PUT', `/posts/${bensPost.id}/like`);
    expect(await kinds(ben)).toContain('like');

    // On again: the next like is recorded; what happened while it was off stays unrecorded.
    await setKinds(maya, {});
    await ok(cleo, 'PUT', `/posts/${mayasPost.id}/like`);
    const page = await activity(maya);
    const likes = page.items.filter((item) => item.kind === 'like');
    expect(likes).toHaveLength(1);
    expect(likes[0]!.actors.map((actor) => actor.id)).toEqual([cleo.id]);
  });

  it('replies and comments are separate choices', async () => {
    const [maya, ben] = [await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    await setKinds(maya, { reply: false });
    const mine = await comment(maya, post, 'Thanks all');
    await ok(ben, 'POST', `/posts/${post.id}/comments`, { body: 'Agreed', parent_id: mine.id });
    await comment(ben, post, 'Separate');
    // The reply to her comment is off; the plain comment on her post is on.
    expect(await kinds(maya)).toEqual(['comment']);
  });
});

describe('mutes', () => {
  it('needs sign-in, cannot target yourself, and answers 404 for nobody', async () => {
    const [maya, ben] = [await person(), await person()];
    for (const method of ['POST', 'DELETE', 'GET'] as const) {
      expect((await call(null, method, `/mutes/${ben.id}`)).statusCode).toBe(401);
    }
    expect((await call(null, 'GET', '/mutes')).statusCode).toBe(401);
    const self = await call(maya, 'POST', `/mutes/${maya.id}`);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({
      error: { code: 'cannot_mute_self', message: 'You cannot mute yourself' },
    });
    expect((await call(maya, 'POST', '/mutes/00000000-0000-4000-8000-0000000000aa')).statusCode).toBe(404);
    expect((await call(maya, 'POST', '/mutes/not-a-uuid')).statusCode).toBe(404);
    expect((await ok<{ items: unknown[] }>(maya, 'GET', '/mutes')).items).toEqual([]);
  });

  it("a muted person's actions record nothing for the muter; unmuting restores future items", async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    const cleosPost = await publishPost(ctx.app, cleo);
    expect(await ok(maya, 'POST', `/mutes/${ben.id}`)).toEqual({ muted: true });
    expect(await ok(maya, 'POST', `/mutes/${ben.id}`)).toEqual({ muted: true });
    expect(await ok(maya, 'GET', `/mutes/${ben.id}`)).toEqual({ muted: true });

    await ok(ben, 'PUT', `/posts/${post.id}/like`);
    await comment(ben, post, 'Nice');
    const mine = await comment(maya, cleosPost, 'Hello');
    await ok(ben, 'PUT', `/comments/${mine.id}/like`);
    await ok(ben, 'POST', `/posts/${cleosPost.id}/comments`, { body: 'Hi', parent_id: mine.id });
    const conversationId = await conversation(ben, maya);
    await send(ben, conversationId, 'hey');
    expect(await kinds(maya)).toEqual([]);
    expect(await unread(maya)).toBe(0);
    // Others still reach her.
    await ok(cleo, 'PUT', `/posts/${post.id}/like`);
    expect(await kinds(maya)).toEqual(['like']);

    const list = await ok<{ items: { id: string; muted_at: string }[] }>(maya, 'GET', '/mutes');
    expect(list.items.map((item) => item.id)).toEqual([ben.id]);

    expect(await ok(maya, 'DELETE', `/mutes/${ben.id}`)).toEqual({ muted: false });
    expect(await ok(maya, 'DELETE', `/mutes/${ben.id}`)).toEqual({ muted: false });
    expect((await ok<{ items: unknown[] }>(maya, 'GET', '/mutes')).items).toEqual([]);
    await send(ben, conversationId, 'again');
    await ok(ben, 'DELETE', `/posts/${post.id}/like`);
    await ok(ben, 'PUT', `/posts/${post.id}/like`);
    const page = await activity(maya);
    expect(page.items.map((item) => item.kind).sort()).toEqual(['like', 'message']);
    const like = page.items.find((item) => item.kind === 'like');
    expect(like!.actors.map((actor) => actor.id).sort()).toEqual([ben.id, cleo.id].sort());
  });

  it("is private: the muted person sees nothing change and cannot read the muter's list", async () => {
    const [maya, ben] = [await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    const profileBefore = await call(
      ben,
      'GET',
      `/profiles/${encodeURIComponent(`settings.person${named - 1}`)}`,
    );
    await ok(maya, 'POST', `/mutes/${ben.id}`);
    const profileAfter = await call(
      ben,
      'GET',
      `/profiles/${encodeURIComponent(`settings.person${named - 1}`)}`,
    );
    expect(profileAfter.statusCode).toBe(200);
    expect(profileAfter.json()).toEqual(profileBefore.json());
    // Ben's own questions say nothing: his mute of Maya is false, his list is his own.
    expect(await ok(ben, 'GET', `/mutes/${maya.id}`)).toEqual({ muted: false });
    expect((await ok<{ items: unknown[] }>(ben, 'GET', '/mutes')).items).toEqual([]);
    // His like works and counts as before.
    const like = await ok<{ liked: boolean; like_count: number }>(ben, 'PUT', `/posts/${post.id}/like`);
    expect(like).toEqual({ liked: true, like_count: 1 });
    // Messaging still works both ways.
    const conversationId = await conversation(ben, maya);
    expect(
      (await call(ben, 'POST', `/conversations/${conversationId}/messages`, { body: 'hi' })).statusCode,
    ).toBe(201);
  });
});

describe('live unread count', () => {
  let baseUrl: string;
  const streams: EventStreamReader[] = [];
  beforeAll(async () => {
    baseUrl = await listen(ctx.app);
  });
  afterAll(() => {
    for (const stream of streams) stream.close();
  });

  const unreadIs = (count: number) => (event: LiveEvent) =>
    event.type === 'activity.unread' && event.unread_count === count;
  const lastUnread = (stream: EventStreamReader) =>
    stream
      .events()
      .filter((event) => event.type === 'activity.unread')
      .at(-1);

  it('a block that hides items announces both people their new count; unblocking announces again', async () => {
    const [maya, ben] = [await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    await ok(ben, 'PUT', `/posts/${post.id}/like`);
    await comment(ben, post, 'So good');
    const tab = await openEventStream(baseUrl, '', maya.headers);
    streams.push(tab);
    await tab.waitFor(unreadIs(2));

    await ok(maya, 'POST', `/blocks/${ben.id}`);
    await tab.waitFor(
      () => lastUnread(tab)?.type === 'activity.unread' && lastUnread(tab)?.unread_count === 0,
    );
    expect(await unread(maya)).toBe(0);

    await ok(maya, 'DELETE', `/blocks/${ben.id}`);
    await tab.waitFor(
      () => lastUnread(tab)?.type === 'activity.unread' && lastUnread(tab)?.unread_count === 2,
    );
  });

  it('the person blocked hears their count too, when the block hides what the blocker did', async () => {
    const [maya, ben] = [await person(), await person()];
    const bensPost = await publishPost(ctx.app, ben);
    await ok(maya, 'PUT', `/posts/${bensPost.id}/like`);
    const tab = await openEventStream(baseUrl, '', ben.headers);
    streams.push(tab);
    await tab.waitFor(unreadIs(1));
    await ok(maya, 'POST', `/blocks/${ben.id}`);
    await tab.waitFor(
      () => lastUnread(tab)?.type === 'activity.unread' && lastUnread(tab)?.unread_count === 0,
    );
  });

  it('deleting a post announces the new count to everyone who had items about it', async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    const other = await publishPost(ctx.app, maya);
    await ok(ben, 'PUT', `/posts/${post.id}/like`);
    await ok(ben, 'PUT', `/posts/${other.id}/like`);
    const bens = await comment(ben, post, 'Wow');
    await ok(cleo, 'PUT', `/comments/${bens.id}/like`);
    const mayaTab = await openEventStream(baseUrl, '', maya.headers);
    const benTab = await openEventStream(baseUrl, '', ben.headers);
    streams.push(mayaTab, benTab);
    await mayaTab.waitFor(unreadIs(3));
    await benTab.waitFor(unreadIs(1));

    await ok(maya, 'DELETE', `/posts/${post.id}`);
    // Maya keeps the like of her other post; Ben's comment like went with the post.
    await mayaTab.waitFor(
      () => lastUnread(mayaTab)?.type === 'activity.unread' && lastUnread(mayaTab)?.unread_count === 1,
    );
    await benTab.waitFor(
      () => lastUnread(benTab)?.type === 'activity.unread' && lastUnread(benTab)?.unread_count === 0,
    );
    expect(await unread(maya)).toBe(1);
    expect(await unread(ben)).toBe(0);
  });

  it('a message announces the recipient their count; a muted sender announces nothing', async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const withBen = await conversation(ben, maya);
    const withCleo = await conversation(cleo, maya);
    await ok(maya, 'POST', '/activity/read', {});
    await ok(maya, 'POST', `/mutes/${cleo.id}`);
    const tab = await openEventStream(baseUrl, '', maya.headers);
    streams.push(tab);
    await tab.waitFor(unreadIs(0));
    await send(cleo, withCleo, 'muted hello');
    await send(ben, withBen, 'hello');
    await tab.waitFor(unreadIs(1));
    expect(tab.events().filter((event) => event.type === 'activity.unread')).toEqual([
      { type: 'activity.unread', unread_count: 0 },
      { type: 'activity.unread', unread_count: 1 },
    ]);
  });
});

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}
