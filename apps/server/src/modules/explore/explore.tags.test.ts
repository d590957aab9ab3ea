import type { Suggestions, TagPage } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makePostPrivate, seedPost } from '../../test/discovery.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

/*
 * Hashtags (issue 19): a tag's page counts and lists only the posts the viewer may see, and the Explore
 * suggestions offer tags. Each test tries to break one rule.
 */

let ctx: TestApp;
let ana: TestUser;
let ben: TestUser;
let cleo: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  [ana, ben, cleo] = [await createUser(ctx.app), await createUser(ctx.app), await createUser(ctx.app)];
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  ids.anaOld = await seedPost(ctx.app, ana, { caption: 'Old #Linen_Look', createdAt: day(1) });
  ids.anaNew = await seedPost(ctx.app, ana, { caption: 'New #linenlook #beach', createdAt: day(3) });
  ids.anaPrivate = await seedPost(ctx.app, ana, { caption: 'Mine #LinenLook', createdAt: day(4) });
  await makePostPrivate(ctx.app, ids.anaPrivate);
  ids.ben = await seedPost(ctx.app, ben, { caption: 'Ben #LINENLOOK', createdAt: day(2) });
  // Contains the tag but is another tag: not on its page.
  ids.other = await seedPost(ctx.app, ben, { caption: '#linenlooks and text linenlook', createdAt: day(5) });
  // A block between Cleo and Ben, made by Cleo.
  const blocked = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/blocks/${ben.id}`,
    headers: cleo.headers,
  });
  expect(blocked.statusCode).toBeLessThan(300);
});
afterAll(() => ctx.close());

async function tagPage(tag: string, user?: TestUser, query = ''): Promise<TagPage> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/tags/${encodeURIComponent(tag)}/posts${query}`,
    headers: user?.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as TagPage;
}
const postIds = (page: TagPage) => page.items.map((post) => post.id);

describe('GET /api/v1/tags/:tag/posts', () => {
  it("a visitor sees the public posts with exactly the tag, newest first, counted; '#' and case do not matter", async () => {
    for (const tag of ['linenlook', '#LinenLook', 'Linen_Look']) {
      const page = await tagPage(tag);
      expect(postIds(page)).toEqual([ids.anaNew, ids.ben, ids.anaOld]);
      expect(page).toMatchObject({ total: 3, total_capped: false, tag: tag.replace(/^#/, '') });
    }
  });

  it("counts and lists the author's own private post for her only", async () => {
    const page = await tagPage('linenlook', ana);
    expect(postIds(page)).toEqual([ids.anaPrivate, ids.anaNew, ids.ben, ids.anaOld]);
    expect(page.total).toBe(4);
    expect((await tagPage('linenlook', ben)).total).toBe(3);
  });

  it('leaves out the posts of people a block stands between, whoever blocked whom', async () => {
    const cleoPage = await tagPage('linenlook', cleo);
    expect(postIds(cleoPage)).toEqual([ids.anaNew, ids.anaOld]);
    expect(cleoPage.total).toBe(2);
    const benPage = await tagPage('beach', ben);
    expect(benPage.total).toBe(1);
    const cleoFromBen = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tags/linenlooks/posts',
      headers: cleo.headers,
    });
    expect((cleoFromBen.json() as TagPage).total).toBe(0);
  });

  it('pages on with the cursor, the count staying the total', async () => {
    const first = await tagPage('linenlook', undefined, '?limit=2');
    expect(postIds(first)).toEqual([ids.anaNew, ids.ben]);
    expect(first.total).toBe(3);
    const second = await tagPage('linenlook', undefined, `?limit=2&cursor=${first.next_cursor}`);
    expect(postIds(second)).toEqual([ids.anaOld]);
    expect(second.next_cursor).toBeNull();
  });

  it('answers an empty page for a tag of no letters or no posts, and refuses an over-long one', async () => {
    expect(await tagPage('%25')).toMatchObject({ items: [], total: 0 });
    expect(await tagPage('nosuchtag')).toMatchObject({ items: [], total: 0 });
    const long = await ctx.app.inject({ method: 'GET', url: `/api/v1/tags/${'a'.repeat(101)}/posts` });
    // Fastify refuses a path segment over 100 characters before the schema sees it.
    expect(long.statusCode).toBe(414);
  });
});

describe('tags in the Explore suggestions', () => {
  async function suggest(q: string, user?: TestUser): Promise<Suggestions> {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/search/suggestions?q=${encodeURIComponent(q)}`,
      headers: user?.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Suggestions;
  }

  it('offers the tags of public posts holding the text, starting with it first, with their counts', async () => {
    const { tags } = await suggest('#Linen');
    expect(tags).toEqual([
      { tag: 'linenlook', post_count: 3 },
      { tag: 'linenlooks', post_count: 1 },
    ]);
    expect((await suggest('each')).tags).toEqual([{ tag: 'beach', post_count: 1 }]);
  });

  it('does not count private posts, nor posts of people a block stands between', async () => {
    expect((await suggest('linen', cleo)).tags).toEqual([{ tag: 'linenlook', post_count: 2 }]);
  });
});
