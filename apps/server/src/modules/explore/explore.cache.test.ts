import { type CountedPostPage, CountedPostPageSchema, type Post } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestApps, type TestApp, type TestApps } from '../../test/context.ts';
import { makePostPrivate, seedPost, updateProfile } from '../../test/discovery.ts';
import { publishPost } from '../../test/media.ts';
import { notificationsHeard } from '../../test/notifications.ts';
import { countStatements } from '../../test/statements.ts';
import { actAs, createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

/*
 * Discovery's cache (DISCOVERY_CACHE_TTL_MS): the matches of a filter set, category or brand (all of them
 * while at most the count's cap, else the capped count and each page by its cursor) and search's ranking
 * are computed once and reused across pages and visitors, and every post change made through the API clears them at once.
 * `seedPost` writes straight into the tables, behind the services' back: what it adds shows whether an
 * answer came from the cache. The filtered feed's matches come from the filter index by default, which is
 * never stale (explore.filter-index.test.ts), so the apps that test the cache with it turn the index off.
 */

const blackZara = (caption: string) => ({
  caption,
  items: [{ item_type: 'Jacket', brand: 'Zara', color: 'Black' }],
});

async function getPage(app: FastifyInstance, url: string): Promise<CountedPostPage> {
  const response = await app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CountedPostPage;
}

const ids = (page: CountedPostPage) => page.items.map((post) => post.id);

describe('with the cache on (the default)', () => {
  let ctx: TestApp;
  let dana: TestUser;
  const seeded: string[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, filterIndex: false });
    dana = await createUser(ctx.app);
    for (const caption of ['Zara one #Casual', 'Zara two #Casual', 'Zara three #Casual']) {
      seeded.push(await seedPost(ctx.app, dana, blackZara(caption)));
    }
  });
  afterAll(() => ctx.close());

  it('reuses matches and a ranking: a post written behind the services is not in them yet', async () => {
    expect(await getPage(ctx.app, '/api/v1/posts/filtered?color=Black')).toMatchObject({ total: 3 });
    expect(await getPage(ctx.app, '/api/v1/explore/categories/casual')).toMatchObject({ total: 3 });
    expect(new Set(ids(await getPage(ctx.app, '/api/v1/search?q=zara')))).toEqual(new Set(seeded));

    const behind = await seedPost(ctx.app, dana, blackZara('Zara four #Casual'));
    const filtered = await getPage(ctx.app, '/api/v1/posts/filtered?color=Black');
    // Its page and its count both came from the kept matches.
    expect(ids(filtered)).not.toContain(behind);
    expect(filtered.total).toBe(3);
    expect((await getPage(ctx.app, '/api/v1/explore/categories/casual')).total).toBe(3);
    expect(ids(await getPage(ctx.app, '/api/v1/search?q=zara'))).not.toContain(behind);
    seeded.push(behind);
  });

  it('a post published through the API is counted and found at once', async () => {
    const post = await publishPost(ctx.app, dana, {
      caption: 'Zara five #Casual',
      items: [{ item_type: 'Jacket', brand: 'Zara', color: 'Black', link: 'https://shop.example.com/j' }],
    });
    // Dana's posts so far (the test above may have added one) and this one.
    const total = seeded.length + 1;
    expect((await getPage(ctx.app, '/api/v1/posts/filtered?color=Black')).total).toBe(total);
    expect((await getPage(ctx.app, '/api/v1/explore/categories/casual')).total).toBe(total);
    const found = await getPage(ctx.app, '/api/v1/search?q=zara');
    expect(new Set(ids(found))).toEqual(new Set([...seeded, post.id]));
    expect(found.total).toBe(total);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${post.id}`,
      headers: dana.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await getPage(ctx.app, '/api/v1/posts/filtered?color=Black')).total).toBe(seeded.length);
    expect(ids(await getPage(ctx.app, '/api/v1/search?q=zara'))).not.toContain(post.id);
  });

  it('pages of a kept ranking follow each other like the whole list', async () => {
    // The ranking kept now, whichever test ran before (it may predate a post written behind the services).
    const wholePage = await getPage(ctx.app, '/api/v1/search?q=zara&limit=50');
    const whole = ids(wholePage);
    expect(whole.length).toBeGreaterThanOrEqual(3);
    expect(wholePage.total).toBe(whole.length);
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page: CountedPostPage = await getPage(
        ctx.app,
        `/api/v1/search?q=zara&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.total).toBe(whole.length);
      walked.push(...ids(page));
      cursor = page.next_cursor;
    } while (cursor && walked.length < 10);
    expect(walked).toEqual(whole);
  });

  it("a new name of an author is found at once (search matches authors' names)", async () => {
    await updateProfile(ctx.app, dana, { username: 'dana_cache' });
    expect(new Set(ids(await getPage(ctx.app, '/api/v1/search?q=dana_cache')))).toEqual(new Set(seeded));
    await updateProfile(ctx.app, dana, { username: 'dana_renamed' });
    expect(ids(await getPage(ctx.app, '/api/v1/search?q=dana_cache'))).toEqual([]);
  });
});

