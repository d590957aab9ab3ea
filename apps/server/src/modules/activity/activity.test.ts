import type { ActivityItem, ActivityPage, Comment, LiveEvent, Post } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { publishPost } from '../../test/media.ts';
import { type EventStreamReader, openEventStream } from '../../test/sse.ts';
import { createNamedUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
});
afterAll(() => ctx.close());

let named = 0;
/** A new user with a username (the activity list names people). */
function person(): Promise<TestUser> {
  named += 1;
  return createNamedUser(ctx.app, `activity.person${named}`);
}

async function call(
  user: TestUser | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? user.headers : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok<T = unknown>(
  user: TestUser,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<T> {
  const response = await call(user, method, url, payload);
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}

const activity = (user: TestUser, query = '') => ok<ActivityPage>(user, 'GET', `/activity${query}`);
const unread = async (user: TestUser) =>
  (await ok<{ unread_count: number }>(user, 'GET', '/activity/unread-count')).unread_count;
const kinds = (page: ActivityPage) => page.items.map((item) => item.kind);
const actorIds = (item: ActivityItem) => item.actors.map((actor) => actor.id);
const comment = (user: TestUser, post: Post, body: string, parentId?: string) =>
  ok<Comment>(user, 'POST', `/posts/${post.id}/comments`, {
    body,
    ...(parentId ? { parent_id: parentId } : {}),
  });

describe('activity items are made by the actions', () => {
  it('a like on your post makes one item; liking again adds none; unliking withdraws it', async () => {
    const [maya, ben] = [await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    await ok(ben, 'PUT', `/posts/${post.id}/like`);
    await ok(ben, 'PUT', `/posts/${post.id}/like`);
    const page = await activity(maya);
    expect(page.items).toHaveLength(1);
    const [item] = page.items;
    expect(item).toMatchObject({ kind: 'like', post_id: post.id, actor_count: 1, read: false });
    expect(actorIds(item!)).toEqual([ben.id]);
    expect(item!.actors[0]!.username).toMatch(/^activity\.person/);
    expect(item!.post_thumbnail_url).toEqual(expect.any(String));
    expect(item!.post_media_type).toBe('image');
    expect(await unread(maya)).toBe(1);
    // Nothing for the one who acted.
    expect((await activity(ben)).items).toEqual([]);

    await ok(ben, 'DELETE', `/posts/${post.id}/like`);
    expect((await activity(maya)).items).toEqual([]);
    expect(await unread(maya)).toBe(0);
  });

  it('your own like, comment or reply makes nothing', async () => {
    const maya = await person();
    const post = await publishPost(ctx.app, maya);
    await ok(maya, 'PUT', `/posts/${post.id}/like`);
    const own = await comment(maya, post, 'My own words');
    await comment(maya, post, 'And my own reply', own.id);
    expect((await activity(maya)).items).toEqual([]);
  });

  it('a comment on your post and a reply to your comment; deleting the comment withdraws both', async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    const first = await comment(ben, post, 'Love the coat');
    let page = await activity(maya);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      kind: 'comment',
      comment_id: first.id,
      comment_body: 'Love the coat',
    });

    // Cleo answers Ben: Ben hears of the reply, Maya of a comment on her post.
    const reply = await comment(cleo, post, 'Me too', first.id);
    const benPage = await activity(ben);
    expect(benPage.items).toHaveLength(1);
    expect(benPage.items[0]).toMatchObject({ kind: 'reply', comment_id: reply.id, post_id: post.id });
    expect(actorIds(benPage.items[0]!)).toEqual([cleo.id]);
    page = await activity(maya);
    expect(kinds(page)).toEqual(['comment', 'comment']);

    // Maya answering Ben on her own post: Ben gets a reply, Maya nothing.
    await comment(maya, post, 'Thank you', first.id);
    expect(kinds(await activity(ben))).toEqual(['reply', 'reply']);
    expect((await activity(maya)).items).toHaveLength(2);

    // Ben deletes his comment: its replies go with it, and every item of the thread.
    await ok(ben, 'DELETE', `/comments/${first.id}`);
    expect((await activity(maya)).items).toEqual([]);
    expect((await activity(ben)).items).toEqual([]);
  });

  it('a reply to a reply reaches the author of the comment answered', async () => {
    const [maya, ben, cleo, dan] = [await person(), await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    const first = await comment(ben, post, 'First');
    const second = await comment(cleo, post, 'Second', first.id);
    await comment(dan, post, 'Third', second.id);
    const cleoPage = await activity(cleo);
    expect(kinds(cleoPage)).toEqual(['reply']);
    expect(actorIds(cleoPage.items[0]!)).toEqual([dan.id]);
  });

  it('a new follower makes an item; unfollowing withdraws it', async () => {
    const [maya, ben] = [await person(), await person()];
    await ok(ben, 'PUT', `/follows/${maya.id}`);
    await ok(ben, 'PUT', `/follows/${maya.id}`);
    const page = await activity(maya);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ kind: 'follow', post_id: null, post_thumbnail_url: null });
    expect(actorIds(page.items[0]!)).toEqual([ben.id]);
    await ok(ben, 'DELETE', `/follows/${maya.id}`);
    expect((await activity(maya)).items).toEqual([]);
  });

  it('deleting a post removes its items', async () => {
    const [maya, ben] = [await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    const kept = await publishPost(ctx.app, maya);
    await ok(ben, 'PUT', `/posts/${post.id}/like`);
    await comment(ben, post, 'Nice');
    await ok(ben, 'PUT', `/posts/${kept.id}/like`);
    expect((await activity(maya)).items).toHaveLength(3);
    await ok(maya, 'DELETE', `/posts/${post.id}`);
    const page = await activity(maya);
    expect(page.items.map((item) => item.post_id)).toEqual([kept.id]);
  });
});

