import { type Post, type PostPage, PostPageSchema, PostSchema } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { publishPost } from '../../test/media.ts';
import { actAs, createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

/*
 * A post's page (GET /posts/{id}) served from the feed cache's single posts (posts.feed-cache.ts): kept
 * as visitors see it, with a signed-in viewer's own values written in. The app keeps entries for ten
 * minutes, so what is fresh after a change was cleared by that change, not by its expiry.
 */
const LONG_TTL = { feedCacheTtlMs: 600_000, authRateLimits: TEST_RATE_LIMITS };

describe('a post kept in the feed cache', () => {
  let ctx: TestApp;
  let app: FastifyInstance;
  let author: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp(LONG_TTL);
    app = ctx.app;
    author = await createUser(app);
  });
  afterAll(() => ctx.close());

  const get = (id: string, user?: TestUser) =>
    app.inject({ url: `/api/v1/posts/${id}`, headers: user ? user.headers : {} });

  async function postAs(id: string, user?: TestUser): Promise<Post> {
    const response = await get(id, user);
    expect(response.statusCode, response.body).toBe(200);
    // Exactly the API's shape, nothing more.
    return PostSchema.strict().parse(response.json());
  }

  it('gives each viewer the kept post with their own flags, and their own changes at once', async () => {
    const post = await publishPost(app, author, {
      caption: 'kept post',
      items: [
        { item_type: 'Dress', brand: 'Zara', link: 'https://shop.example.com/dress', price: '129.90' },
        { item_type: 'Shoes', brand: 'Nike', link: 'https://shop.example.com/shoes', price: '89' },
      ],
    });
    const fan = await createUser(app);
    const reader = await createUser(app);
    expect(await postAs(post.id)).toMatchObject({ like_count: 0, liked_by_me: false }); // kept now

    const item = post.items[0]!;
    await actAs(app, fan, 'PUT', `/api/v1/posts/${post.id}/like`);
    await actAs(app, fan, 'PUT', `/api/v1/posts/${post.id}/save`);
    await actAs(app, fan, 'PUT', `/api/v1/items/${item.id}/save`);
    await actAs(app, fan, 'PUT', `/api/v1/follows/${author.id}`);
    await actAs(app, fan, 'POST', `/api/v1/posts/${post.id}/comments`, { body: 'love it' });
    // Asked in turns, so that anything one viewer's version left behind would show in the next one's.
    for (let round = 0; round < 2; round++) {
      const fans = await postAs(post.id, fan);
      expect(fans).toMatchObject({
        liked_by_me: true,
        saved_by_me: true,
        following_author: true,
        like_count: 1,
        comment_count: 1,
      });
      expect(fans.items.map((i) => i.saved_by_me)).toEqual([true, false]);
      // The same as the post read for the fan without the cache.
      expect(fans).toEqual(await app.services.posts.getPost(fan.id, post.id));
      // The reader changed nothing: no flags, and the post's new counts (a like or comment forgets the
      // kept post, so that its watchers' refetch on the live event reads them).
      const readers = await postAs(post.id, reader);
      expect(readers).toMatchObject({
        liked_by_me: false,
        saved_by_me: false,
        like_count: 1,
        comment_count: 1,
      });
      expect(readers.items.every((i) => !i.saved_by_me)).toBe(true);
      expect(await postAs(post.id)).toMatchObject({
        like_count: 1,
        liked_by_me: false,
        following_author: false,
      });
    }
    // The author's own post: their flags.
    expect(await postAs(post.id, author)).toMatchObject({ liked_by_me: false, following_author: false });
    // Read again after a change of the feed: everyone's counts.
    await publishPost(app, author, { caption: 'changes the feed' });
    expect(await postAs(post.id)).toMatchObject({ like_count: 1, comment_count: 1 });
    expect(await postAs(post.id, reader)).toMatchObject({ like_count: 1, liked_by_me: false });
  });

  it("shows other people's likes and comments on the post at once, and their removal", async () => {
    const post = await publishPost(app, author, { caption: 'watched post' });
    const fan = await createUser(app);
    const watcher = await createUser(app);
    const counts = async (user?: TestUser) => {
      const { like_count, comment_count } = await postAs(post.id, user);
      return { like_count, comment_count };
    };
    expect(await counts()).toEqual({ like_count: 0, comment_count: 0 }); // kept now
    expect(await counts(watcher)).toEqual({ like_count: 0, comment_count: 0 });

    await actAs(app, fan, 'PUT', `/api/v1/posts/${post.id}/like`);
    expect(await counts(watcher)).toEqual({ like_count: 1, comment_count: 0 });
    const comment = await actAs(app, fan, 'POST', `/api/v1/posts/${post.id}/comments`, {
      body: 'where from?',
    });
    expect(await counts(watcher)).toEqual({ like_count: 1, comment_count: 1 });
    expect(await counts()).toEqual({ like_count: 1, comment_count: 1 });

    await actAs(app, fan, 'DELETE', `/api/v1/comments/${comment.json<{ id: string }>().id}`);
    expect(await counts(watcher)).toEqual({ like_count: 1, comment_count: 0 });
    await actAs(app, fan, 'DELETE', `/api/v1/posts/${post.id}/like`);
    expect(await counts()).toEqual({ like_count: 0, comment_count: 0 });
    expect(await counts(watcher)).toEqual({ like_count: 0, comment_count: 0 });
  });

  it('shows an edit at once, and a deleted post is gone for everyone', async () => {
    const post = await publishPost(app, author, { caption: 'before the edit' });
    const reader = await createUser(app);
    expect((await postAs(post.id)).caption).toBe('before the edit');
    expect((await postAs(post.id, reader)).caption).toBe('before the edit');
    await actAs(app, author, 'PATCH', `/api/v1/posts/${post.id}`, { caption: 'after the edit' });
    expect((await postAs(post.id)).caption).toBe('after the edit');
    expect((await postAs(post.id, reader)).caption).toBe('after the edit');
    await actAs(app, author, 'DELETE', `/api/v1/posts/${post.id}`);
    for (const user of [undefined, reader, author]) {
      const response = await get(post.id, user);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { message: 'Post not found' } });
    }
  });

  it('shows a private post to its owner only, and one made private leaves with the next change of the feed', async () => {
    const reader = await createUser(app);
    // Posts are private while a video of theirs is processing (posts.write.repository.ts): set here directly.
    const hidden = await publishPost(app, author, { caption: 'private from the start' });
    await app.database.query(`update posts set visibility = 'private' where id = $1`, [hidden.id]);
    for (let round = 0; round < 2; round++) {
      expect((await get(hidden.id)).statusCode).toBe(404);
      expect((await get(hidden.id, reader)).statusCode).toBe(404);
      expect((await postAs(hidden.id, author)).visibility).toBe('private');
    }
    const post = await publishPost(app, author, { caption: 'public first' });
    expect((await postAs(post.id, reader)).visibility).toBe('public'); // kept now
    await app.database.query(`update posts set visibility = 'private' where id = $1`, [post.id]);
    // Written behind the services: kept for visitors until it expires or the feed changes (as a feed page).
    expect((await get(post.id)).statusCode).toBe(200);
    await publishPost(app, author, { caption: 'changes the feed' });
    expect((await get(post.id)).statusCode).toBe(404);
    expect((await get(post.id, reader)).statusCode).toBe(404);
    expect((await postAs(post.id, author)).visibility).toBe('private');
  });

  it('hides a kept post across a block, both ways, and counts only the comments a viewer may see', async () => {
    const post = await publishPost(app, author, { caption: 'kept across blocks' });
    const blocker = await createUser(app);
    const blocked = await createUser(app);
    const commenter = await createUser(app);
    await actAs(app, commenter, 'POST', `/api/v1/posts/${post.id}/comments`, { body: 'first' });
    await actAs(app, blocker, 'POST', `/api/v1/blocks/${author.id}`);
    await actAs(app, author, 'POST', `/api/v1/blocks/${blocked.id}`);
    expect(await postAs(post.id)).toMatchObject({ comment_count: 1 }); // kept, visitors see it
    for (const user of [blocker, blocked]) expect((await get(post.id, user)).statusCode).toBe(404);
    // Someone in a block with a commenter, not with the author: the post, without that comment.
    const reader = await createUser(app);
    await actAs(app, reader, 'POST', `/api/v1/blocks/${commenter.id}`);
    await publishPost(app, author, { caption: 'the post is read again after the block' });
    expect(await postAs(post.id)).toMatchObject({ comment_count: 1 });
    const readers = await postAs(post.id, reader);
    expect(readers).toMatchObject({ comment_count: 0 });
    expect(readers).toEqual(await app.services.posts.getPost(reader.id, post.id));
    await actAs(app, blocker, 'DELETE', `/api/v1/blocks/${author.id}`);
    expect((await postAs(post.id, blocker)).id).toBe(post.id);
  });

  it('answers a post that does not exist with 404, visitor or not', async () => {
    const reader = await createUser(app);
    const missing = '5d1f0c2a-1111-4aaa-8bbb-000000000000';
    for (const user of [undefined, reader]) {
      const response = await get(missing, user);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { message: 'Post not found' } });
    }
  });
});

