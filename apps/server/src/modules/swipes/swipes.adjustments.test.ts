import type { PostPage, Preferences } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { seedPost, updateProfile } from '../../test/discovery.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

/*
 * Adjusting and removing what swipes taught (issue 17, 'Your taste'): PUT and DELETE
 * /api/v1/swipes/preferences/entries change the viewer's own preferences only, and 'For you' and the deck
 * follow at once.
 */

let ctx: TestApp;
/** Posts of the two authors, oldest first. */
const streetPosts: string[] = [];
const formalPosts: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  const street = await createUser(ctx.app);
  const formal = await createUser(ctx.app);
  await updateProfile(ctx.app, street, { username: 'street_kid' });
  await updateProfile(ctx.app, formal, { username: 'office_queen' });
  const start = Date.parse('2024-06-01T08:00:00.000Z');
  for (let n = 0; n < 4; n++) {
    formalPosts.push(
      await seedPost(ctx.app, formal, {
        caption: `Board meeting ${n} #Formal #Elegant`,
        items: [{ color: 'Gray' }],
        createdAt: new Date(start + n * 120_000),
      }),
    );
    streetPosts.push(
      await seedPost(ctx.app, street, {
        caption: `Skate park ${n} #Streetwear`,
        items: [{ color: 'Black' }],
        createdAt: new Date(start + n * 120_000 + 60_000),
      }),
    );
  }
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: unknown) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? user.headers : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function preferences(user: TestUser): Promise<Preferences> {
  const response = await call('GET', '/swipes/preferences', user);
  expect(response.statusCode).toBe(200);
  return response.json() as Preferences;
}

/** The street ('s') and formal ('f') posts in the order of the viewer's 'For you' (others left out). */
async function forYou(user: TestUser): Promise<string> {
  const response = await call('GET', '/posts/for-you?limit=30', user);
  expect(response.statusCode).toBe(200);
  return (response.json() as PostPage).items
    .map((post) => (streetPosts.includes(post.id) ? 's' : formalPosts.includes(post.id) ? 'f' : ''))
    .join('');
}

/**
 * Two street likes and one formal like: street posts first (streetwear 2 + 2 x 1.2, street_kid 2 x 1.5,
 * black 2 x 0.8 = 9) before formal ones (formal 1 + elegant 1 + category 1.2 + office_queen 1.5 + gray 0.8
 * = 5.5).
 */
async function swipingUser(): Promise<TestUser> {
  const user = await createUser(ctx.app);
  for (const postId of [streetPosts[0], streetPosts[1], formalPosts[0]]) {
    expect((await call('POST', '/swipes', user, { outfit_id: postId, action: 'like' })).statusCode).toBe(201);
  }
  expect(await forYou(user)).toBe('ssssffff');
  return user;
}

function adjust(user: TestUser | undefined, body: unknown) {
  return call('PUT', '/swipes/preferences/entries', user, body);
}

describe('adjusting a learned value', () => {
  it("'less like this' turns a liked style down and 'For you' changes at once; 'none' undoes it", async () => {
    const user = await swipingUser();
    const response = await adjust(user, { dimension: 'tags', key: 'Streetwear', adjustment: 'less' });
    expect(response.statusCode).toBe(200);
    const answered = response.json() as Preferences;
    // Still liked by the swipes, marked as turned down.
    expect(answered.summary.liked.tags).toContainEqual({
      key: 'streetwear',
      label: 'Streetwear',
      count: 2,
      adjustment: 'less',
    });
    expect(await preferences(user)).toEqual(answered);
    // Street posts now: tag -1.5, category -1.8, street_kid 3, black 1.6 = 1.3, below formal's 5.5.
    expect(await forYou(user)).toBe('ffffssss');

    expect(
      (await adjust(user, { dimension: 'tags', key: 'streetwear', adjustment: 'none' })).statusCode,
    ).toBe(200);
    expect(await forYou(user)).toBe('ssssffff');
    const entry = (await preferences(user)).summary.liked.tags.find((e) => e.key === 'streetwear');
    expect(entry).toEqual({ key: 'streetwear', label: 'Streetwear', count: 2 });
  });

  it("'more like this' turns a value up, also in the deck", async () => {
    const user = await swipingUser();
    const response = await adjust(user, { dimension: 'brands', key: 'Office_Queen', adjustment: 'more' });
    expect(response.statusCode).toBe(200);
    expect((response.json() as Preferences).summary.liked.brands).toContainEqual({
      key: 'office_queen',
      label: 'office_queen',
      count: 1,
      adjustment: 'more',
    });
    // office_queen: 1.5 + 3 x 1.5 = 6, so formal posts score 10 against the street posts' 9.
    expect(await forYou(user)).toBe('ffffssss');
    const deck = (await call('GET', '/swipes/deck?limit=3', user)).json() as { items: { id: string }[] };
    expect(deck.items.map((post) => post.id)).toEqual([formalPosts[3], formalPosts[2], formalPosts[1]]);
  });
});

