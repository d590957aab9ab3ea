import {
  type Brand,
  type BrandList,
  type BrandPage,
  BrandPageSchema,
  type CategoryPage,
  CategoryPageSchema,
  type CountedPostPage,
  CountedPostPageSchema,
  type CreatorPage,
  DISCOVERY_MESSAGES,
  type Explore,
  type ExploreBrandList,
  LIMITS,
  type Post,
  SearchPageSchema,
  STYLES,
  TagPageSchema,
  type TrendingPage,
} from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makePostPrivate, seedPost, updateProfile } from '../../test/discovery.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
let me: TestUser;
let zaraFan: TestUser;
let zaraPerson: TestUser;
let hannah: TestUser;
/** The public posts of the brand Zara: with its items, or by the person named 'zara'. */
let zaraPosts: string[];

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  me = await createUser(ctx.app);
  zaraFan = await createUser(ctx.app);
  zaraPerson = await createUser(ctx.app);
  hannah = await createUser(ctx.app);
  await updateProfile(ctx.app, me, { username: 'me_myself' });
  await updateProfile(ctx.app, zaraFan, { username: 'zara_fan' });
  // A person whose name is a brand's: the brand page shows their posts too (spec).
  await updateProfile(ctx.app, zaraPerson, { username: 'zara' });
  await updateProfile(ctx.app, hannah, { username: 'hannah' });
  // The brands, for the brand tests and the hub's (whose brands Zara leads), whichever runs first.
  zaraPosts = [
    await seedPost(ctx.app, zaraFan, {
      caption: 'Two Zara pieces',
      items: [
        { brand: 'Zara', item_type: 'Dress' },
        { brand: 'ZARA', item_type: 'Bag' },
      ],
    }),
    await seedPost(ctx.app, hannah, { items: [{ brand: 'zara', item_type: 'Shoes' }, { brand: 'Nike' }] }),
  ];
  const hidden = await seedPost(ctx.app, zaraFan, { items: [{ brand: 'Zara' }] });
  await makePostPrivate(ctx.app, hidden);
  zaraPosts.push(
    await seedPost(ctx.app, zaraPerson, { caption: 'My own look', items: [{ brand: 'Mango' }] }),
  );
  await seedPost(ctx.app, hannah, { items: [{ brand: 'Mango' }, { brand: 'Adidas' }] });
  // A brand whose only item is in a private post: known, but with no public items.
  await makePostPrivate(ctx.app, await seedPost(ctx.app, hannah, { items: [{ brand: 'Shein' }] }));
});
afterAll(() => ctx.close());

function get(url: string, user?: TestUser) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user ? user.headers : {} });
}