describe("a profile's page of posts kept in the feed cache", () => {
  let ctx: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    ctx = await createTestApp(LONG_TTL);
    app = ctx.app;
  });
  afterAll(() => ctx.close());

  const pageOf = async (username: string, user?: TestUser, query = 'limit=5'): Promise<PostPage> => {
    const response = await app.inject({
      url: `/api/v1/profiles/${username}/posts?${query}`,
      headers: user ? user.headers : {},
    });
    expect(response.statusCode, response.body).toBe(200);
    return PostPageSchema.strict().parse(response.json());
  };
  const uncached = async (username: string, user: TestUser | null, query = { limit: 5 }) =>
    app.services.posts.listProfilePosts(user?.id ?? null, username, query);
  const like = (user: TestUser, postId: string) =>
    app.inject({ method: 'PUT', url: `/api/v1/posts/${postId}/like`, headers: user.headers });

  it('gives visitors the kept page and each viewer their own flags, the owner their private posts', async () => {
    const owner = await createUser(app);
    const fan = await createUser(app);
    const reader = await createUser(app);
    const first = await publishPost(app, owner, { caption: 'first of the profile' });
    const second = await publishPost(app, owner, { caption: 'second of the profile' });
    const username = first.author.username!;
    expect((await pageOf(username)).items.map((p) => p.id)).toEqual([second.id, first.id]); // kept
    expect((await like(fan, first.id)).statusCode).toBe(200);
    for (let round = 0; round < 2; round++) {
      // Visitors and the reader (no change of theirs): the kept counts. The fan: their like at once.
      expect((await pageOf(username)).items[1]).toMatchObject({ like_count: 0, liked_by_me: false });
      expect((await pageOf(username, reader)).items[1]).toMatchObject({ like_count: 0, liked_by_me: false });
      const fans = await pageOf(username, fan);
      expect(fans.items[1]).toMatchObject({ like_count: 1, liked_by_me: true });
      expect(fans).toEqual(await uncached(username, fan));
    }
    // A post of the owner's made private (as while a video processes), then a change of the feed.
    await app.database.query(`update posts set visibility = 'private' where id = $1`, [second.id]);
    await publishPost(app, fan, { caption: 'changes the feed' });
    expect((await pageOf(username)).items.map((p) => p.id)).toEqual([first.id]);
    expect((await pageOf(username, reader)).items.map((p) => p.id)).toEqual([first.id]);
    const owners = await pageOf(username, owner);
    expect(owners.items.map((p) => p.id)).toEqual([second.id, first.id]);
    expect(owners).toEqual(await uncached(username, owner));
  });

  it("reads the page for a signed-in viewer when the visitors' page is empty: the owner's private posts", async () => {
    const owner = await createUser(app);
    const reader = await createUser(app);
    const post = await publishPost(app, owner, { caption: 'only private' });
    await app.database.query(`update posts set visibility = 'private' where id = $1`, [post.id]);
    await publishPost(app, reader, { caption: 'changes the feed' });
    const username = post.author.username!;
    for (let round = 0; round < 2; round++) {
      expect((await pageOf(username)).items).toEqual([]);
      expect((await pageOf(username, reader)).items).toEqual([]);
      expect((await pageOf(username, owner)).items.map((p) => p.id)).toEqual([post.id]);
    }
  });

  it('answers across a block as the page read without the cache, both ways', async () => {
    const owner = await createUser(app);
    const blocker = await createUser(app);
    const blocked = await createUser(app);
    const post = await publishPost(app, owner, { caption: 'blocked both ways' });
    const username = post.author.username!;
    expect((await pageOf(username)).items).toHaveLength(1); // kept
    for (const [who, whom] of [
      [blocker, owner],
      [owner, blocked],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/blocks/${whom.id}`,
        headers: who.headers,
      });
      expect(response.statusCode).toBeLessThan(300);
    }
    for (const user of [blocker, blocked]) {
      const response = await app.inject({
        url: `/api/v1/profiles/${username}/posts?limit=5`,
        headers: user.headers,
      });
      let expected: { status: number; body: unknown };
      try {
        expected = { status: 200, body: await uncached(username, user) };
      } catch (error) {
        expected = { status: (error as { status: number }).status, body: undefined };
      }
      expect(response.statusCode).toBe(expected.status);
      if (expected.status === 200) {
        expect(response.json()).toEqual(expected.body);
        expect((response.json() as PostPage).items).toEqual([]);
      }
    }
    expect((await pageOf(username)).items).toHaveLength(1);
  });

  it('pages on with the cursor of a kept page, and answers an unknown profile with 404', async () => {
    const owner = await createUser(app);
    const reader = await createUser(app);
    const posts: Post[] = [];
    for (let i = 0; i < 3; i++) posts.push(await publishPost(app, owner, { caption: `paged ${i}` }));
    const username = posts[0]!.author.username!;
    const one = await pageOf(username, reader, 'limit=2');
    expect(one.items.map((p) => p.id)).toEqual([posts[2]!.id, posts[1]!.id]);
    const two = await pageOf(username, reader, `limit=2&cursor=${encodeURIComponent(one.next_cursor!)}`);
    expect(two.items.map((p) => p.id)).toEqual([posts[0]!.id]);
    expect(two.next_cursor).toBeNull();
    for (const user of [undefined, reader]) {
      const response = await app.inject({
        url: '/api/v1/profiles/nobody_by_this_name/posts?limit=5',
        headers: user ? user.headers : {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: { message: 'Profile not found' } });
    }
  });
});

describe('a post with the feed cache off', () => {
  it('is read for every request (FEED_CACHE_TTL_MS=0)', async () => {
    const off = await createTestApp({ feedCacheTtlMs: 0, authRateLimits: TEST_RATE_LIMITS });
    try {
      const author = await createUser(off.app);
      const fan = await createUser(off.app);
      const post = await publishPost(off.app, author, { caption: 'never kept' });
      const read = async () => (await off.app.inject({ url: `/api/v1/posts/${post.id}` })).json() as Post;
      expect((await read()).like_count).toBe(0);
      await off.app.inject({ method: 'PUT', url: `/api/v1/posts/${post.id}/like`, headers: fan.headers });
      expect((await read()).like_count).toBe(1);
    } finally {
      await off.close();
    }
  });
});