describe('the brands of the tagged products', () => {
  it('rank posts of other authors that tag the brand, and can be turned down', async () => {
    const other = await createUser(ctx.app);
    await updateProfile(ctx.app, other, { username: 'third_one' });
    const start = Date.parse('2024-05-01T08:00:00.000Z');
    const plain = await seedPost(ctx.app, other, {
      caption: 'Plain',
      items: [{ color: 'None', brand: 'Acme' }],
      createdAt: new Date(start),
    });
    const branded = await seedPost(ctx.app, other, {
      caption: 'Branded',
      items: [{ color: 'None', brand: 'Zara' }],
      createdAt: new Date(start - 60_000),
    });
    const zara = await seedPost(ctx.app, other, {
      caption: 'Swiped',
      items: [{ color: 'None', brand: 'ZARA' }],
      createdAt: new Date(start - 120_000),
    });
    const user = await createUser(ctx.app);
    expect((await call('POST', '/swipes', user, { outfit_id: zara, action: 'like' })).statusCode).toBe(201);
    const { summary } = await preferences(user);
    expect(summary.liked.product_brands).toEqual([{ key: 'zara', label: 'ZARA', count: 1 }]);
    // All three have the author third_one (liked once); only 'branded' also tags Zara, so it comes first.
    const order = async () => {
      const page = (await call('GET', '/posts/for-you?limit=30', user)).json() as PostPage;
      return page.items.map((post) => post.id).filter((id) => id === plain || id === branded);
    };
    expect(await order()).toEqual([branded, plain]);
    const response = await adjust(user, { dimension: 'product_brands', key: 'Zara', adjustment: 'less' });
    expect(response.statusCode).toBe(200);
    expect(await order()).toEqual([plain, branded]);
  });
});

describe('removing a learned value', () => {
  it('forgets the value in the swipes so far; a later swipe teaches it again', async () => {
    const user = await swipingUser();
    const response = await call('DELETE', '/swipes/preferences/entries?dimension=tags&key=streetwear', user);
    expect(response.statusCode).toBe(200);
    const { summary, counters } = response.json() as Preferences;
    expect(summary.liked.tags.map((entry) => entry.key)).toEqual(['elegant', 'formal']);
    expect(summary.liked.categories.map((entry) => entry.key)).toEqual(['formal']);
    expect(counters.liked.tags).toEqual({ formal: 1, elegant: 1 });
    // Street posts: street_kid 3 + black 1.6 = 4.6, below formal's 5.5.
    expect(await forYou(user)).toBe('ffffssss');

    expect(
      (await call('POST', '/swipes', user, { outfit_id: streetPosts[2], action: 'like' })).statusCode,
    ).toBe(201);
    expect((await preferences(user)).counters.liked.tags).toEqual({ formal: 1, elegant: 1, streetwear: 1 });
  });

  it('is forgotten with everything else on reset', async () => {
    const user = await swipingUser();
    await adjust(user, { dimension: 'colors', key: 'Black', adjustment: 'less' });
    await call('DELETE', '/swipes/preferences/entries?dimension=tags&key=streetwear', user);
    expect((await call('DELETE', '/swipes', user)).statusCode).toBe(204);
    expect(
      (await call('POST', '/swipes', user, { outfit_id: streetPosts[0], action: 'like' })).statusCode,
    ).toBe(201);
    const { summary } = await preferences(user);
    expect(summary.liked.tags).toEqual([{ key: 'streetwear', label: 'Streetwear', count: 1 }]);
    expect(summary.liked.colors).toEqual([{ key: 'black', label: 'Black', count: 1 }]);
  });
});

describe('who may change what', () => {
  it("changes only the caller's own preferences", async () => {
    const one = await swipingUser();
    const other = await swipingUser();
    const before = await preferences(other);
    await adjust(one, { dimension: 'tags', key: 'streetwear', adjustment: 'less' });
    await call('DELETE', '/swipes/preferences/entries?dimension=brands&key=street_kid', one);
    expect(await forYou(one)).toBe('ffffssss');
    expect(await preferences(other)).toEqual(before);
    expect(await forYou(other)).toBe('ssssffff');
  });

  it('refuses visitors and bad input with 400, changing nothing', async () => {
    const user = await swipingUser();
    const before = await preferences(user);
    expect((await adjust(undefined, { dimension: 'tags', key: 'x', adjustment: 'less' })).statusCode).toBe(
      401,
    );
    expect((await call('DELETE', '/swipes/preferences/entries?dimension=tags&key=x')).statusCode).toBe(401);
    const bad: [unknown, string][] = [
      [{ dimension: 'moods', key: 'streetwear', adjustment: 'less' }, 'body.dimension'],
      [{ dimension: 'tags', key: 'streetwear', adjustment: 'much' }, 'body.adjustment'],
      [{ dimension: 'tags', adjustment: 'less' }, 'body.key'],
      [{ dimension: 'tags', key: '   ', adjustment: 'less' }, 'body.key'],
      [{ dimension: 'tags', key: '#!?', adjustment: 'less' }, 'body.key'],
      [{ dimension: 'tags', key: 'x'.repeat(201), adjustment: 'less' }, 'body.key'],
      [{ dimension: 'tags', key: ['streetwear'], adjustment: 'less' }, 'body.key'],
    ];
    for (const [body, field] of bad) {
      const response = await adjust(user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const error = (response.json() as { error: { code: string; details?: { field: string }[] } }).error;
      expect(error.details?.map((detail) => detail.field)).toContain(field);
    }
    for (const query of [
      'dimension=tags',
      'key=streetwear',
      'dimension=sizes&key=m',
      'dimension=tags&key=%23',
    ]) {
      const response = await call('DELETE', `/swipes/preferences/entries?${query}`, user);
      expect(response.statusCode, query).toBe(400);
    }
    expect(await preferences(user)).toEqual(before);
    expect(await forYou(user)).toBe('ssssffff');
  });
});
