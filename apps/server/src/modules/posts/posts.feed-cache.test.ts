import { randomUUID } from 'node:crypto';
import { type Post, type PostPage, PostPageSchema, PostSchema } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestApps, type TestApp, type TestApps } from '../../test/context.ts';
import { publishPost } from '../../test/media.ts';
import { notificationsHeard } from '../../test/notifications.ts';
import { samplePost } from '../../test/sample-post.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import {
  type CachedFeedPage,
  FEED_CHANNEL,
  FEED_POST_COUNTS_CHANNEL,
  FEED_VIEWERS_CHANNEL,
  FeedCache,
} from './posts.feed-cache.ts';

/*
 * The public feed's page cache (posts.feed-cache.ts). The apps here keep a page for ten minutes, so a
 * page that is fresh after a change was cleared by that change, not by its expiry.
 */
const LONG_TTL = { feedCacheTtlMs: 600_000, authRateLimits: TEST_RATE_LIMITS };

function feed(
  app: FastifyInstance,
  query = 'limit=20',
  user?: TestUser,
  headers: Record<string, string> = {},
) {
  return app.inject({
    url: `/api/v1/posts?${query}`,
    headers: { ...(user ? user.headers : {}), ...headers },
  });
}

async function feedPage(app: FastifyInstance, query = 'limit=20', user?: TestUser): Promise<PostPage> {
  const response = await feed(app, query, user);
  expect(response.statusCode).toBe(200);
  return response.json() as PostPage;
}

const ids = (page: PostPage) => page.items.map((post) => post.id);

