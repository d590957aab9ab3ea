import type { ActivityPage, Comment, MentionSuggestions, Post } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { publishPost } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

/*
 * Mentions (issue 19): '@username' in a caption or a comment makes a 'mention' item for that person,
 * and the suggestions while typing. Each test tries to break one rule.
 */

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
});
afterAll(() => ctx.close());

type Person = TestUser & { username: string };
let named = 0;
async function person(prefix = 'mention.person', displayName?: string): Promise<Person> {
  const user = await createUser(ctx.app);
  named += 1;
  const username = `${prefix}${named}`;
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/v1/profiles/me',
    headers: user.headers,
    payload: { username, ...(displayName ? { display_name: displayName } : {}) },
  });
  expect(response.statusCode).toBe(200);
  return { ...user, username };
}

async function call(user: TestUser | null, method: string, url: string, payload?: unknown) {
  return ctx.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: user ? user.headers : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok<T = unknown>(user: TestUser, method: string, url: string, payload?: unknown): Promise<T> {
  const response = await call(user, method, url, payload);
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}

const mentions = async (user: TestUser) =>
  (await ok<ActivityPage>(user, 'GET', '/activity')).items.filter((item) => item.kind === 'mention');
const comment = (user: TestUser, post: Post, body: string) =>
  ok<Comment>(user, 'POST', `/posts/${post.id}/comments`, { body });
/** Mention rows in the table itself, whatever the list would show. */
async function storedMentions(recipient: TestUser): Promise<number> {
  const rows = await ctx.app.database.query(
    `select count(*)::int as n from activity_items where kind = 'mention' and recipient_id = $1`,
    [recipient.id],
  );
  return Number((rows as { n: number }[])[0]?.n ?? 0);
}

describe('mentions make activity items', () => {
  it('a comment mentioning someone gives them one item naming the writer and the comment', async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    const written = await comment(
      ben,
      post,
      `look @${cleo.username.toUpperCase()}! and @${cleo.username} again`,
    );
    const items = await mentions(cleo);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      kind: 'mention',
      post_id: post.id,
      comment_id: written.id,
      comment_body: written.body,
      read: false,
    });
    expect(items[0]!.actors.map((a) => a.id)).toEqual([ben.id]);
  });

  it('a caption mentioning someone gives them an item on the post', async () => {
    const [maya, cleo] = [await person(), await person()];
    const post = await publishPost(ctx.app, maya, { caption: `with @${cleo.username} today` });
    const items = await mentions(cleo);
    expect(items).toMatchObject([{ kind: 'mention', post_id: post.id, comment_id: null }]);
  });

  it('mentioning yourself makes nothing', async () => {
    const maya = await person();
    const post = await publishPost(ctx.app, maya, { caption: `me @${maya.username}` });
    await comment(maya, post, `again @${maya.username}`);
    expect(await storedMentions(maya)).toBe(0);
  });

  it('mentioning nobody real, or an e-mail address, makes nothing', async () => {
    const [maya, ben] = [await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    await comment(ben, post, `write to x@${maya.username} or @nobody.here.at.all`);
    expect(await storedMentions(maya)).toBe(0);
  });

  it('makes nothing across a block, whoever blocked whom, and nothing appears after unblocking', async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    for (const [blocker, blocked] of [
      [ben, cleo],
      [cleo, ben],
    ] as const) {
      await ok(blocker, 'POST', `/blocks/${blocked.id}`);
      await comment(ben, post, `hey @${cleo.username}`);
      await ok(blocker, 'DELETE', `/blocks/${blocked.id}`);
    }
    expect(await storedMentions(cleo)).toBe(0);
    expect(await mentions(cleo)).toEqual([]);
  });

  it("makes nothing for someone blocked by the post's author (they may not see the post)", async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    await ok(maya, 'POST', `/blocks/${cleo.id}`);
    await comment(ben, post, `hey @${cleo.username}`);
    expect(await storedMentions(cleo)).toBe(0);
  });

  it('makes nothing when the post is private (only its author sees it)', async () => {
    const [maya, cleo] = [await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    await ctx.app.database.query(`update posts set visibility = 'private' where id = $1`, [post.id]);
    await comment(maya, post, `for @${cleo.username}`);
    await ok(maya, 'PATCH', `/posts/${post.id}`, { caption: `now with @${cleo.username}` });
    expect(await storedMentions(cleo)).toBe(0);
  });

  it('editing a caption adds items only for the newly mentioned', async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya, { caption: `with @${ben.username}` });
    await ok(maya, 'PATCH', `/posts/${post.id}`, { caption: `with @${ben.username} and @${cleo.username}` });
    await ok(maya, 'PATCH', `/posts/${post.id}`, { caption: `with @${ben.username} and @${cleo.username}!` });
    expect(await storedMentions(ben)).toBe(1);
    expect(await storedMentions(cleo)).toBe(1);
    // An edit that leaves the caption alone reads no mentions at all.
    await ok(maya, 'PATCH', `/posts/${post.id}`, { items: [] });
    expect(await storedMentions(cleo)).toBe(1);
  });

  it("the post's author hears of a comment once, not again as a mention", async () => {
    const [maya, ben] = [await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    await comment(ben, post, `what do you think @${maya.username}?`);
    const items = (await ok<ActivityPage>(maya, 'GET', '/activity')).items;
    expect(items.map((item) => item.kind)).toEqual(['comment']);
  });

  it('deleting the comment withdraws the mention, and so does deleting the post', async () => {
    const [maya, ben, cleo] = [await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya, { caption: `with @${cleo.username}` });
    const written = await comment(ben, post, `hi @${cleo.username}`);
    expect(await storedMentions(cleo)).toBe(2);
    expect((await ok<{ unread_count: number }>(cleo, 'GET', '/activity/unread-count')).unread_count).toBe(2);
    await ok(ben, 'DELETE', `/comments/${written.id}`);
    expect((await mentions(cleo)).map((item) => item.comment_id)).toEqual([null]);
    expect((await ok<{ unread_count: number }>(cleo, 'GET', '/activity/unread-count')).unread_count).toBe(1);
    await ok(maya, 'DELETE', `/posts/${post.id}`);
    expect(await storedMentions(cleo)).toBe(0);
  });
});