async function getJson<T>(url: string, user?: TestUser): Promise<T> {
  const response = await get(url, user);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const idsOf = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

describe('brands', () => {
  it('GET /brands lists every brand by usage count', async () => {
    const list = await getJson<BrandList>('/brands');
    const zara = list.items.find((brand) => brand.name === 'Zara');
    expect(zara).toMatchObject({ usage_count: 3 });
    const counts = list.items.map((brand) => brand.usage_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(list.items[0]?.name).toBe('Zara');
  });

  it('GET /explore/brands counts the tagged items of public posts', async () => {
    const list = await getJson<ExploreBrandList>('/explore/brands');
    const count = (name: string) => list.items.find((brand) => brand.name === name)?.item_count;
    expect(count('Zara')).toBe(3);
    expect(count('Mango')).toBe(2);
    expect(count('Nike')).toBe(1);
    expect(count('Shein')).toBe(0);
    const counts = list.items.map((brand) => brand.item_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("a brand's page has posts with its items and posts by an author of its name, with the count", async () => {
    const zara = (await getJson<BrandList>('/brands')).items.find((brand) => brand.name === 'Zara') as Brand;
    const page = await getJson<BrandPage>(`/explore/brands/${zara.id}`);
    expect(page.brand).toEqual({ id: zara.id, name: 'Zara', item_count: 3 });
    expect(page.total).toBe(3);
    expect(new Set(idsOf(page))).toEqual(new Set(zaraPosts));

    const first = await getJson<BrandPage>(`/explore/brands/${zara.id}?limit=2`);
    const rest = await getJson<BrandPage>(`/explore/brands/${zara.id}?limit=2&cursor=${first.next_cursor}`);
    expect([...idsOf(first), ...idsOf(rest)]).toEqual(idsOf(page));
    expect(rest.next_cursor).toBeNull();

    const shein = (await getJson<BrandList>('/brands')).items.find(
      (brand) => brand.name === 'Shein',
    ) as Brand;
    expect(await getJson<BrandPage>(`/explore/brands/${shein.id}`)).toMatchObject({ items: [], total: 0 });
  });

  it("an unknown brand is 'Brand Not Found'", async () => {
    for (const id of ['5b0e3c9e-7a4b-4c39-9f7e-0a3c1e2d4f5a', 'not-an-id']) {
      const response = await get(`/explore/brands/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Brand Not Found');
    }
  });
});

describe('style categories', () => {
  const matching: string[] = [];

  beforeAll(async () => {
    matching.push(await seedPost(ctx.app, hannah, { caption: 'Weekend #Casual' }));
    matching.push(await seedPost(ctx.app, hannah, { caption: 'Work #SmartCasual #Formal' }));
    matching.push(await seedPost(ctx.app, zaraFan, { caption: 'Fri #casual_friday' }));
    await seedPost(ctx.app, zaraFan, { caption: 'casual but no tag #Formal' });
    const hidden = await seedPost(ctx.app, zaraFan, { caption: '#Casual' });
    await makePostPrivate(ctx.app, hidden);
    await seedPost(ctx.app, hannah, { caption: 'Curves #PlusSize' });
  });

  it('has the posts whose tags equal or contain the category, ignoring case, with the count', async () => {
    const page = await getJson<CategoryPage>('/explore/categories/casual');
    expect(page.category).toBe('Casual');
    expect(page.total).toBe(3);
    expect(new Set(idsOf(page))).toEqual(new Set(matching));
    expect((await getJson<CategoryPage>('/explore/categories/CASUAL')).total).toBe(3);
  });

  it('matches a style of several words and answers an empty category', async () => {
    const plus = await getJson<CategoryPage>(`/explore/categories/${encodeURIComponent('plus size')}`);
    expect(plus).toMatchObject({ category: 'Plus Size', total: 1 });
    const wedding = await getJson<CategoryPage>('/explore/categories/wedding');
    expect(wedding).toEqual({
      category: 'Wedding',
      items: [],
      total: 0,
      total_capped: false,
      next_cursor: null,
    });
  });
});

/*
 * These routes send their answers without the response schema's parse on the way out (lib/send-json.ts):
 * nothing may be in them that the schema does not name, at any depth (a strict schema's parse drops an
 * unknown nested key, so the parsed answer would differ), and every field must be of its type.
 */
describe('lists of posts sent as they are built', () => {
  beforeAll(async () => {
    for (const author of [zaraFan, hannah]) {
      await seedPost(ctx.app, author, {
        caption: 'Shapes #Shapely',
        items: [{ brand: 'Shapely', item_type: 'Skirt', color: 'Red', size: 'M', price: 120 }],
      });
    }
  });

  const shapely = async () =>
    ((await getJson<BrandList>('/brands')).items.find((brand) => brand.name === 'Shapely') as Brand).id;
  const strictly = (schema: unknown) => (schema as z.ZodObject).strict();

  it.each([
    ['the filtered feed', async () => '/posts/filtered?brand=Shapely&limit=1', CountedPostPageSchema],
    [
      'the filtered feed with search words',
      async () => '/posts/filtered?q=shapes&brand=Shapely&limit=1',
      CountedPostPageSchema,
    ],
    ['search', async () => '/search?q=shapely&limit=1', SearchPageSchema],
    ['a brand page', async () => `/explore/brands/${await shapely()}?limit=1`, BrandPageSchema],
    ['a category page', async () => '/explore/categories/shapely?limit=1', CategoryPageSchema],
    ['a tag page', async () => '/tags/shapely/posts?limit=1', TagPageSchema],
  ])('%s answers exactly its schema, for visitors and signed-in people', async (_name, url, schema) => {
    for (const user of [undefined, me, zaraFan]) {
      const body = await getJson<{ items: Post[]; next_cursor: string | null }>(await url(), user);
      expect(body.items).toHaveLength(1);
      expect(body.next_cursor).not.toBeNull();
      expect(strictly(schema).parse(body)).toEqual(body);
    }
  });
});

describe('creators', () => {
  it("orders creators by followers, with the viewer's follow state", async () => {
    // Each has a public post, whichever tests ran before (not 'zara', whose posts the brand test
    // counts); the lurker has posted nothing: not a creator, though followed.
    const poster = await createUser(ctx.app);
    await updateProfile(ctx.app, poster, { username: 'poster' });
    const lurker = await createUser(ctx.app);
    await updateProfile(ctx.app, lurker, { username: 'lurker' });
    for (const author of [hannah, zaraFan, poster]) {
      await seedPost(ctx.app, author, { caption: 'A creator look' });
    }
    const follow = (user: TestUser, target: TestUser) =>
      ctx.app.inject({ method: 'PUT', url: `/api/v1/follows/${target.id}`, headers: user.headers });
    for (const [user, target] of [
      [me, hannah],
      [zaraFan, hannah],
      [zaraPerson, hannah],
      [me, zaraFan],
      [hannah, zaraFan],
      [zaraPerson, lurker],
      [zaraFan, poster],
    ] as const) {
      expect((await follow(user, target)).statusCode).toBe(200);
    }
    const page = await getJson<CreatorPage>('/explore/creators?limit=2', me);
    expect(
      page.items.map((creator) => [creator.username, creator.followers_count, creator.is_following]),
    ).toEqual([
      ['hannah', 3, true],
      ['zara_fan', 2, true],
    ]);
    expect(page.items[0]?.posts_count).toBeGreaterThan(0);
    const rest = await getJson<CreatorPage>(`/explore/creators?limit=50&cursor=${page.next_cursor}`, me);
    // The people of other tests may be listed too, after these (none has more than one follower).
    const ours = new Set([zaraFan.id, hannah.id, poster.id, lurker.id]);
    expect(rest.items.filter((creator) => ours.has(creator.id)).map((creator) => creator.username)).toEqual([
      'poster',
    ]);
    expect(rest.items.every((creator) => creator.followers_count <= 1)).toBe(true);
    expect(rest.next_cursor).toBeNull();
    const anonymous = await getJson<CreatorPage>('/explore/creators?limit=1');
    expect(anonymous.items[0]).toMatchObject({ username: 'hannah', is_following: false });
  });
});

describe('trending products', () => {
  it('counts only the clicks of the last 7 days', async () => {
    const postId = await seedPost(ctx.app, hannah, {
      items: [
        // Brands the brand tests above do not count.
        { brand: 'Uniqlo', title: 'Old favourite', price: 99.9, currency: 'USD', item_type: 'Coats' },
        {
          brand: 'Puma',
          title: 'New hit',
          price: 50,
          item_type: 'Shoes',
          image_url: 'https://img.example.com/x.jpg',
        },
        { brand: 'Gap', title: 'Never clicked' },
      ],
    });
    const post = await getJson<Post>(`/posts/${postId}`);
    const [old, hit] = post.items;
    // Eight clicks on the old favourite, all older than a week; three recent ones on the new hit.
    for (let n = 0; n < 8; n++) {
      await ctx.app.database.query(
        `insert into item_clicks (item_id, post_id, viewer_key, created_at) values ($1, $2, $3, now() - interval '8 days')`,
        [old!.id, postId, `old-${n}`],
      );
    }
    await ctx.app.database.query(
      `insert into item_clicks (item_id, post_id, viewer_key, created_at) values ($1, $2, 'recent', now() - interval '6 days')`,
      [old!.id, postId],
    );
    for (const user of [me, zaraFan, zaraPerson]) {
      const click = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/items/${hit!.id}/click`,
        headers: user.headers,
      });
      expect(click.json()).toEqual({ recorded: true });
    }

    const page = await getJson<TrendingPage>('/explore/trending');
    // This post's items, in the order of the whole list (the hub's test below may add a pick of its own).
    const ours = page.items.filter((item) => item.post_id === postId);
    expect(ours.map((item) => [item.title, item.click_count])).toEqual([
      ['New hit', 3],
      ['Old favourite', 1],
    ]);
    expect(ours[0]).toEqual({
      id: hit!.id,
      post_id: postId,
      title: 'New hit',
      brand: 'Puma',
      category: 'Shoes',
      price: 50,
      currency: 'ILS',
      image_url: 'https://img.example.com/x.jpg',
      link: hit!.link,
      click_count: 3,
    });
    expect(ours[1]).toMatchObject({ price: 99.9, currency: 'USD', image_url: post.media_url });
    const first = await getJson<TrendingPage>('/explore/trending?limit=1');
    const second = await getJson<TrendingPage>(`/explore/trending?limit=1&cursor=${first.next_cursor}`);
    expect([...idsOf(first), ...idsOf(second)]).toEqual(idsOf(page));
  });
});

describe('GET /api/v1/explore', () => {
  it("answers the hub's sections cut to the spec's sizes", async () => {
    const post = await seedPost(ctx.app, hannah, { caption: 'For an album' });
    const album = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/albums',
      headers: hannah.headers,
      payload: { name: 'Summer', post_id: post },
    });
    expect(album.statusCode).toBe(201);
    for (const name of ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7']) {
      await seedPost(ctx.app, me, { items: [{ brand: name }] });
    }
    // A product of its own clicked this week, so the trending section has something to show.
    const pickPost = await seedPost(ctx.app, hannah, { items: [{ brand: 'Cos', title: 'Hub pick' }] });
    const pick = (await getJson<Post>(`/posts/${pickPost}`)).items[0]!;
    const click = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/items/${pick.id}/click`,
      headers: me.headers,
    });
    expect(click.json()).toEqual({ recorded: true });

    // Each section is the head of its own list (whose order the tests above check), whatever those
    // tests have added so far.
    const explore = await getJson<Explore>('/explore', me);
    const brands = (await getJson<ExploreBrandList>('/explore/brands')).items;
    expect(explore.brands).toHaveLength(LIMITS.exploreBrands);
    expect(explore.brands).toEqual(brands.slice(0, LIMITS.exploreBrands));
    // Zara's three items lead whatever the other tests added (none adds more than two of a brand).
    expect(explore.brands[0]).toMatchObject({ name: 'Zara' });
    const creators = await getJson<CreatorPage>(`/explore/creators?limit=${LIMITS.exploreCreators}`, me);
    expect(explore.creators.length).toBeGreaterThan(0);
    expect(explore.creators).toEqual(creators.items);
    const trending = await getJson<TrendingPage>(`/explore/trending?limit=${LIMITS.exploreProducts}`, me);
    expect(explore.trending.map((item) => item.title)).toContain('Hub pick');
    expect(explore.trending).toEqual(trending.items);
    expect(explore.albums.map((a) => a.name)).toEqual(['Summer']);
    expect(explore.styles).toEqual([...STYLES]);
  });
});

describe('GET /api/v1/posts/fits-like-me', () => {
  const posts: Record<string, string> = {};

  beforeAll(async () => {
    const people = {
      same: {
        chest_circumference: 90,
        waist_circumference: 75,
        hip_circumference: 95,
        measurements_public: true,
      },
      near: {
        chest_circumference: 92,
        waist_circumference: 73,
        hip_circumference: 97,
        measurements_public: true,
      },
      chestOff: {
        chest_circumference: 95,
        waist_circumference: 75,
        hip_circumference: 95,
        measurements_public: true,
      },
      secret: {
        chest_circumference: 90,
        waist_circumference: 75,
        hip_circumference: 95,
        measurements_public: false,
      },
    };
    await updateProfile(ctx.app, me, {
      chest_circumference: 90,
      waist_circumference: 75,
      hip_circumference: 95,
      measurements_public: false,
    });
    for (const [name, measurements] of Object.entries(people)) {
      const user = await createUser(ctx.app);
      await updateProfile(ctx.app, user, measurements);
      posts[name] = await seedPost(ctx.app, user, { caption: 'A look' });
    }
    posts.mine = await seedPost(ctx.app, me, { caption: 'my look' });
  });

  const fits = (query: string, user: TestUser | null = me) =>
    get(`/posts/fits-like-me?${query}`, user ?? undefined);

  it('returns the posts of authors within the tolerance, closest first, never the caller', async () => {
    const response = await fits('tolerance=4');
    expect(response.statusCode).toBe(200);
    const page = response.json() as CountedPostPage;
    expect(idsOf(page)).toEqual([posts.same, posts.near]);
    expect(page.total).toBe(2);
    expect(idsOf((await fits('tolerance=5')).json())).toEqual([posts.same, posts.chestOff, posts.near]);
    // Without a tolerance the server widens it while too few match: here up to the maximum.
    expect((await fits('')).json()).toMatchObject({ tolerance: 15, total: 3 });
  });

  it('never uses private measurements and never answers measurements', async () => {
    const response = await fits('tolerance=15');
    expect(idsOf(response.json())).not.toContain(posts.secret);
    expect(response.body).not.toMatch(/circumference|chest|waist|hip|measurement/i);
  });

  it("uses only the caller's stored measurements as the reference", async () => {
    const probed = await fits('tolerance=4&chest_circumference=95&chest=95&waist=75&hip=95');
    expect(idsOf(probed.json())).toEqual([posts.same, posts.near]);
    await updateProfile(ctx.app, me, { chest_circumference: 94 });
    expect(idsOf((await fits('tolerance=2')).json())).toEqual([posts.chestOff, posts.near]);
    await updateProfile(ctx.app, me, { chest_circumference: 90 });
  });

  it('pages without repeating posts', async () => {
    const first = (await fits('tolerance=5&limit=2')).json() as CountedPostPage;
    const second = (await fits(`tolerance=5&limit=2&cursor=${first.next_cursor}`)).json() as CountedPostPage;
    expect([...idsOf(first), ...idsOf(second)]).toEqual([posts.same, posts.chestOff, posts.near]);
    expect(second).toMatchObject({ total: 3, next_cursor: null });
  });

  it('rejects a tolerance outside 1..15 and visitors', async () => {
    for (const tolerance of ['0', '16', '-1', '4.5', 'abc', '']) {
      const response = await fits(`tolerance=${tolerance}`);
      expect(response.statusCode, tolerance).toBe(400);
      expect(response.json().error.message).toBe(DISCOVERY_MESSAGES.toleranceRange);
    }
    expect((await fits('tolerance=4', null)).statusCode).toBe(401);
    expect((await fits('tolerance=99', null)).statusCode).toBe(401);
  });

  it('asks for measurements when the caller has none', async () => {
    const stranger = await createUser(ctx.app);
    await updateProfile(ctx.app, stranger, { chest_circumference: 'abc' });
    const response = await fits('tolerance=4', stranger);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe(DISCOVERY_MESSAGES.measurementsMissing);
  });
});