describe('the feed cache on one instance', () => {
  let ctx: TestApp;
  let app: FastifyInstance;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp(LONG_TTL);
    app = ctx.app;
    alice = await createUser(app);
    bob = await createUser(app);
    await publishPost(app, alice, { caption: 'first' });
  });
  afterAll(() => ctx.close());

  it('serves a visitor the stored page while nothing changes through the posts service', async () => {
    const before = await feed(app);
    // Changed behind the service's back: the cached page does not see it (proof the cache answers)...
    await app.database.query(`update posts set caption = 'changed in the database' where profile_id = $1`, [
      alice.id,
    ]);
    const after = await feed(app);
    expect(after.body).toBe(before.body);
    expect(after.headers.etag).toBe(before.headers.etag);
    // ...and a change through the service clears it.
    await publishPost(app, bob, { caption: 'second' });
    const fresh = await feedPage(app);
    expect(fresh.items.map((post) => post.caption)).toContain('changed in the database');
  });

  it('shows a new post on the next visitor request, first', async () => {
    const primed = await feedPage(app);
    const post = await publishPost(app, bob, { caption: 'brand new' });
    const page = await feedPage(app);
    expect(ids(page)[0]).toBe(post.id);
    expect(ids(page).slice(1)).toEqual(ids(primed).slice(0, 19));
  });

  it('shows an edit and drops a deleted post on the next visitor request', async () => {
    const post = await publishPost(app, alice, { caption: 'to be edited' });
    expect(ids(await feedPage(app))).toContain(post.id);
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${post.id}`,
      headers: alice.headers,
      payload: { caption: 'edited caption' },
    });
    expect(edit.statusCode).toBe(200);
    const edited = (await feedPage(app)).items.find((p) => p.id === post.id);
    expect(edited?.caption).toBe('edited caption');

    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${post.id}`,
      headers: alice.headers,
    });
    expect(removal.statusCode).toBe(204);
    expect(ids(await feedPage(app))).not.toContain(post.id);
  });

  it('keeps the cursor pages right across a change (keyset continues after the cursor)', async () => {
    // Enough posts for a second page, whichever tests published before.
    for (const caption of ['page filler 1', 'page filler 2']) await publishPost(app, alice, { caption });
    const first = await feedPage(app, 'limit=2');
    expect(first.next_cursor).not.toBeNull();
    const second = await feedPage(app, `limit=2&cursor=${first.next_cursor}`);
    await publishPost(app, alice, { caption: 'while paging' });
    const secondAgain = await feedPage(app, `limit=2&cursor=${first.next_cursor}`);
    expect(ids(secondAgain)).toEqual(ids(second));
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
  });

  it('gives a signed-in viewer the cached page with their own flags and the current counts', async () => {
    const carol = await createUser(app);
    const post = await publishPost(app, carol, { caption: 'flags' });
    const other = await publishPost(app, carol, { caption: 'no flags' });
    const anonymous = await feedPage(app); // cached now
    const cachedPost = anonymous.items.find((p) => p.id === post.id)!;
    expect(cachedPost.like_count).toBe(0);

    const item = post.items[0]!;
    for (const [method, url] of [
      ['PUT', `/api/v1/posts/${post.id}/like`],
      ['PUT', `/api/v1/posts/${post.id}/save`],
      ['PUT', `/api/v1/items/${item.id}/save`],
      ['PUT', `/api/v1/profiles/${post.author.username}/follow`],
    ] as const) {
      const response = await app.inject({ method, url, headers: bob.headers });
      expect(response.statusCode, url).toBe(200);
    }
    const comment = await app.inject({
      method: 'POST',
      url: `/api/v1/posts/${post.id}/comments`,
      headers: bob.headers,
      payload: { body: 'nice' },
    });
    expect(comment.statusCode).toBe(201);

    const bobs = await feedPage(app, 'limit=20', bob);
    const seen = bobs.items.find((p) => p.id === post.id)!;
    expect(seen).toMatchObject({
      liked_by_me: true,
      saved_by_me: true,
      following_author: true,
      like_count: 1,
      comment_count: 1,
    });
    expect(seen.items.find((i) => i.id === item.id)?.saved_by_me).toBe(true);
    const unflagged = bobs.items.find((p) => p.id === other.id)!;
    expect(unflagged).toMatchObject({ liked_by_me: false, saved_by_me: false, following_author: true });

    // The same as reading the viewer's page without the cache.
    const uncached = await app.services.posts.listFeed(bob.id, { limit: 20 });
    expect(bobs).toEqual(JSON.parse(JSON.stringify(uncached)) as PostPage);
    // Nobody else's flags leak into the visitor page or another viewer's page.
    for (const page of [await feedPage(app), await feedPage(app, 'limit=20', alice)]) {
      const p = page.items.find((x) => x.id === post.id) as Post;
      expect(p).toMatchObject({ liked_by_me: false, saved_by_me: false });
      expect(p.items.every((i) => !i.saved_by_me)).toBe(true);
    }
  });

  it("shows a viewer's like on their next request, and only in their page", async () => {
    const erin = await createUser(app);
    const frank = await createUser(app);
    const post = await publishPost(app, alice, {
      caption: 'liked between requests "liked_by_me":true',
      items: [
        { item_type: 'Dress', brand: 'Zara', link: 'https://shop.example.com/dress', price: '129.90' },
        { item_type: 'Shoes', brand: 'Nike', link: 'https://shop.example.com/shoes', price: '89' },
      ],
    });
    const flagsOf = async (user?: TestUser) => {
      const page = await feedPage(app, 'limit=20', user);
      const seen = page.items.find((p) => p.id === post.id)!;
      return {
        liked_by_me: seen.liked_by_me,
        like_count: seen.like_count,
        saved: seen.items.map((i) => i.saved_by_me),
      };
    };
    expect(await flagsOf()).toMatchObject({ liked_by_me: false, like_count: 0 }); // the visitor page is cached
    const before = await feed(app, 'limit=20', erin);

    const item = post.items[0]!;
    for (const url of [`/api/v1/posts/${post.id}/like`, `/api/v1/items/${item.id}/save`]) {
      expect((await app.inject({ method: 'PUT', url, headers: erin.headers })).statusCode).toBe(200);
    }
    // Asked in turns, so that anything one viewer's page left behind would show in the next one's. Frank
    // changed nothing since the visitors' page was read: its counts are his, Erin's like shows to him when
    // it shows to visitors.
    for (let round = 0; round < 3; round++) {
      expect(await flagsOf(erin)).toEqual({ liked_by_me: true, like_count: 1, saved: [true, false] });
      expect(await flagsOf(frank)).toEqual({ liked_by_me: false, like_count: 0, saved: [false, false] });
      expect(await flagsOf()).toEqual({ liked_by_me: false, like_count: 0, saved: [false, false] });
    }
    // Byte for byte what serialising Erin's page read without the cache gives.
    const erins = await feed(app, 'limit=20', erin);
    const uncached = PostPageSchema.parse(await app.services.posts.listFeed(erin.id, { limit: 20 }));
    expect(erins.body).toBe(JSON.stringify(uncached));
    // Her ETag changed with her like: her old one no longer gets 304.
    expect(erins.headers.etag).not.toBe(before.headers.etag);
    const revalidated = await feed(app, 'limit=20', erin, { 'if-none-match': before.headers.etag as string });
    expect(revalidated.statusCode).toBe(200);
    expect(
      (await feed(app, 'limit=20', erin, { 'if-none-match': erins.headers.etag as string })).statusCode,
    ).toBe(304);

    const unlike = await app.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${post.id}/like`,
      headers: erin.headers,
    });
    expect(unlike.statusCode).toBeLessThan(300);
    expect(await flagsOf(erin)).toEqual({ liked_by_me: false, like_count: 0, saved: [true, false] });
  });

  it("leaves out a blocked author's posts for the viewer who blocked them, but not for visitors", async () => {
    // A post of Bob's, which Dave must no longer see.
    await publishPost(app, bob, { caption: 'from bob' });
    const dave = await createUser(app);
    const post = await publishPost(app, dave, { caption: 'from dave' });
    expect(ids(await feedPage(app, 'limit=20', bob))).toContain(post.id);
    const block = await app.inject({
      method: 'POST',
      url: `/api/v1/blocks/${dave.id}`,
      headers: bob.headers,
    });
    expect(block.statusCode).toBeLessThan(300);
    expect(ids(await feedPage(app, 'limit=20', bob))).not.toContain(post.id);
    // A block works both ways: dave no longer sees bob's posts either.
    const daves = await feedPage(app, 'limit=50', dave);
    expect(daves.items.some((p) => p.author.id === bob.id)).toBe(false);
    const visitors = await feedPage(app, 'limit=50');
    expect(ids(visitors)).toContain(post.id);
    expect(visitors.items.some((p) => p.author.id === bob.id)).toBe(true);
  });

  it('answers 304 to a matching If-None-Match, and 200 again once the feed changed', async () => {
    for (const user of [undefined, bob]) {
      const first = await feed(app, 'limit=5', user);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.vary).toContain('authorization');
      const again = await feed(app, 'limit=5', user, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await feed(app, 'limit=5', user, { 'if-none-match': '"something else"' })).statusCode).toBe(
        200,
      );
      await publishPost(app, alice, { caption: 'changes the etag' });
      const changed = await feed(app, 'limit=5', user, { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    }
    // A viewer's flags make their page, and so its etag, differ from the visitors'.
    const top = (await feedPage(app, 'limit=5')).items[0]!;
    await app.inject({ method: 'PUT', url: `/api/v1/posts/${top.id}/like`, headers: bob.headers });
    expect((await feed(app, 'limit=5')).headers.etag).not.toBe(
      (await feed(app, 'limit=5', bob)).headers.etag,
    );
  });

  it('refuses a malformed cursor before the cache, and keeps private posts out', async () => {
    expect((await feed(app, 'limit=20&cursor=bm9wZQ')).statusCode).toBe(400);
    const hidden = await publishPost(app, alice, { caption: 'soon private' });
    await app.database.query(`update posts set visibility = 'private' where id = $1`, [hidden.id]);
    // A viewer's flags query sees the change even while the visitor page is cached: their page is read afresh.
    await feedPage(app);
    expect(ids(await feedPage(app, 'limit=20', bob))).not.toContain(hidden.id);
  });

  it('keeps at most FEED_CACHE_MAX_PAGES pages', async () => {
    const small = await createTestApp({ ...LONG_TTL, feedCacheMaxPages: 3 });
    try {
      const author = await createUser(small.app);
      for (let i = 0; i < 3; i++) await publishPost(small.app, author, { caption: `post ${i}` });
      for (let limit = 1; limit <= 6; limit++) await feedPage(small.app, `limit=${limit}`);
      expect(small.app.services.feedCache.size).toBe(3);
    } finally {
      await small.close();
    }
  });

  it('serves straight from the database when FEED_CACHE_TTL_MS is 0', async () => {
    const off = await createTestApp({ feedCacheTtlMs: 0, authRateLimits: TEST_RATE_LIMITS });
    try {
      const author = await createUser(off.app);
      const post = await publishPost(off.app, author, { caption: 'uncached' });
      await feedPage(off.app);
      await off.app.database.query(`update posts set caption = 'seen at once' where id = $1`, [post.id]);
      expect((await feedPage(off.app)).items[0]?.caption).toBe('seen at once');
      expect(off.app.services.feedCache.size).toBe(0);
    } finally {
      await off.close();
    }
  });
});

/** What a viewer's page says of one post that differs per viewer (undefined: the post is not on it). */
async function viewerValuesOf(app: FastifyInstance, postId: string, user?: TestUser) {
  const post = (await feedPage(app, 'limit=20', user)).items.find((p) => p.id === postId);
  return (
    post && {
      liked_by_me: post.liked_by_me,
      saved_by_me: post.saved_by_me,
      following_author: post.following_author,
      like_count: post.like_count,
      comment_count: post.comment_count,
      savedItems: post.items.map((item) => item.saved_by_me),
    }
  );
}

async function call(
  app: FastifyInstance,
  user: TestUser,
  method: 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}

/*
 * A signed-in viewer's version of a cached page is kept with the page (no query when they read it again),
 * and anything they change themselves shows on their very next page.
 */
describe("a signed-in viewer's page, kept with the cached page", () => {
  let ctx: TestApp;
  let app: FastifyInstance;
  let author: TestUser;
  let viewer: TestUser;
  let post: Post;

  beforeAll(async () => {
    ctx = await createTestApp(LONG_TTL);
    app = ctx.app;
    author = await createUser(app);
    viewer = await createUser(app);
    post = await publishPost(app, author, {
      caption: 'kept for the viewer',
      items: [
        { item_type: 'Dress', brand: 'Zara', link: 'https://shop.example.com/dress', price: '129.90' },
        { item_type: 'Shoes', brand: 'Nike', link: 'https://shop.example.com/shoes', price: '89' },
      ],
    });
  });
  afterAll(() => ctx.close());

  it('is read once: a like written behind the services does not show until the viewer changes something', async () => {
    // Whatever the other tests did: a change of the viewer's own retires their kept pages and the
    // author's read builds the current page; the viewer's read then keeps exactly one page more.
    await call(app, viewer, 'PUT', `/api/v1/posts/${post.id}/save`);
    await call(app, viewer, 'DELETE', `/api/v1/posts/${post.id}/save`);
    // Their notices move the viewer on again when they arrive: not after the page below is kept.
    await notificationsHeard(app);
    await viewerValuesOf(app, post.id, author);
    const kept = app.services.feedCache.viewerPagesSize;
    const before = await viewerValuesOf(app, post.id, viewer);
    expect(before).toMatchObject({ liked_by_me: false, like_count: 0, saved_by_me: false });
    expect(app.services.feedCache.viewerPagesSize).toBe(kept + 1);
    await app.database.query('insert into post_likes (post_id, profile_id) values ($1, $2)', [
      post.id,
      viewer.id,
    ]);
    expect(await viewerValuesOf(app, post.id, viewer)).toEqual(before);
    // Their own save through the API: the next page is read again, with the like written behind too.
    await call(app, viewer, 'PUT', `/api/v1/posts/${post.id}/save`);
    expect(await viewerValuesOf(app, post.id, viewer)).toMatchObject({
      liked_by_me: true,
      like_count: 1,
      saved_by_me: true,
    });
    await call(app, viewer, 'DELETE', `/api/v1/posts/${post.id}/like`);
    await call(app, viewer, 'DELETE', `/api/v1/posts/${post.id}/save`);
    expect(await viewerValuesOf(app, post.id, viewer)).toMatchObject({
      liked_by_me: false,
      like_count: 0,
      saved_by_me: false,
    });
  });

  it("shows each of the viewer's own changes on their very next page", async () => {
    const item = post.items[0]!;
    const steps: [string, 'PUT' | 'POST' | 'DELETE', string, object | undefined, object][] = [
      ['like', 'PUT', `/api/v1/posts/${post.id}/like`, undefined, { liked_by_me: true, like_count: 1 }],
      ['unlike', 'DELETE', `/api/v1/posts/${post.id}/like`, undefined, { liked_by_me: false, like_count: 0 }],
      ['save', 'PUT', `/api/v1/posts/${post.id}/save`, undefined, { saved_by_me: true }],
      ['unsave', 'DELETE', `/api/v1/posts/${post.id}/save`, undefined, { saved_by_me: false }],
      ['save a product', 'PUT', `/api/v1/items/${item.id}/save`, undefined, { savedItems: [true, false] }],
      [
        'remove the product',
        'DELETE',
        `/api/v1/items/${item.id}/save`,
        undefined,
        { savedItems: [false, false] },
      ],
      ['follow', 'PUT', `/api/v1/follows/${author.id}`, undefined, { following_author: true }],
      ['unfollow', 'DELETE', `/api/v1/follows/${author.id}`, undefined, { following_author: false }],
      ['comment', 'POST', `/api/v1/posts/${post.id}/comments`, { body: 'lovely' }, { comment_count: 1 }],
    ];
    let comment = '';
    for (const [label, method, url, payload, expected] of steps) {
      await viewerValuesOf(app, post.id, viewer); // kept before the change
      const response = await call(app, viewer, method, url, payload);
      if (label === 'comment') comment = (response.json() as { id: string }).id;
      expect(await viewerValuesOf(app, post.id, viewer), label).toMatchObject(expected);
    }
    await call(app, viewer, 'DELETE', `/api/v1/comments/${comment}`);
    expect(await viewerValuesOf(app, post.id, viewer)).toMatchObject({ comment_count: 0 });
    // Byte for byte the page read without the cache.
    const kept = await feed(app, 'limit=20', viewer);
    expect(kept.body).toBe(
      JSON.stringify(PostPageSchema.parse(await app.services.posts.listFeed(viewer.id, { limit: 20 }))),
    );
  });

  it('hides the posts of someone who blocks the viewer from their next page, and shows them after the unblock', async () => {
    expect(await viewerValuesOf(app, post.id, viewer)).toBeDefined(); // kept
    await call(app, author, 'POST', `/api/v1/blocks/${viewer.id}`);
    expect(await viewerValuesOf(app, post.id, viewer)).toBeUndefined();
    expect(await viewerValuesOf(app, post.id)).toBeDefined(); // visitors still see it
    await call(app, author, 'DELETE', `/api/v1/blocks/${viewer.id}`);
    expect(await viewerValuesOf(app, post.id, viewer)).toBeDefined();
    // The viewer blocking the author works the same way.
    await call(app, viewer, 'POST', `/api/v1/blocks/${author.id}`);
    expect(await viewerValuesOf(app, post.id, viewer)).toBeUndefined();
    await call(app, viewer, 'DELETE', `/api/v1/blocks/${author.id}`);
    expect(await viewerValuesOf(app, post.id, viewer)).toBeDefined();
  });

  it("shows other people's likes and comments in a viewer's counts when the visitors' page shows them", async () => {
    // A post of its own: the likes and comment below stay, and the other tests count the shared one's.
    const post = await publishPost(app, author, { caption: 'liked by someone' });
    const someone = await createUser(app);
    const viewers = await viewerValuesOf(app, post.id, viewer);
    const visitors = await viewerValuesOf(app, post.id);
    await call(app, someone, 'PUT', `/api/v1/posts/${post.id}/like`);
    await call(app, someone, 'POST', `/api/v1/posts/${post.id}/comments`, { body: 'nice' });
    // Kept with the page, like the visitors' counts (until FEED_CACHE_TTL_MS or a change of the feed)...
    expect(await viewerValuesOf(app, post.id, viewer)).toEqual(viewers);
    expect(await viewerValuesOf(app, post.id)).toEqual(visitors);
    // ...and read again with it. The liker sees their own like at once all along.
    expect(await viewerValuesOf(app, post.id, someone)).toMatchObject({ liked_by_me: true });
    await publishPost(app, author, { caption: 'changes the feed' });
    const counts = { like_count: viewers!.like_count + 1, comment_count: viewers!.comment_count + 1 };
    expect(await viewerValuesOf(app, post.id, viewer)).toMatchObject(counts);
    expect(await viewerValuesOf(app, post.id)).toMatchObject(counts);
  });

  it('gives a viewer who changed nothing since the page was read its counts, and their own at once', async () => {
    const post = await publishPost(app, author, { caption: 'counted from the page' });
    const someone = await createUser(app);
    const reader = await createUser(app);
    expect(await viewerValuesOf(app, post.id)).toMatchObject({ like_count: 0 }); // the page is read
    await call(app, someone, 'PUT', `/api/v1/posts/${post.id}/like`);
    // The reader changed nothing since: the visitors' counts are theirs (someone's like is not yet on it).
    expect(await viewerValuesOf(app, post.id, reader)).toMatchObject({ liked_by_me: false, like_count: 0 });
    // Their own like shows at once, with the counts read again (someone's like among them).
    await call(app, reader, 'PUT', `/api/v1/posts/${post.id}/like`);
    expect(await viewerValuesOf(app, post.id, reader)).toMatchObject({ liked_by_me: true, like_count: 2 });
    expect(await viewerValuesOf(app, post.id)).toMatchObject({ like_count: 0 });
    // The page read again: everyone's counts are its counts.
    await publishPost(app, author, { caption: 'changes the feed again' });
    expect(await viewerValuesOf(app, post.id)).toMatchObject({ like_count: 2 });
    expect(await viewerValuesOf(app, post.id, someone)).toMatchObject({ liked_by_me: true, like_count: 2 });
    expect(await viewerValuesOf(app, post.id, reader)).toMatchObject({ liked_by_me: true, like_count: 2 });
  });

  it('leaves out the comments of people on the other side of a block, whenever the page was read', async () => {
    const reader = await createUser(app);
    const blockedByReader = await createUser(app);
    const blockingReader = await createUser(app);
    const friend = await createUser(app);
    await call(app, reader, 'POST', `/api/v1/blocks/${blockedByReader.id}`);
    await call(app, blockingReader, 'POST', `/api/v1/blocks/${reader.id}`);
    // Read after both blocks: the reader has changed nothing since the page was read.
    const post = await publishPost(app, author, { caption: 'commented across blocks' });
    for (const commenter of [blockedByReader, blockingReader, friend]) {
      await call(app, commenter, 'POST', `/api/v1/posts/${post.id}/comments`, { body: 'hello' });
    }
    await publishPost(app, author, { caption: 'reads the page after the comments' });
    expect(await viewerValuesOf(app, post.id)).toMatchObject({ comment_count: 3 });
    expect(await viewerValuesOf(app, post.id, reader)).toMatchObject({ comment_count: 1 });
    expect(await viewerValuesOf(app, post.id, friend)).toMatchObject({ comment_count: 3 });
    // Byte for byte the reader's page read without the cache.
    const kept = await feed(app, 'limit=20', reader);
    expect(kept.body).toBe(
      JSON.stringify(PostPageSchema.parse(await app.services.posts.listFeed(reader.id, { limit: 20 }))),
    );
  });

  for (const flagsTtl of [60_000, 0]) {
    it(`${flagsTtl ? 'keeps' : 'does not keep'} a viewer's flags for the page read again with the same posts when FEED_CACHE_VIEWER_FLAGS_TTL_MS is ${flagsTtl}`, async () => {
      // Pages expire after 200 ms here: the page is read again with the same posts, not cleared.
      const short = await createTestApp({
        ...LONG_TTL,
        feedCacheTtlMs: 200,
        feedCacheViewerFlagsTtlMs: flagsTtl,
      });
      try {
        const writer = await createUser(short.app);
        const reader = await createUser(short.app);
        const someone = await createUser(short.app);
        const own = await publishPost(short.app, writer, { caption: 'read again after it expires' });
        expect(await viewerValuesOf(short.app, own.id, reader)).toMatchObject({
          liked_by_me: false,
          like_count: 0,
        });
        // Behind the services: the reader's like moves no version, and the post does not change.
        for (const liker of [reader, someone]) {
          await short.app.database.query('insert into post_likes (post_id, profile_id) values ($1, $2)', [
            own.id,
            liker.id,
          ]);
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
        // The new page's counts either way; the reader's flag as read before only while it is kept.
        expect(await viewerValuesOf(short.app, own.id, reader)).toMatchObject({
          liked_by_me: flagsTtl === 0,
          like_count: 2,
        });
        expect(short.app.services.feedCache.viewerFlagsSize).toBe(flagsTtl ? 1 : 0);
        // Their own change through the API shows at once either way.
        await call(short.app, reader, 'PUT', `/api/v1/posts/${own.id}/save`);
        expect(await viewerValuesOf(short.app, own.id, reader)).toMatchObject({
          liked_by_me: true,
          saved_by_me: true,
          like_count: 2,
        });
      } finally {
        await short.close();
      }
    });
  }

  it('keeps at most FEED_CACHE_MAX_VIEWER_PAGES viewer pages', async () => {
    const small = await createTestApp({ ...LONG_TTL, feedCacheMaxViewerPages: 2 });
    try {
      const someone = await createUser(small.app);
      await publishPost(small.app, someone, { caption: 'one post' });
      for (let i = 0; i < 4; i++) await feedPage(small.app, 'limit=20', await createUser(small.app));
      expect(small.app.services.feedCache.viewerPagesSize).toBe(2);
    } finally {
      await small.close();
    }
  });

  for (const [name, overrides] of [
    ['FEED_CACHE_MAX_VIEWER_PAGES is 0', { feedCacheMaxViewerPages: 0 }],
    ['FEED_CACHE_TTL_MS is 0', { feedCacheTtlMs: 0 }],
  ] as const) {
    it(`reads a viewer's flags and counts on every request when ${name}`, async () => {
      const off = await createTestApp({ ...LONG_TTL, ...overrides });
      try {
        const writer = await createUser(off.app);
        const reader = await createUser(off.app);
        const someone = await createUser(off.app);
        const own = await publishPost(off.app, writer, { caption: 'read every time' });
        expect(await viewerValuesOf(off.app, own.id, reader)).toMatchObject({
          liked_by_me: false,
          like_count: 0,
        });
        await call(off.app, reader, 'PUT', `/api/v1/posts/${own.id}/like`);
        expect(await viewerValuesOf(off.app, own.id, reader)).toMatchObject({
          liked_by_me: true,
          like_count: 1,
        });
        await call(off.app, someone, 'PUT', `/api/v1/posts/${own.id}/like`);
        await off.app.database.query('insert into saved_posts (post_id, profile_id) values ($1, $2)', [
          own.id,
          reader.id,
        ]);
        expect(await viewerValuesOf(off.app, own.id, reader)).toMatchObject({
          like_count: 2,
          saved_by_me: true,
        });
        await call(off.app, writer, 'POST', `/api/v1/blocks/${reader.id}`);
        expect(await viewerValuesOf(off.app, own.id, reader)).toBeUndefined();
        expect(off.app.services.feedCache.viewerPagesSize).toBe(0);
      } finally {
        await off.close();
      }
    });
  }
});