describe('blocks', () => {
  it('hides what a blocked person did, whoever blocked whom, and shows it again after unblocking', async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    await ok(ben, 'PUT', `/posts/${post.id}/like`);
    await comment(ben, post, 'Hello');
    await ok(cleo, 'PUT', `/posts/${post.id}/like`);
    expect(await unread(maya)).toBe(2);

    for (const [blocker, blocked] of [
      [maya, ben],
      [ben, maya],
    ] as const) {
      await ok(blocker, 'POST', `/blocks/${blocked.id}`);
      const page = await activity(maya);
      expect(page.items.flatMap(actorIds)).toEqual([cleo.id]);
      expect(page.items[0]!.actor_count).toBe(1);
      expect(await unread(maya)).toBe(1);
      await ok(blocker, 'DELETE', `/blocks/${blocked.id}`);
    }
    expect(await unread(maya)).toBe(2);
  });
});

describe('the list', () => {
  it('groups likes of a post and follows of a day, names the newest three people, counts them all', async () => {
    const maya = await person();
    const fans = [await person(), await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    for (const fan of fans) await ok(fan, 'PUT', `/posts/${post.id}/like`);
    for (const fan of fans.slice(0, 2)) await ok(fan, 'PUT', `/follows/${maya.id}`);
    const page = await activity(maya);
    expect(kinds(page)).toEqual(['follow', 'like']);
    const [follow, like] = page.items;
    expect(like!.actor_count).toBe(4);
    expect(actorIds(like!)).toEqual([fans[3]!.id, fans[2]!.id, fans[1]!.id]);
    expect(follow!.actor_count).toBe(2);
    expect(actorIds(follow!)).toEqual([fans[1]!.id, fans[0]!.id]);
    expect(await unread(maya)).toBe(2);
    // A like withdrawn leaves the rest of its group.
    await ok(fans[3]!, 'DELETE', `/posts/${post.id}/like`);
    const after = (await activity(maya)).items.find((item) => item.kind === 'like')!;
    expect(after.actor_count).toBe(3);
    expect(actorIds(after)).toEqual([fans[2]!.id, fans[1]!.id, fans[0]!.id]);
  });

  it('pages newest first with the one paging helper, without repeats or gaps', async () => {
    const maya = await person();
    const ben = await person();
    const posts = [await publishPost(ctx.app, maya), await publishPost(ctx.app, maya)];
    for (const post of posts) await comment(ben, post, `On ${post.id}`);
    await ok(ben, 'PUT', `/posts/${posts[0]!.id}/like`);
    await ok(ben, 'PUT', `/follows/${maya.id}`);
    const all = await activity(maya, '?limit=50');
    expect(kinds(all)).toEqual(['follow', 'like', 'comment', 'comment']);
    expect(all.next_cursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await activity(maya, query);
      expect(page.items).toHaveLength(1);
      seen.push(page.items[0]!.id);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.items.map((item) => item.id));
    const bad = await call(maya, 'GET', '/activity?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
  });
});

describe('reading', () => {
  it('marks read all, or up to a time; nobody else can read or mark your activity', async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    await ok(ben, 'PUT', `/follows/${maya.id}`);
    const between = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ok(ben, 'PUT', `/posts/${post.id}/like`);
    await ok(maya, 'PUT', `/follows/${cleo.id}`);
    expect(await unread(maya)).toBe(2);

    // Ben and Cleo cannot see or mark Maya's: their calls touch only their own.
    expect((await activity(ben)).items).toEqual([]);
    expect((await ok<{ unread_count: number }>(cleo, 'POST', '/activity/read', {})).unread_count).toBe(0);
    expect(await unread(maya)).toBe(2);
    expect(await unread(cleo)).toBe(0);
    for (const [method, url] of [
      ['GET', '/activity'],
      ['GET', '/activity/unread-count'],
      ['POST', '/activity/read'],
    ] as const) {
      const response = await call(null, method, url);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
    }

    const partly = await ok<{ unread_count: number }>(maya, 'POST', '/activity/read', { before: between });
    expect(partly.unread_count).toBe(1);
    const page = await activity(maya);
    expect(page.items.map((item) => [item.kind, item.read])).toEqual([
      ['like', false],
      ['follow', true],
    ]);
    const rest = await call(maya, 'POST', '/activity/read');
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toEqual({ unread_count: 0 });
    expect((await activity(maya)).items.every((item) => item.read)).toBe(true);

    const invalid = await call(maya, 'POST', '/activity/read', { before: 'yesterday' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.details[0].field).toMatch(/before/);
  });
});

describe('live', () => {
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

  it('every open stream of the recipient gets the new unread count; nobody else does', async () => {
    const [maya, ben] = [await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    const tabs = [
      await openEventStream(baseUrl, '', maya.headers),
      await openEventStream(baseUrl, '', maya.headers),
    ];
    const other = await openEventStream(baseUrl, '', ben.headers);
    streams.push(...tabs, other);
    for (const tab of tabs) await tab.waitFor(unreadIs(0));
    await other.waitFor(unreadIs(0));

    await ok(ben, 'PUT', `/posts/${post.id}/like`);
    for (const tab of tabs) await tab.waitFor(() => tabCount(tab) === 2);
    await ok(ben, 'DELETE', `/posts/${post.id}/like`);
    for (const tab of tabs) await tab.waitFor(() => tabCount(tab) === 3);
    await ok(ben, 'PUT', `/follows/${maya.id}`);
    for (const tab of tabs) await tab.waitFor(() => tabCount(tab) === 4);
    await ok(maya, 'POST', '/activity/read', {});
    for (const tab of tabs) await tab.waitFor(() => tabCount(tab) === 5);
    expect(tabs[0]!.events().filter((e) => e.type === 'activity.unread')).toEqual([
      { type: 'activity.unread', unread_count: 0 },
      { type: 'activity.unread', unread_count: 1 },
      { type: 'activity.unread', unread_count: 0 },
      { type: 'activity.unread', unread_count: 1 },
      { type: 'activity.unread', unread_count: 0 },
    ]);
    // Ben's own stream heard nothing of Maya's activity.
    expect(other.events().filter((e) => e.type === 'activity.unread')).toEqual([
      { type: 'activity.unread', unread_count: 0 },
    ]);
  });
});

const tabCount = (tab: EventStreamReader) => tab.events().filter((e) => e.type === 'activity.unread').length;

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}
