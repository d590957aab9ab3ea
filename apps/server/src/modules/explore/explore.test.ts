import {
  type Brand,
  type BrandList,
  type BrandPage,
  type CategoryPage,
  type CountedPostPage,
  type CreatorPage,
  DISCOVERY_MESSAGES,
  type Explore,
  type ExploreBrandList,
  LIMITS,
  type Post,
  STYLES,
  type TrendingPage,
} from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makePostPrivate, seedPost, updateProfile } from '../../test/discovery.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
let me: TestUser;
let zaraFan: TestUser;
let zaraPerson: TestUser;
let hannah: TestUser;

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
  let zaraPosts: string[];

  beforeAll(async () => {
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
    // A brand without items (the POST test below creates one of its own).
    const shein = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/brands',
      headers: me.headers,
      payload: { name: 'Shein' },
    });
    expect(shein.statusCode).toBe(201);
  });

  it('GET /brands lists every brand by usage count', async () => {
    const list = await getJson<BrandList>('/brands');
    const zara = list.items.find((brand) => brand.name === 'Zara');
    expect(zara).toMatchObject({ usageCount: 3 });
    const counts = list.items.map((brand) => brand.usageCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(list.items[0]?.name).toBe('Zara');
  });

  it('POST /brands creates a brand, answers an existing one (any case) as it is, and needs a sign-in', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/brands',
      headers: me.headers,
      payload: { name: '  Boden  ' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Boden', usageCount: 0 });

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/brands',
      headers: me.headers,
      payload: { name: 'zara' },
    });
    expect(again.statusCode).toBe(200);
    const zara = (await getJson<BrandList>('/brands')).items.find((brand) => brand.name === 'Zara');
    expect(again.json()).toEqual(zara);

    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/v1/brands', payload: { name: 'X' } });
    expect(anonymous.statusCode).toBe(401);
    const blank = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/brands',
      headers: me.headers,
      payload: { name: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(DISCOVERY_MESSAGES.brandNameRequired);
  });

  it('GET /explore/brands counts the tagged items of public posts', async () => {
    const list = await getJson<ExploreBrandList>('/explore/brands');
    const count = (name: string) => list.items.find((brand) => brand.name === name)?.itemCount;
    expect(count('Zara')).toBe(3);
    expect(count('Mango')).toBe(2);
    expect(count('Nike')).toBe(1);
    expect(count('Shein')).toBe(0);
    const counts = list.items.map((brand) => brand.itemCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("a brand's page has posts with its items and posts by an author of its name, with the count", async () => {
    const zara = (await getJson<BrandList>('/brands')).items.find((brand) => brand.name === 'Zara') as Brand;
    const page = await getJson<BrandPage>(`/explore/brands/${zara.id}`);
    expect(page.brand).toEqual({ id: zara.id, name: 'Zara', itemCount: 3 });
    expect(page.total).toBe(3);
    expect(new Set(idsOf(page))).toEqual(new Set(zaraPosts));

    const first = await getJson<BrandPage>(`/explore/brands/${zara.id}?limit=2`);
    const rest = await getJson<BrandPage>(`/explore/brands/${zara.id}?limit=2&cursor=${first.nextCursor}`);
    expect([...idsOf(first), ...idsOf(rest)]).toEqual(idsOf(page));
    expect(rest.nextCursor).toBeNull();

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
      totalCapped: false,
      nextCursor: null,
    });
  });
});

describe('creators', () => {
  it("orders creators by followers, with the viewer's follow state", async () => {
    const follow = (user: TestUser, target: TestUser) =>
      ctx.app.inject({ method: 'PUT', url: `/api/v1/follows/${target.id}`, headers: user.headers });
    for (const [user, target] of [
      [me, hannah],
      [zaraFan, hannah],
      [zaraPerson, hannah],
      [me, zaraFan],
      [hannah, zaraFan],
    ] as const) {
      expect((await follow(user, target)).statusCode).toBe(200);
    }
    const page = await getJson<CreatorPage>('/explore/creators?limit=2', me);
    expect(
      page.items.map((creator) => [creator.username, creator.followersCount, creator.isFollowing]),
    ).toEqual([
      ['hannah', 3, true],
      ['zara_fan', 2, true],
    ]);
    expect(page.items[0]?.postsCount).toBeGreaterThan(0);
    const rest = await getJson<CreatorPage>(`/explore/creators?limit=50&cursor=${page.nextCursor}`, me);
    // The people of the 'Fits like me' tests may be listed too, after these (nobody follows them).
    const ours = new Set([me.id, zaraFan.id, zaraPerson.id, hannah.id]);
    expect(
      rest.items
        .filter((creator) => ours.has(creator.id))
        .map((creator) => creator.username)
        .sort(),
    ).toEqual(['me_myself', 'zara']);
    expect(rest.items.every((creator) => creator.followersCount <= 1)).toBe(true);
    expect(rest.nextCursor).toBeNull();
    const anonymous = await getJson<CreatorPage>('/explore/creators?limit=1');
    expect(anonymous.items[0]).toMatchObject({ username: 'hannah', isFollowing: false });
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
    expect(page.items.map((item) => [item.title, item.clickCount])).toEqual([
      ['New hit', 3],
      ['Old favourite', 1],
    ]);
    expect(page.items[0]).toEqual({
      id: hit!.id,
      postId,
      title: 'New hit',
      brand: 'Puma',
      category: 'Shoes',
      price: 50,
      currency: 'ILS',
      imageUrl: 'https://img.example.com/x.jpg',
      link: hit!.link,
      clickCount: 3,
    });
    expect(page.items[1]).toMatchObject({ price: 99.9, currency: 'USD', imageUrl: post.mediaUrl });
    const first = await getJson<TrendingPage>('/explore/trending?limit=1');
    const second = await getJson<TrendingPage>(`/explore/trending?limit=1&cursor=${first.nextCursor}`);
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
      payload: { name: 'Summer', postId: post },
    });
    expect(album.statusCode).toBe(201);
    for (const name of ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7']) {
      await seedPost(ctx.app, me, { items: [{ brand: name }] });
    }

    // Each section is the head of its own list (whose order the tests above check), whatever those
    // tests have added so far.
    const explore = await getJson<Explore>('/explore', me);
    const brands = (await getJson<ExploreBrandList>('/explore/brands')).items;
    expect(explore.brands).toHaveLength(LIMITS.exploreBrands);
    expect(explore.brands).toEqual(brands.slice(0, LIMITS.exploreBrands));
    const creators = await getJson<CreatorPage>(`/explore/creators?limit=${LIMITS.exploreCreators}`, me);
    expect(explore.creators.length).toBeGreaterThan(0);
    expect(explore.creators).toEqual(creators.items);
    const trending = await getJson<TrendingPage>(`/explore/trending?limit=${LIMITS.exploreProducts}`, me);
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
    // Everyone else so far keeps the default measurements: keep them out of this.
    for (const other of [zaraFan, zaraPerson, hannah])
      await updateProfile(ctx.app, other, { measurements_public: false });
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
    expect(idsOf((await fits('')).json())).toEqual([posts.same, posts.near]);
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
    const second = (await fits(`tolerance=5&limit=2&cursor=${first.nextCursor}`)).json() as CountedPostPage;
    expect([...idsOf(first), ...idsOf(second)]).toEqual([posts.same, posts.chestOff, posts.near]);
    expect(second).toMatchObject({ total: 3, nextCursor: null });
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