/*
 * Two instances on one database (on PostgreSQL: own pools and LISTEN connections, as separate processes
 * would have). A change through one clears the other's cache through NOTIFY.
 */
describe('the feed cache across two instances on one database', () => {
  let cluster: TestApps;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let author: TestUser;

  beforeAll(async () => {
    cluster = await createTestApps(2, LONG_TTL);
    [first, second] = cluster.apps as [FastifyInstance, FastifyInstance];
    author = await createUser(first);
    await publishPost(first, author, { caption: 'before' });
  });
  afterAll(() => cluster.close());

  /** Reads `app`'s visitor page until `done` holds (the other instance's NOTIFY arrives asynchronously). */
  async function eventually(app: FastifyInstance, done: (page: PostPage) => boolean): Promise<PostPage> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const page = await feedPage(app);
      if (done(page)) return page;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the other instance kept serving the old page');
  }

  it('a post created, edited and deleted through one instance shows on the other', async () => {
    const primed = await feedPage(second);

    const post = await publishPost(first, author, { caption: 'through the first' });
    await eventually(second, (page) => ids(page)[0] === post.id);

    const edit = await first.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${post.id}`,
      headers: author.headers,
      payload: { caption: 'edited through the first' },
    });
    expect(edit.statusCode).toBe(200);
    await eventually(second, (page) => page.items[0]?.caption === 'edited through the first');

    const removal = await first.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${post.id}`,
      headers: author.headers,
    });
    expect(removal.statusCode).toBe(204);
    const after = await eventually(second, (page) => !ids(page).includes(post.id));
    expect(ids(after)).toEqual(ids(primed));
  });

  it("another person's like and comment through one instance show on the post's page on the other", async () => {
    const post = await publishPost(first, author, { caption: 'watched from the second' });
    const fan = await createUser(first);
    const watcher = await createUser(first);
    /** The post's counts as `user` reads its page on the second instance. */
    const counts = async (user?: TestUser) => {
      const response = await second.inject({
        url: `/api/v1/posts/${post.id}`,
        headers: user ? user.headers : {},
      });
      expect(response.statusCode, response.body).toBe(200);
      const { like_count, comment_count } = response.json<{ like_count: number; comment_count: number }>();
      return { like_count, comment_count };
    };
    /** Reads the post on the second instance until `user` sees `expected` (NOTIFY is asynchronous). */
    const eventuallyCounts = async (
      expected: { like_count: number; comment_count: number },
      user?: TestUser,
    ) => {
      for (let attempt = 0; attempt < 200; attempt++) {
        if (JSON.stringify(await counts(user)) === JSON.stringify(expected)) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("the other instance kept serving the post's old counts");
    };
    await eventuallyCounts({ like_count: 0, comment_count: 0 }); // kept there now
    await eventuallyCounts({ like_count: 0, comment_count: 0 }, watcher);

    await call(first, fan, 'PUT', `/api/v1/posts/${post.id}/like`);
    await eventuallyCounts({ like_count: 1, comment_count: 0 }, watcher);
    await call(first, fan, 'POST', `/api/v1/posts/${post.id}/comments`, { body: 'seen on the second?' });
    await eventuallyCounts({ like_count: 1, comment_count: 1 }, watcher);
    await eventuallyCounts({ like_count: 1, comment_count: 1 });
  });

  it("another person's like through one instance shows on the other's next discovery list", async () => {
    const post = await publishPost(first, author, { caption: 'listed on the second' });
    const fan = await createUser(first);
    /** The post's likes for visitors on a list the second instance was never asked for (a post of its own). */
    const likesOnANewList = async () => {
      const listed = await second.services.posts.listedPage(null, [post.id, randomUUID()], (items) => ({
        items,
        next_cursor: null,
      }));
      return (JSON.parse(listed.body.toString('utf8')) as PostPage).items[0]?.like_count;
    };
    expect(await likesOnANewList()).toBe(0); // the post is kept there now
    expect(await likesOnANewList()).toBe(0);
    await call(first, fan, 'PUT', `/api/v1/posts/${post.id}/like`);
    for (let attempt = 0; attempt < 200 && (await likesOnANewList()) !== 1; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await likesOnANewList()).toBe(1);
  });

  it("a viewer's like, follow and block through one instance show in their page on the other", async () => {
    const viewer = await createUser(first);
    const post = await publishPost(first, author, { caption: 'seen from the second' });
    /** Reads the viewer's values of `post` on the second instance until `done` holds. */
    const eventuallyOnSecond = async (
      done: (values: Awaited<ReturnType<typeof viewerValuesOf>>) => boolean,
    ) => {
      for (let attempt = 0; attempt < 200; attempt++) {
        if (done(await viewerValuesOf(second, post.id, viewer))) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("the other instance kept serving the viewer's old page");
    };
    await eventuallyOnSecond((values) => values?.liked_by_me === false); // the new post's page, kept there
    expect(second.services.feedCache.viewerPagesSize).toBeGreaterThan(0);

    await call(first, viewer, 'PUT', `/api/v1/posts/${post.id}/like`);
    await eventuallyOnSecond((values) => values?.liked_by_me === true && values.like_count === 1);
    await call(first, viewer, 'PUT', `/api/v1/follows/${author.id}`);
    await eventuallyOnSecond((values) => values?.following_author === true);
    await call(first, author, 'POST', `/api/v1/blocks/${viewer.id}`);
    await eventuallyOnSecond((values) => values === undefined);
    await call(first, author, 'DELETE', `/api/v1/blocks/${viewer.id}`);
    // The block ended the follow; the like stays.
    await eventuallyOnSecond((values) => values?.following_author === false && values.liked_by_me === true);
  });
});

