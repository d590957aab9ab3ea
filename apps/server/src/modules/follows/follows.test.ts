import type { FollowListPage, FollowState, PostPage } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { publishPost } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

async function nameUser(user: TestUser, username: string) {
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/v1/profiles/me',
    headers: user.headers,
    payload: { username },
  });
  expect(response.statusCode).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  alice = await createUser(ctx.app);
  bob = await createUser(ctx.app);
  carol = await createUser(ctx.app);
  await nameUser(alice, 'alice');
  await nameUser(bob, 'bob');
  await nameUser(carol, 'carol');
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'PUT' | 'DELETE', url: string, user: TestUser | null) {
  return ctx.app.inject({ method, url: `/api/v1${url}`, headers: user ? user.headers : {} });
}

const followRows = async () =>
  (await ctx.app.database.query<{ n: number }>('select count(*)::int as n from follows'))[0]!.n;

let people = 0;
/** A new user with a username of their own: each test follows and counts its own people. */
async function newPerson(name: string): Promise<TestUser & { username: string }> {
  const user = await createUser(ctx.app);
  const username = `${name}_${++people}`;
  await nameUser(user, username);
  return { ...user, username };
}

describe('follow and unfollow', () => {
  it('follows a user and answers the new counts', async () => {
    const [fan, star] = [await newPerson('fan'), await newPerson('star')];
    const response = await call('PUT', `/profiles/${star.username}/follow`, fan);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      following: true,
      stats: { posts_count: 0, followers_count: 1, following_count: 0 },
    } satisfies FollowState);
  });

  it('is harmless to repeat: one row, same answer', async () => {
    const [fan, star] = [await newPerson('fan'), await newPerson('star')];
    expect((await call('PUT', `/profiles/${star.username}/follow`, fan)).statusCode).toBe(200);
    const before = await followRows();
    const again = await call('PUT', `/profiles/${star.username.toUpperCase()}/follow`, fan);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ following: true, stats: { followers_count: 1 } });
    expect(await followRows()).toBe(before);
  });

  it('follows by profile id too (feed cards)', async () => {
    const [fan, star, other] = [await newPerson('fan'), await newPerson('star'), await newPerson('other')];
    await call('PUT', `/profiles/${other.username}/follow`, fan);
    const response = await call('PUT', `/follows/${star.id}`, fan);
    expect(response.json()).toMatchObject({ following: true, stats: { followers_count: 1 } });
    expect((await call('GET', `/profiles/${fan.username}/stats`, null)).json()).toMatchObject({
      following_count: 2,
    });
  });

  it('unfollows, and unfollowing again changes nothing', async () => {
    const [fan, star, other] = [await newPerson('fan'), await newPerson('star'), await newPerson('other')];
    await call('PUT', `/profiles/${other.username}/follow`, fan);
    await call('PUT', `/follows/${star.id}`, fan);
    const first = await call('DELETE', `/follows/${star.id}`, fan);
    expect(first.json()).toEqual({
      following: false,
      stats: { posts_count: 0, followers_count: 0, following_count: 0 },
    });
    const second = await call('DELETE', `/profiles/${star.username}/follow`, fan);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ following: false, stats: { followers_count: 0 } });
    expect((await call('GET', `/profiles/${fan.username}/stats`, null)).json()).toMatchObject({
      following_count: 1,
    });
  });

  it('refuses following oneself, whichever way it is asked', async () => {
    for (const url of ['/profiles/alice/follow', `/follows/${alice.id}`]) {
      const response = await call('PUT', url, alice);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: { code: 'cannot_follow_self', message: 'You cannot follow yourself' },
      });
    }
    // The database refuses it as well, whatever writes the row.
    await expect(
      ctx.app.database.query('insert into follows (follower_id, following_id) values ($1, $1)', [alice.id]),
    ).rejects.toThrow();
  });

  it('answers 404 for unknown users and 401 for visitors', async () => {
    expect((await call('PUT', '/profiles/nobody/follow', alice)).statusCode).toBe(404);
    expect((await call('PUT', '/follows/00000000-0000-4000-8000-00000000dead', alice)).statusCode).toBe(404);
    expect((await call('PUT', '/follows/not-an-id', alice)).statusCode).toBe(404);
    const anonymous = await call('PUT', '/profiles/bob/follow', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('User not authenticated');
  });
});

describe('followers and following lists', () => {
  it('lists newest first, page by page, with whether the viewer follows each', async () => {
    const fans = await Promise.all([1, 2, 3].map(() => createUser(ctx.app)));
    for (const fan of fans) await call('PUT', '/profiles/carol/follow', fan);
    await call('PUT', `/follows/${fans[1]!.id}`, bob);

    const first = (await call('GET', '/profiles/carol/followers?limit=2', bob)).json() as FollowListPage;
    expect(first.items.map((p) => p.id)).toEqual([fans[2]!.id, fans[1]!.id]);
    expect(first.items.map((p) => p.is_following)).toEqual([false, true]);
    expect(first.next_cursor).not.toBeNull();
    const second = (
      await call('GET', `/profiles/carol/followers?limit=2&cursor=${first.next_cursor}`, bob)
    ).json() as FollowListPage;
    expect(second.items.map((p) => p.id)).toEqual([fans[0]!.id]);
    expect(second.next_cursor).toBeNull();

    const following = (await call('GET', `/profiles/bob/following`, null)).json() as FollowListPage;
    expect(following.items.map((p) => p.id)).toEqual([fans[1]!.id]);
    expect(following.items[0]).toMatchObject({ is_following: false, followed_at: expect.any(String) });
    expect((await call('GET', '/profiles/nobody/followers', null)).statusCode).toBe(404);
  });
});

describe('feed cards', () => {
  it("tell whether the viewer follows each post's author", async () => {
    const [viewer, followed, other] = [
      await newPerson('viewer'),
      await newPerson('followed'),
      await newPerson('other'),
    ];
    await call('PUT', `/follows/${followed.id}`, viewer);
    await publishPost(ctx.app, followed);
    await publishPost(ctx.app, other);
    const feed = (await call('GET', '/posts', viewer)).json() as PostPage;
    const byAuthor = new Map(feed.items.map((post) => [post.author.id, post.following_author]));
    expect(byAuthor.get(followed.id)).toBe(true);
    expect(byAuthor.get(other.id)).toBe(false);
    const anonymous = (await call('GET', '/posts', null)).json() as PostPage;
    expect(anonymous.items.every((post) => !post.following_author)).toBe(true);
  });
});