describe('mention suggestions', () => {
  const suggest = (user: TestUser, q: string) =>
    ok<MentionSuggestions>(user, 'GET', `/mentions/suggestions?q=${encodeURIComponent(q)}`);

  it('needs sign-in', async () => {
    expect((await call(null, 'GET', '/mentions/suggestions?q=ab')).statusCode).toBe(401);
  });

  it('refuses what no username could hold', async () => {
    const maya = await person();
    expect((await call(maya, 'GET', '/mentions/suggestions?q=a%20b')).statusCode).toBe(400);
    expect((await call(maya, 'GET', `/mentions/suggestions?q=${'a'.repeat(31)}`)).statusCode).toBe(400);
  });

  it('offers people followed first, then others, by username or display name prefix; never oneself', async () => {
    const viewer = await person('sugg.viewer');
    const stranger = await person('sugg.zed');
    const followed = await person('sugg.zz');
    const byName = await person('other.name', 'Sugg Display');
    await ok(viewer, 'PUT', `/follows/${followed.id}`);
    const { items } = await suggest(viewer, 'SUGG');
    const ids = items.map((item) => item.id);
    expect(ids[0]).toBe(followed.id);
    expect(ids).toEqual(expect.arrayContaining([stranger.id, byName.id]));
    expect(ids).not.toContain(viewer.id);
    expect(items[0]).toMatchObject({ username: followed.username, following: true });
    expect(items.find((item) => item.id === stranger.id)?.following).toBe(false);
  });

  it('leaves out anyone a block stands between, whoever blocked whom', async () => {
    const viewer = await person('blk.viewer');
    const [a, b] = [await person('blk.target'), await person('blk.target')];
    await ok(viewer, 'POST', `/blocks/${a.id}`);
    await ok(b, 'POST', `/blocks/${viewer.id}`);
    const { items } = await suggest(viewer, 'blk.t');
    expect(items.map((item) => item.id)).not.toEqual(expect.arrayContaining([a.id]));
    expect(items.map((item) => item.id)).not.toContain(b.id);
    expect(items).toEqual([]);
  });

  it("takes '_' literally, not as a wildcard", async () => {
    const viewer = await person();
    const plain = await person('und.xa');
    const { items } = await suggest(viewer, 'und_x');
    expect(items.map((item) => item.id)).not.toContain(plain.id);
  });
});