/*
 * The viewers' pages of FeedCache itself, with a database that only passes notifications around: the
 * orders of events that API tests cannot arrange.
 */
describe("FeedCache: viewers' pages", () => {
  type Listener = { onPayload: (payload: string) => void; onReconnect?: () => void };

  function makeCache(
    options: {
      now?: () => number;
      maxPages?: number;
      maxViewerPages?: number;
      viewerFlagsTtlMs?: number;
    } = {},
  ) {
    const listeners: (Listener & { channel: string })[] = [];
    /** What every listener of `channel` is told: a notification, or that its connection was lost. */
    const heard = (channel: string, event: 'payload' | 'reconnect', payload = '') => {
      for (const listener of listeners.filter((l) => l.channel === channel)) {
        if (event === 'payload') listener.onPayload(payload);
        else listener.onReconnect?.();
      }
    };
    const database = {
      listen: async (
        channel: string,
        onPayload: (payload: string) => void,
        more?: { onReconnect?: () => void },
      ) => {
        const listener = {
          channel,
          onPayload,
          ...(more?.onReconnect ? { onReconnect: more.onReconnect } : {}),
        };
        listeners.push(listener);
        return async () => {
          listeners.splice(listeners.indexOf(listener), 1);
        };
      },
      notify: async (channel: string, payload: string) => heard(channel, 'payload', payload),
    };
    const cache = new FeedCache({
      ttlMs: 1000,
      maxPages: options.maxPages ?? 10,
      maxViewerPages: options.maxViewerPages ?? 100,
      viewerFlagsTtlMs: options.viewerFlagsTtlMs ?? 30_000,
      database,
      log: { warn: () => {} },
      ...(options.now ? { now: options.now } : {}),
    });
    return { cache, heard };
  }

  const emptyPage = async (): Promise<PostPage> => ({ items: [], next_cursor: null });

  /** States that count their reads and, when given a gate, wait for it. */
  function statesReader(gate?: Promise<void>) {
    const read = async () => {
      read.calls += 1;
      await gate;
      return [];
    };
    read.calls = 0;
    return read;
  }

  it("never keeps what was read across the viewer's change, and keeps other viewers' pages", async () => {
    const { cache } = makeCache();
    await cache.start();
    const page: CachedFeedPage = await cache.get('k', emptyPage);
    let open = () => {};
    const states = statesReader(new Promise<void>((resolve) => (open = resolve)));
    const reading = cache.viewerPage('v', page, states);
    const other = statesReader();
    await cache.viewerPage('w', page, other);
    // The viewer likes something while their page is being read (the read may have missed it).
    await cache.viewersChanged(['v']);
    open();
    await reading;
    await cache.viewerPage('v', page, states);
    expect(states.calls).toBe(2);
    await cache.viewerPage('v', page, states);
    expect(states.calls).toBe(2);
    await cache.viewerPage('w', page, other);
    expect(other.calls).toBe(1);
    await cache.stop();
  });

  it("reads a viewer's page again for a new build of the page (flags not kept), another instance's notice and a lost listener", async () => {
    let now = 0;
    const { cache, heard } = makeCache({ now: () => now, viewerFlagsTtlMs: 0 });
    await cache.start();
    const states = statesReader();
    const first = await cache.get('k', emptyPage);
    // Read half-way through the page's life: the viewer's values would outlive the page by half its TTL.
    now += 500;
    await cache.viewerPage('v', first, states);
    await cache.viewerPage('v', first, states);
    expect(states.calls).toBe(1);
    now += 500;
    const rebuilt = await cache.get('k', emptyPage);
    expect(rebuilt.build).not.toBe(first.build);
    await cache.viewerPage('v', rebuilt, states);
    expect(states.calls).toBe(2);
    heard(FEED_VIEWERS_CHANNEL, 'payload', 'someone-else,v');
    await cache.viewerPage('v', rebuilt, states);
    expect(states.calls).toBe(3);
    heard(FEED_VIEWERS_CHANNEL, 'reconnect');
    await cache.viewerPage('v', rebuilt, states);
    expect(states.calls).toBe(4);
    // Another instance's feed change clears the pages, and the viewers' pages with them.
    expect(cache.viewerPagesSize).toBeGreaterThan(0);
    heard(FEED_CHANNEL, 'payload');
    expect(cache.size).toBe(0);
    expect(cache.viewerPagesSize).toBe(0);
    await cache.stop();
  });

  /** A page of these posts, each with `likes` likes (a page the feed cache builds from it gets a template). */
  const pageOf =
    (likes: number, ...postIds: string[]) =>
    async (): Promise<PostPage> =>
      PostPageSchema.parse({
        items: postIds.map((id) => ({ ...samplePost(id, []), like_count: likes })),
        next_cursor: null,
      });
  const POST_A = '00000000-0000-4000-8000-00000000000a';
  const POST_B = '00000000-0000-4000-8000-00000000000b';
  const POST_C = '00000000-0000-4000-8000-00000000000c';
  const POST_D = '00000000-0000-4000-8000-00000000000d';

  /**
   * A reader of a discovery list's posts for `getList`: each asked post with `likes` likes, unless
   * `hidden` (a visitor may not see it); `calls` notes the ids of each read.
   */
  function postsReader(likes: number, hidden: readonly string[] = []) {
    const read = async (postIds: string[]): Promise<Post[]> => {
      read.calls.push(postIds);
      return postIds
        .filter((id) => !hidden.includes(id))
        .map((id) => PostSchema.parse({ ...samplePost(id, []), like_count: likes }));
    };
    read.calls = [] as string[][];
    return read;
  }

  /** Reads of a viewer's values: their flags, counts only where `own` gives them; the options of each read. */
  function readingsReader(own: { comment_count?: number } = {}) {
    const read = async (options: { counts: boolean }) => {
      read.calls.push(options.counts);
      return [
        {
          like_count: options.counts ? 99 : null,
          comment_count: own.comment_count ?? (options.counts ? 98 : null),
          liked_by_me: true,
          saved_by_me: false,
          following_author: true,
          savedItemIds: new Set<string>(),
        },
      ];
    };
    read.calls = [] as boolean[];
    return read;
  }

  /** The viewer's post as their page shows it. */
  async function viewersPost(
    cache: FeedCache,
    page: CachedFeedPage,
    read: ReturnType<typeof readingsReader>,
  ) {
    const personal = await cache.viewerPage('v', page, read);
    if (!personal || !page.template) throw new Error('no page for the viewer');
    return (JSON.parse(cache.viewerBody(page, personal).toString()) as PostPage).items[0];
  }

  it("shares the bytes made for a viewer's values with the viewers who have the same, for that build only", async () => {
    let now = 0;
    const { cache } = makeCache({ now: () => now });
    await cache.start();
    const first = await cache.get('k', pageOf(1, POST_A));
    const liked = readingsReader();
    const v = await cache.viewerPage('v', first, liked);
    const w = await cache.viewerPage('w', first, liked);
    if (!v || !w) throw new Error('no page for the viewers');
    expect(v.bodyKey).not.toBeNull();
    const bytes = cache.viewerBody(first, v);
    expect(JSON.parse(bytes.toString())).toMatchObject({ items: [{ liked_by_me: true, like_count: 1 }] });
    // The same values: the same bytes, not written again.
    expect(cache.viewerBody(first, w)).toBe(bytes);
    expect(cache.viewerBodiesSize).toBe(1);
    // The visitor's values (no like, save or follow): the page's own bytes, nothing kept for them.
    const none = async () => [
      {
        like_count: null,
        comment_count: null,
        liked_by_me: false,
        saved_by_me: false,
        following_author: false,
        savedItemIds: new Set<string>(),
      },
    ];
    const x = await cache.viewerPage('x', first, none);
    expect(x?.bodyKey).toBeNull();
    expect(cache.viewerBody(first, x!)).toBe(first.body);
    // A new build of the page (other counts): bytes of its own for the same flags.
    now += 1000;
    const second = await cache.get('k', pageOf(2, POST_A));
    const again = await cache.viewerPage('v', second, liked);
    const rebuilt = cache.viewerBody(second, again!);
    expect(rebuilt).not.toBe(bytes);
    expect(JSON.parse(rebuilt.toString())).toMatchObject({ items: [{ liked_by_me: true, like_count: 2 }] });
    expect(cache.viewerBodiesSize).toBe(2);
    // Forgotten with the pages.
    await cache.invalidate();
    expect(cache.viewerBodiesSize).toBe(0);
    await cache.stop();
  });

  it('uses the flags read for a page with the same posts for its next builds, with their counts', async () => {
    let now = 0;
    const { cache } = makeCache({ now: () => now });
    await cache.start();
    const read = readingsReader();
    const first = await cache.get('k', pageOf(1, POST_A));
    expect(await viewersPost(cache, first, read)).toMatchObject({ like_count: 1, liked_by_me: true });
    // The page expires and is read again with a like more: the flags are kept, the counts are the page's.
    now += 1000;
    const second = await cache.get('k', pageOf(2, POST_A));
    expect(second.build).not.toBe(first.build);
    expect(await viewersPost(cache, second, read)).toMatchObject({ like_count: 2, liked_by_me: true });
    expect(read.calls).toEqual([false]);
    // A page of other posts, or the same posts in another order, has flags of its own.
    await viewersPost(cache, await cache.get('other', pageOf(2, POST_B)), read);
    expect(read.calls).toEqual([false, false]);
    const both = await cache.get('both', pageOf(2, POST_A, POST_B));
    const reversed = await cache.get('reversed', pageOf(2, POST_B, POST_A));
    expect(both.posts).not.toBe(reversed.posts);
    // No longer than viewerFlagsTtlMs.
    now += 30_000;
    await viewersPost(cache, await cache.get('k', pageOf(2, POST_A)), read);
    expect(read.calls).toEqual([false, false, false]);
    await cache.stop();
  });

  it('keeps a page made of a kept list with that build of the list, one per shape, each with its own viewers', async () => {
    const { cache } = makeCache();
    await cache.start();
    const list = await cache.getList([POST_A], postsReader(1));
    const shape = (total: number) => (items: Post[]) => ({
      brand: { name: '"quoted"' },
      items,
      total,
      total_capped: false,
      next_cursor: null,
    });
    const page = cache.pageOfList(list, shape(1));
    // A discovery page's text as serialising it gives, its fields where the shape puts them.
    expect(page.body.toString('utf8')).toBe(JSON.stringify(shape(1)(list.page.items)));
    expect(page.template).not.toBeNull();
    expect(page.build).not.toBe(list.build);
    expect(page.versionsAtBuild).toBe(list.versionsAtBuild);
    // Kept: the same shape gives the same page; another count is another page, with another ETag.
    expect(cache.pageOfList(list, shape(1))).toBe(page);
    const other = cache.pageOfList(list, shape(2));
    expect(other).not.toBe(page);
    expect(other.etag).not.toBe(page.etag);
    // A viewer's version of each: their values written in, an ETag of its own, from one read of flags.
    const read = readingsReader();
    expect(await viewersPost(cache, page, read)).toMatchObject({ liked_by_me: true, like_count: 1 });
    const a = await cache.viewerPage('v', page, read);
    const b = await cache.viewerPage('v', other, read);
    expect(a?.etag).not.toBe(b?.etag);
    expect(a?.etag).not.toBe(page.etag);
    expect(JSON.parse(other.template!.fill(b!.values).toString())).toMatchObject({
      total: 2,
      brand: { name: '"quoted"' },
      items: [{ id: POST_A, liked_by_me: true, following_author: true }],
    });
    expect(read.calls).toEqual([false]);
    // A change of a post: the list is read again, and pages are made of the new build only.
    await cache.invalidate();
    const rebuilt = await cache.getList([POST_A], postsReader(5));
    const fresh = cache.pageOfList(rebuilt, shape(1));
    expect(fresh).not.toBe(page);
    expect(JSON.parse(fresh.body.toString())).toMatchObject({ items: [{ like_count: 5 }] });
    await cache.stop();
  });

  it("reads the flags again after the viewer's change, a post's change here or on another instance", async () => {
    let now = 0;
    const { cache, heard } = makeCache({ now: () => now });
    await cache.start();
    const read = readingsReader();
    await viewersPost(cache, await cache.get('k', pageOf(1, POST_A)), read);
    // The viewer likes something: their counts are read with their flags, until a page read after it.
    await cache.viewersChanged(['v']);
    expect(await viewersPost(cache, await cache.get('k', pageOf(1, POST_A)), read)).toMatchObject({
      like_count: 99,
    });
    now += 1000;
    const after = await cache.get('k', pageOf(2, POST_A));
    expect(await viewersPost(cache, after, read)).toMatchObject({ like_count: 2 });
    now += 1000;
    await viewersPost(cache, await cache.get('k', pageOf(2, POST_A)), read);
    expect(read.calls).toEqual([false, true, false]);
    // A post edited or removed, here and on another instance: flags read before are not used again.
    await cache.invalidate();
    await viewersPost(cache, await cache.get('k', pageOf(2, POST_A)), read);
    expect(read.calls).toEqual([false, true, false, false]);
    expect(cache.viewerFlagsSize).toBe(1);
    heard(FEED_CHANNEL, 'payload');
    expect(cache.viewerFlagsSize).toBe(0);
    await cache.stop();
  });

  it('reads the flags of a viewer in a block with every build: their comment counts are their own', async () => {
    let now = 0;
    const { cache } = makeCache({ now: () => now });
    await cache.start();
    const read = readingsReader({ comment_count: 0 });
    await viewersPost(cache, await cache.get('k', pageOf(1, POST_A)), read);
    now += 1000;
    expect(await viewersPost(cache, await cache.get('k', pageOf(1, POST_A)), read)).toMatchObject({
      comment_count: 0,
      like_count: 1,
    });
    expect(read.calls).toEqual([false, false]);
    expect(cache.viewerFlagsSize).toBe(0);
    await cache.stop();
  });

  it('moves every viewer on when it stops remembering who changed what', async () => {
    const { cache } = makeCache({ maxViewerPages: 10 });
    await cache.start();
    const page = await cache.get('k', emptyPage);
    const states = statesReader();
    await cache.viewerPage('v', page, states);
    await cache.viewersChanged(['v']);
    await cache.viewerPage('v', page, states);
    expect(states.calls).toBe(2);
    // More viewers change than it remembers (at least 1,000): v must not fall back to its first version.
    for (let i = 0; i < 1000; i++) await cache.viewersChanged([`viewer-${i}`]);
    await cache.viewerPage('v', page, states);
    expect(states.calls).toBe(3);
    await cache.stop();
  });
  /** Reads `postsReader` gives only once `open` is called. */
  function gatedPostsReader(likes: number) {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const inner = postsReader(likes);
    const read = async (postIds: string[]) => {
      const posts = await inner(postIds);
      await gate;
      return posts;
    };
    return { read, open, calls: inner.calls };
  }
  const idsOf = (list: { page: PostPage }) => list.page.items.map((post) => post.id);

  it('makes discovery lists of posts kept one by one: a post shared by lists is read once, a hidden one never kept', async () => {
    const { cache } = makeCache();
    await cache.start();
    const read = postsReader(1, [POST_C]);
    const first = await cache.getList([POST_A, POST_B, POST_C], read);
    expect(idsOf(first)).toEqual([POST_A, POST_B]);
    // Another list: only the posts no list brought are read, the one a visitor may not see among them.
    const second = await cache.getList([POST_D, POST_B, POST_C, POST_A], read);
    expect(idsOf(second)).toEqual([POST_D, POST_B, POST_A]);
    expect(read.calls).toEqual([
      [POST_A, POST_B, POST_C],
      [POST_D, POST_C],
    ]);
    // The kept post itself, parsed once when it was read.
    expect(second.page.items[1]).toBe(first.page.items[1]);
    expect(cache.listedPostsSize).toBe(3);
    expect(second.posts).not.toBe(first.posts);
    // A page made of it is the route schema's output, byte for byte.
    const shape = (items: Post[]) => ({ items, total: 3, total_capped: false, next_cursor: null });
    expect(cache.pageOfList(second, shape).json).toBe(
      JSON.stringify(shape(PostPageSchema.parse({ items: second.page.items, next_cursor: null }).items)),
    );
    // The same list again is the kept list; a list of kept posts reads nothing.
    expect(await cache.getList([POST_A, POST_B, POST_C], read)).toBe(first);
    expect(idsOf(await cache.getList([POST_B, POST_D], read))).toEqual([POST_B, POST_D]);
    expect(read.calls).toHaveLength(2);
    await cache.stop();
  });

  it('makes a page of a list of kept posts exactly as writing it would, whatever its shape', async () => {
    const { cache } = makeCache();
    await cache.start();
    await cache.getList([POST_A, POST_B], postsReader(1));
    const list = await cache.getList([POST_B, POST_C, POST_A], postsReader(2));
    const shapes = [
      // A discovery page: fields before and after its posts.
      (items: Post[]) => ({ brand: { name: '"items":[]' }, items, total: 3, next_cursor: 'c' }),
      // A field that depends on the posts, and another empty `items` in the page: written whole.
      (items: Post[]) => ({ items, total: items.length, next_cursor: null }),
      (items: Post[]) => ({ brand: { items: [] as Post[] }, items, next_cursor: null }),
    ];
    const read = readingsReader();
    for (const shape of shapes) {
      const page = cache.pageOfList(list, shape);
      const expected = JSON.stringify(shape(list.page.items));
      expect(page.json).toBe(expected);
      expect(page.body.toString('utf8')).toBe(expected);
      expect(page.page).toEqual(shape(list.page.items));
      // A viewer's version: their values in the right posts.
      const personal = await cache.viewerPage('v', page, async (options) => [
        ...(await read(options)),
        ...(await read(options)),
        ...(await read(options)),
      ]);
      const theirs = JSON.parse(page.template!.fill(personal!.values).toString('utf8')) as PostPage;
      expect(theirs.items.map((post) => [post.id, post.liked_by_me, post.like_count])).toEqual([
        [POST_B, true, 1],
        [POST_C, true, 2],
        [POST_A, true, 1],
      ]);
    }
    await cache.stop();
  });

  it("forgets a listed post when its counts change, here or on another instance, and all of them on a post's change", async () => {
    const { cache, heard } = makeCache();
    await cache.start();
    await cache.getList([POST_A, POST_B], postsReader(1));
    // A like of A, here: the next list reads it again, with its new count; B is still kept.
    await cache.postCountsChanged(POST_A);
    const afterLike = postsReader(2);
    const list = await cache.getList([POST_B, POST_A], afterLike);
    expect(afterLike.calls).toEqual([[POST_A]]);
    expect(list.page.items.map((post) => post.like_count)).toEqual([1, 2]);
    // A comment on B heard from another instance.
    heard(FEED_POST_COUNTS_CHANNEL, 'payload', POST_B);
    const afterComment = postsReader(3);
    await cache.getList([POST_A, POST_B, POST_C], afterComment);
    expect(afterComment.calls).toEqual([[POST_B, POST_C]]);
    // A lost listener (it may have missed some), a post changed here, or on another instance: all read again.
    for (const change of [
      () => heard(FEED_POST_COUNTS_CHANNEL, 'reconnect'),
      () => cache.invalidate(),
      () => heard(FEED_CHANNEL, 'payload'),
    ]) {
      expect(cache.listedPostsSize).toBe(3);
      await change();
      expect(cache.listedPostsSize).toBe(0);
      const again = postsReader(4);
      await cache.getList([POST_C, POST_B, POST_A], again);
      expect(again.calls).toEqual([[POST_C, POST_B, POST_A]]);
    }
    await cache.stop();
  });

  it('keeps no listed post read while the cache was cleared, nor one read while it was forgotten', async () => {
    const { cache } = makeCache();
    await cache.start();
    const acrossClear = gatedPostsReader(1);
    const reading = cache.getList([POST_A, POST_B], acrossClear.read);
    await cache.invalidate();
    acrossClear.open();
    // Its callers get it; it is not kept, and neither is the list.
    expect(idsOf(await reading)).toEqual([POST_A, POST_B]);
    expect(cache.listedPostsSize).toBe(0);
    const after = postsReader(2);
    expect((await cache.getList([POST_A, POST_B], after)).page.items[0]?.like_count).toBe(2);
    expect(after.calls).toEqual([[POST_A, POST_B]]);

    const acrossLike = gatedPostsReader(2);
    const likedWhileRead = cache.getList([POST_C, POST_D], acrossLike.read);
    await cache.postCountsChanged(POST_C);
    acrossLike.open();
    await likedWhileRead;
    const next = postsReader(3);
    expect((await cache.getList([POST_D, POST_C], next)).page.items.map((p) => p.like_count)).toEqual([2, 3]);
    expect(next.calls).toEqual([[POST_C]]);
    await cache.stop();
  });

  it('keeps at most 20 listed posts a page (FEED_CACHE_MAX_PAGES), the least recently used going first', async () => {
    const { cache } = makeCache({ maxPages: 1 });
    await cache.start();
    const post = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const twenty = Array.from({ length: 20 }, (_, i) => post(i + 1));
    await cache.getList(twenty, postsReader(1));
    expect(cache.listedPostsSize).toBe(20);
    await cache.getList([post(1)], postsReader(1)); // 1 is now the most recently used
    await cache.getList([post(21), post(22)], postsReader(1)); // 2 and 3 go
    expect(cache.listedPostsSize).toBe(20);
    const read = postsReader(1);
    await cache.getList([post(3), post(2), post(1), post(4), post(22)], read);
    expect(read.calls).toEqual([[post(3), post(2)]]);
    await cache.stop();
  });

  it("reads the counts of a viewer who changed something since a list's oldest post was read", async () => {
    const { cache } = makeCache();
    await cache.start();
    await cache.getList([POST_A], postsReader(1));
    // The viewer likes something; a list made now holds A as it was read before.
    await cache.viewersChanged(['v']);
    const list = await cache.getList([POST_B, POST_A], postsReader(1));
    const read = readingsReader();
    await cache.viewerStates('v', list, read);
    expect(read.calls).toEqual([true]);
    // A list of posts all read after the change: the viewer's flags, with the list's counts.
    const fresh = await cache.getList([POST_C, POST_D], postsReader(1));
    await cache.viewerStates('v', fresh, read);
    expect(read.calls).toEqual([true, false]);
    await cache.stop();
  });
});