describe("search's query words, kept", () => {
  let ctx: TestApp;
  let dana: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
    dana = await createUser(ctx.app);
    await seedPost(ctx.app, dana, blackZara('Zara one'));
  });
  afterAll(() => ctx.close());

  it('keeps a word for every query holding it, until a post or an author changes', async () => {
    expect((await getPage(ctx.app, '/api/v1/search?q=zara%20black')).total).toBe(1);
    // A person named for the word, and a post of theirs without it, written behind the services' back.
    const fan = await createUser(ctx.app);
    await ctx.app.database.query(`update profiles set username = 'zara_fan' where id = $1`, [fan.id]);
    const theirs = await seedPost(ctx.app, fan, { caption: 'Black tee' });
    // Another query of the same words (a ranking of its own): 'zara' as kept, naming nobody yet.
    expect(ids(await getPage(ctx.app, '/api/v1/search?q=black%20zara'))).not.toContain(theirs);
    // A name changed through the API clears it: the post is found by its author's name.
    await updateProfile(ctx.app, fan, { display_name: 'Zara Fan' });
    expect(ids(await getPage(ctx.app, '/api/v1/search?q=zara%20%20black'))).toContain(theirs);
  });

  it('finds the words run together once a post has them, at once when published through the API', async () => {
    // 'plus size' is also 'plussize', a word no post had yet: kept as none.
    expect((await getPage(ctx.app, '/api/v1/search?q=plus%20size')).total).toBe(0);
    const behind = await seedPost(ctx.app, dana, { caption: 'Weekend #PlusSize' });
    // Another query of the same words: its ranking is new, its words are kept (a post written behind the
    // services' back clears nothing).
    expect((await getPage(ctx.app, '/api/v1/search?q=plus%20%20size')).total).toBe(0);
    const post = await publishPost(ctx.app, dana, { caption: 'Office #PlusSize' });
    const found = await getPage(ctx.app, '/api/v1/search?q=plus%20size');
    expect(new Set(ids(found))).toEqual(new Set([behind, post.id]));
  });
});

describe('with DISCOVERY_CACHE_TTL_MS=0', () => {
  let ctx: TestApp;
  let dana: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, discoveryCacheTtlMs: 0 });
    dana = await createUser(ctx.app);
    await seedPost(ctx.app, dana, blackZara('Zara one'));
  });
  afterAll(() => ctx.close());

  it('computes every answer afresh', async () => {
    expect((await getPage(ctx.app, '/api/v1/posts/filtered?color=Black')).total).toBe(1);
    const behind = await seedPost(ctx.app, dana, blackZara('Zara two'));
    expect((await getPage(ctx.app, '/api/v1/posts/filtered?color=Black')).total).toBe(2);
    expect(ids(await getPage(ctx.app, '/api/v1/search?q=zara'))).toContain(behind);
  });
});

/*
 * The posts of a discovery page are kept like the feed's pages (FEED_CACHE_TTL_MS, here ten minutes):
 * the visitors' version of the list, and each viewer's own flags on it (PostsService.listedPage).
 */
describe("a discovery page's posts, kept", () => {
  let ctx: TestApp;
  let author: TestUser;
  let viewer: TestUser;
  let someone: TestUser;
  let post: { id: string };
  const url = '/api/v1/posts/filtered?color=Black';

  beforeAll(async () => {
    ctx = await createTestApp({
      authRateLimits: TEST_RATE_LIMITS,
      feedCacheTtlMs: 600_000,
      filterIndex: false,
    });
    author = await createUser(ctx.app);
    viewer = await createUser(ctx.app);
    someone = await createUser(ctx.app);
    post = await publishPost(ctx.app, author, {
      caption: 'kept on a discovery page',
      items: [{ item_type: 'Jacket', brand: 'Zara', color: 'Black', link: 'https://shop.example.com/j' }],
    });
  });
  afterAll(() => ctx.close());

  /** The page for `user` (a visitor without one) and the statements its request sent. */
  async function read(user?: TestUser) {
    const { result: response, statements } = await countStatements(ctx.app, () =>
      ctx.app.inject({ url, headers: user?.headers ?? {} }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as CountedPostPage;
    return { post: page.items.find((p) => p.id === post.id), statements };
  }

  it("reads the posts once for visitors and once per viewer, and shows a viewer's own like at once", async () => {
    // The first read keeps the visitors' posts and this viewer's flags on them (and checks their token).
    expect((await read(viewer)).post).toMatchObject({ like_count: 0, liked_by_me: false });
    // Read again, a page sends no statement: discovery's cache keeps its matches, the feed's its posts.
    expect((await read()).statements).toBe(0);
    expect((await read(viewer)).statements).toBe(0);
    expect((await read()).post).toMatchObject({ like_count: 0, liked_by_me: false });
    // Someone's like written behind the services: kept counts, for visitors and the viewer alike.
    await ctx.app.database.query('insert into post_likes (post_id, profile_id) values ($1, $2)', [
      post.id,
      someone.id,
    ]);
    expect((await read()).post).toMatchObject({ like_count: 0 });
    expect((await read(viewer)).post).toMatchObject({ like_count: 0, liked_by_me: false });
    // The viewer's own like through the API: at once, with the counts as they are now.
    const liked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/posts/${post.id}/like`,
      headers: viewer.headers,
    });
    expect(liked.statusCode).toBeLessThan(300);
    expect((await read(viewer)).post).toMatchObject({ like_count: 2, liked_by_me: true });
    expect((await read()).post).toMatchObject({ like_count: 0, liked_by_me: false });
    expect((await read(someone)).post).toMatchObject({ liked_by_me: true });
    // An edit of the post clears what was kept: everyone's counts are the current ones.
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${post.id}`,
      headers: author.headers,
      payload: { caption: 'kept, then edited' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await read()).post).toMatchObject({ like_count: 2, caption: 'kept, then edited' });
    expect((await read(viewer)).post).toMatchObject({ like_count: 2, liked_by_me: true });
  });

  it('reads the page for a viewer a block hides a post from, and keeps it for the others', async () => {
    await ctx.app.inject({ method: 'POST', url: `/api/v1/blocks/${viewer.id}`, headers: author.headers });
    expect((await read(viewer)).post).toBeUndefined();
    expect((await read()).post).toBeDefined();
    expect((await read(someone)).post).toBeDefined();
    await ctx.app.inject({ method: 'DELETE', url: `/api/v1/blocks/${viewer.id}`, headers: author.headers });
    expect((await read(viewer)).post).toBeDefined();
  });
});

/*
 * A kept discovery page is sent as its kept bytes, with a signed-in viewer's values written in
 * (PostsService.listedPage, FeedCache.pageOfList, FeedPageTemplate), with an ETag like the feed's. Each
 * viewer must get their own values, never another's or a visitor's, and a change must show at once: a
 * stale page or a 304 for an old ETag would fail these.
 */
describe('a kept discovery page, sent as bytes', () => {
  let ctx: TestApp;
  let author: TestUser;
  let ann: TestUser;
  let ben: TestUser;
  let first: Post;
  let second: Post;
  const pages = [
    '/api/v1/posts/filtered?color=Black&limit=5',
    '/api/v1/explore/categories/bytes?limit=5',
    '/api/v1/search?q=bytespage&limit=5',
    '/api/v1/tags/bytes/posts?limit=5',
  ];

  beforeAll(async () => {
    ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, feedCacheTtlMs: 600_000 });
    author = await createUser(ctx.app);
    ann = await createUser(ctx.app);
    ben = await createUser(ctx.app);
    const look = (caption: string) => ({
      caption,
      items: [{ item_type: 'Jacket', brand: 'Zara', color: 'Black', link: 'https://shop.example.com/j' }],
    });
    first = await publishPost(ctx.app, author, look('bytespage one #Bytes'));
    second = await publishPost(ctx.app, author, look('bytespage two #Bytes'));
    // Ann likes the first post and saves the second and the first one's product; Ben follows the author.
    for (const [url, user] of [
      [`/api/v1/posts/${first.id}/like`, ann],
      [`/api/v1/posts/${second.id}/save`, ann],
      [`/api/v1/items/${first.items[0]!.id}/save`, ann],
      [`/api/v1/follows/${author.id}`, ben],
    ] as const) {
      const response = await ctx.app.inject({ method: 'PUT', url, headers: user.headers });
      expect(response.statusCode, response.body).toBeLessThan(300);
    }
  });
  afterAll(() => ctx.close());

  async function get(url: string, user?: TestUser, etag?: string) {
    return ctx.app.inject({
      url,
      headers: { ...(user?.headers ?? {}), ...(etag ? { 'if-none-match': etag } : {}) },
    });
  }

  /** What `user` sees of the two posts on `url`: [liked, saved, following, product saved, likes] of each. */
  async function flags(url: string, user?: TestUser) {
    const response = await get(url, user);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as CountedPostPage;
    const seen = (post: Post) => {
      const found = page.items.find((p) => p.id === post.id);
      if (!found) return null;
      return [
        found.liked_by_me,
        found.saved_by_me,
        found.following_author,
        found.items[0]!.saved_by_me,
        found.like_count,
      ];
    };
    return { first: seen(first), second: seen(second), total: page.total, etag: response.headers.etag };
  }

  it.each(pages)('%s: each viewer gets their own flags, and their own ETag', async (url) => {
    const visitorSees = { first: [false, false, false, false, 1], second: [false, false, false, false, 0] };
    const annSees = { first: [true, false, false, true, 1], second: [false, true, false, false, 0] };
    const benSees = { first: [false, false, true, false, 1], second: [false, false, true, false, 0] };
    // In turn, twice: the kept bytes are shared, and no one's values may stay in them for the next.
    const etags = new Map<string, string>();
    for (let round = 0; round < 2; round++) {
      for (const [name, user, sees] of [
        ['ann', ann, annSees],
        ['visitor', undefined, visitorSees],
        ['ben', ben, benSees],
      ] as const) {
        const seen = await flags(url, user);
        expect({ first: seen.first, second: seen.second }, `${name}, round ${round}`).toEqual(sees);
        expect(seen.total).toBe(2);
        expect(seen.etag).toMatch(/^"[\w-]+"$/);
        if (round === 1) expect(seen.etag, name).toBe(etags.get(name));
        etags.set(name, seen.etag as string);
      }
    }
    expect(new Set(etags.values()).size).toBe(3);
    // Each one's ETag revalidates their own page only.
    expect((await get(url, ann, etags.get('ann'))).statusCode).toBe(304);
    expect((await get(url, undefined, etags.get('visitor'))).statusCode).toBe(304);
    expect((await get(url, ben, etags.get('ann'))).statusCode).toBe(200);
    expect((await get(url, undefined, etags.get('ben'))).statusCode).toBe(200);
    const visitor = await get(url);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.headers.vary).toContain('authorization');
    expect((await get(url, ann)).headers['cache-control']).toBe('no-store');
  });

  it("a viewer's own change and a post's removal show at once, and old ETags no longer match", async () => {
    const before = new Map<string, { visitor: string; ben: string; ann: string }>();
    for (const url of pages) {
      before.set(url, {
        visitor: (await flags(url)).etag as string,
        ben: (await flags(url, ben)).etag as string,
        ann: (await flags(url, ann)).etag as string,
      });
    }
    // Ben likes the second post: his pages show it at once, with the count as it is now.
    const liked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/posts/${second.id}/like`,
      headers: ben.headers,
    });
    expect(liked.statusCode).toBeLessThan(300);
    for (const url of pages) {
      const bens = await get(url, ben, before.get(url)!.ben);
      expect(bens.statusCode, url).toBe(200);
      const post = (bens.json() as CountedPostPage).items.find((p) => p.id === second.id);
      expect(post, url).toMatchObject({ liked_by_me: true, like_count: 1, following_author: true });
      // Ann's and the visitors' pages are as they were.
      expect((await get(url, ann, before.get(url)!.ann)).statusCode, url).toBe(304);
      expect((await get(url, undefined, before.get(url)!.visitor)).statusCode, url).toBe(304);
    }
    // The author removes the first post: gone from every page at once, for everyone.
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${first.id}`,
      headers: author.headers,
    });
    expect(removed.statusCode).toBe(204);
    for (const url of pages) {
      for (const [user, etag] of [
        [undefined, before.get(url)!.visitor],
        [ann, before.get(url)!.ann],
        [ben, before.get(url)!.ben],
      ] as const) {
        const response = await get(url, user, etag);
        expect(response.statusCode, url).toBe(200);
        const page = response.json() as CountedPostPage;
        expect(
          page.items.map((p) => p.id),
          url,
        ).toEqual([second.id]);
        expect(page.total, url).toBe(1);
      }
      expect((await flags(url, ann)).second).toEqual([false, true, false, false, 1]);
    }
  });
});

/*
 * A discovery list not kept yet (other filters, another page size) is made of the posts kept one by one
 * for visitors (FeedCache.getList): only the posts no list brought before are read, and a change of a
 * post shows in the next list at once, as on the post's own page. The app keeps them for ten minutes.
 */
describe('discovery lists made of posts kept one by one', () => {
  let ctx: TestApp;
  let author: TestUser;
  let fan: TestUser;
  const zaras: Post[] = [];
  let nike: Post;

  beforeAll(async () => {
    ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, feedCacheTtlMs: 600_000 });
    author = await createUser(ctx.app);
    fan = await createUser(ctx.app);
    const look = (caption: string, brand: string) => ({
      caption,
      items: [{ item_type: 'Jacket', brand, color: 'Black', link: 'https://shop.example.com/j' }],
    });
    nike = await publishPost(ctx.app, author, look('kept one by one, Nike', 'Nike'));
    // Newest last: the last one leads every list below.
    for (let i = 0; i < 6; i++)
      zaras.push(await publishPost(ctx.app, author, look(`kept one by one ${i}`, 'Zara')));
  });
  afterAll(() => ctx.close());

  const shape = (items: Post[]): CountedPostPage => ({
    items,
    total: items.length,
    total_capped: false,
    next_cursor: null,
  });
  /** The visitors' page of the posts `postIds` made by the posts service, and the statements it sent. */
  async function listed(postIds: string[], viewer: TestUser | null = null) {
    const { result, texts, values } = await countStatements(ctx.app, () =>
      ctx.app.services.posts.listedPage(viewer?.id ?? null, postIds, shape),
    );
    return { page: JSON.parse(result.body.toString('utf8')) as CountedPostPage, texts, values };
  }

  it('reads only the posts no list read before, in one statement, and sends the same page', async () => {
    // The newest three, newest first, as the lists of Zara posts below begin.
    const [a, b, c] = zaras.map((post) => post.id).reverse();
    // The publications' notices clear the cache when they arrive: not while it is being counted.
    await notificationsHeard(ctx.app);
    const first = await listed([a!, b!]);
    expect(first.texts).toHaveLength(1);
    // Another list: only its new post is read (by the statement for one post).
    const second = await listed([c!, b!, a!]);
    expect(second.texts).toHaveLength(1);
    expect(second.values[0]?.flat()).toContain(c);
    expect(second.values[0]?.flat()).not.toContain(a);
    expect(second.values[0]?.flat()).not.toContain(b);
    const postsRead = [first.texts[0], second.texts[0]];
    // A list of posts kept: nothing is read, and its page is the one read without the cache.
    const third = await listed([b!, c!]);
    expect(third.texts).toEqual([]);
    expect(third.page).toEqual(
      CountedPostPageSchema.parse(shape(await ctx.app.services.posts.getPostsByIds(null, [b!, c!]))),
    );
    // Through the routes: another filter set and another page size read no post the lists above kept.
    for (const url of [
      '/api/v1/posts/filtered?brand=Zara&limit=3',
      '/api/v1/posts/filtered?brand=Zara&limit=2',
    ]) {
      const { result: response, texts } = await countStatements(ctx.app, () => ctx.app.inject({ url }));
      expect(response.statusCode, response.body).toBe(200);
      expect(texts.filter((text) => postsRead.includes(text))).toEqual([]);
    }
  });

  /**
   * Post `id` as visitors see it on a list no one asked for before: the n-th such list is the n oldest
   * other posts, then it (the lists above are of the newest posts, first).
   */
  let lists = 0;
  async function onANewList(id: string): Promise<Post | undefined> {
    lists += 1;
    const others = [...zaras.slice(0, 5), nike].map((post) => post.id).filter((other) => other !== id);
    const { page } = await listed([...others.slice(0, lists), id]);
    expect(page.items.length).toBeGreaterThanOrEqual(lists);
    return page.items.find((post) => post.id === id);
  }

  it('shows a like, a comment, an edit and a removal on the next list at once', async () => {
    const post = zaras.at(-1)!;
    expect(await onANewList(post.id)).toMatchObject({ like_count: 0, comment_count: 0 });
    await actAs(ctx.app, fan, 'PUT', `/api/v1/posts/${post.id}/like`);
    expect(await onANewList(post.id)).toMatchObject({ like_count: 1, comment_count: 0 });
    await actAs(ctx.app, fan, 'POST', `/api/v1/posts/${post.id}/comments`, { body: 'kept no more' });
    expect(await onANewList(post.id)).toMatchObject({ like_count: 1, comment_count: 1 });
    await actAs(ctx.app, fan, 'DELETE', `/api/v1/posts/${post.id}/like`);
    expect(await onANewList(post.id)).toMatchObject({ like_count: 0, comment_count: 1 });
    await actAs(ctx.app, author, 'PATCH', `/api/v1/posts/${post.id}`, { caption: 'kept, then edited' });
    expect(await onANewList(post.id)).toMatchObject({ caption: 'kept, then edited' });
    // The fan's own version of a new list, from the kept posts with their flags.
    const fans = await listed([zaras[0]!.id, post.id], fan);
    expect(fans.page.items[1]).toMatchObject({ liked_by_me: false, comment_count: 1 });
    await actAs(ctx.app, author, 'DELETE', `/api/v1/posts/${post.id}`);
    zaras.pop();
    expect(await onANewList(post.id)).toBeUndefined();
    expect((await listed([post.id, zaras[0]!.id])).page.items.map((p) => p.id)).toEqual([zaras[0]!.id]);
  });

  it('never keeps or serves a post visitors may not see, and reads it for its author', async () => {
    await makePostPrivate(ctx.app, nike.id);
    // Made private behind the services: it leaves with the next change of a post, as a post's own page does.
    await actAs(ctx.app, author, 'PATCH', `/api/v1/posts/${zaras[0]!.id}`, { caption: 'changes the posts' });
    for (let round = 0; round < 2; round++) {
      const visitors = await listed([nike.id, zaras[0]!.id, zaras[1]!.id].slice(round));
      expect(visitors.page.items.map((p) => p.id)).not.toContain(nike.id);
      // Asked for again by each list: never kept.
      if (round === 0) expect(visitors.values[0]?.flat()).toContain(nike.id);
      const authors = await listed([nike.id, zaras[1]!.id], author);
      expect(authors.page.items.map((p) => p.id)).toEqual([nike.id, zaras[1]!.id]);
      expect(authors.page.items[0]).toMatchObject({ visibility: 'private' });
      expect((await listed([zaras[1]!.id, nike.id], fan)).page.items.map((p) => p.id)).toEqual([
        zaras[1]!.id,
      ]);
    }
    const again = await listed([nike.id, zaras[2]!.id]);
    expect(again.values.map((v) => v.flat())).toContainEqual(expect.arrayContaining([nike.id]));
  });
});

/* Two instances on one database (on PGlite they share the one in-process database and its NOTIFY). */
describe('two server instances', () => {
  let cluster: TestApps;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    cluster = await createTestApps(2, { authRateLimits: TEST_RATE_LIMITS });
    [first, second] = cluster.apps as [FastifyInstance, FastifyInstance];
  });
  afterAll(() => cluster.close());

  it("a post published on one clears the other's counts and rankings", async () => {
    const dana = await createUser(first);
    await seedPost(first, dana, blackZara('Zara one'));
    expect((await getPage(second, '/api/v1/posts/filtered?color=Black')).total).toBe(1);
    expect(await getPage(second, '/api/v1/search?q=zara')).toMatchObject({ total: 1 });

    const post = await publishPost(first, dana, {
      caption: 'Zara two',
      items: [{ item_type: 'Jacket', brand: 'Zara', color: 'Black', link: 'https://shop.example.com/j' }],
    });
    await expect
      .poll(async () => (await getPage(second, '/api/v1/posts/filtered?color=Black')).total)
      .toBe(2);
    await expect.poll(async () => ids(await getPage(second, '/api/v1/search?q=zara'))).toContain(post.id);
  });
});
