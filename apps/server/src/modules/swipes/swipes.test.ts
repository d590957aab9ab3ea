import {
  createSwipeEvent,
  type Deck,
  LIMITS,
  type PostPage,
  type Preferences,
  type SwipeResult,
} from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { seedPost, updateProfile } from '../../test/discovery.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
let street: TestUser;
let formal: TestUser;
let swiper: TestUser;
/** Posts of the two authors, oldest first. */
const streetPosts: string[] = [];
const formalPosts: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  street = await createUser(ctx.app);
  formal = await createUser(ctx.app);
  swiper = await createUser(ctx.app);
  await updateProfile(ctx.app, street, { username: 'street_kid' });
  await updateProfile(ctx.app, formal, { username: 'office_queen' });
  const start = Date.parse('2024-06-01T08:00:00.000Z');
  // Alternating authors, so that newest-first mixes them; the street posts are the newer of each pair.
  for (let n = 0; n < 4; n++) {
    formalPosts.push(
      await seedPost(ctx.app, formal, {
        caption: `Board meeting ${n} #Formal #Elegant`,
        items: [{ color: 'Gray', brand: 'Hugo' }, { color: 'None' }],
        createdAt: new Date(start + n * 120_000),
      }),
    );
    streetPosts.push(
      await seedPost(ctx.app, street, {
        caption: `Skate park ${n} #Streetwear`,
        items: [{ color: 'Black' }, { color: 'black' }],
        createdAt: new Date(start + n * 120_000 + 60_000),
      }),
    );
  }
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'POST' | 'DELETE', url: string, user?: TestUser | null, payload?: unknown) {
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

async function deck(user: TestUser | null, limit = 20): Promise<string[]> {
  const response = await call('GET', `/swipes/deck?limit=${limit}`, user);
  expect(response.statusCode).toBe(200);
  return (response.json() as Deck).items.map((post) => post.id);
}

describe('recording swipes', () => {
  it('records a swipe with the tags, author, first tag, item colours and product brands of the post', async () => {
    const user = await createUser(ctx.app);
    const response = await call('POST', '/swipes', user, { outfit_id: formalPosts[0], action: 'like' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ inserted: 1, duplicates: 0, skipped: 0 });
    const { counters, summary } = await preferences(user);
    expect(counters.liked).toEqual({
      tags: { formal: 1, elegant: 1 },
      brands: { office_queen: 1 },
      product_brands: { hugo: 1 },
      categories: { formal: 1 },
      colors: { gray: 1 },
    });
    expect(summary).toMatchObject({ event_count: 1, like_count: 1, dislike_count: 0 });
    expect(summary.liked.tags).toEqual([
      { key: 'elegant', label: 'Elegant', count: 1 },
      { key: 'formal', label: 'Formal', count: 1 },
    ]);
    // The author and the brand of the tagged product are two dimensions.
    expect(summary.liked.brands).toEqual([{ key: 'office_queen', label: 'office_queen', count: 1 }]);
    expect(summary.liked.product_brands).toEqual([{ key: 'hugo', label: 'Hugo', count: 1 }]);
  });

  it('refuses visitors, unknown posts and bad swipes', async () => {
    expect(
      (await call('POST', '/swipes', null, { outfit_id: formalPosts[0], action: 'like' })).statusCode,
    ).toBe(401);
    const unknown = await call('POST', '/swipes', swiper, {
      outfit_id: '5b0e3c9e-7a4b-4c39-9f7e-0a3c1e2d4f5a',
      action: 'like',
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await call('POST', '/swipes', swiper, { outfit_id: formalPosts[0], action: 'meh' })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/swipes/preferences', null)).statusCode).toBe(401);
    expect((await call('DELETE', '/swipes', null)).statusCode).toBe(401);
  });
});

describe("merging a guest's swipes", () => {
  /** What the web app keeps in local storage for a visitor or guest. */
  function guestHistory(): unknown[] {
    const at = Date.parse('2024-06-02T10:00:00.000Z');
    return [
      createSwipeEvent(
        { id: streetPosts[0]!, tags: ['Streetwear'], authorName: 'street_kid' },
        'dislike',
        at,
      ),
      createSwipeEvent(
        { id: formalPosts[1]!, tags: ['Formal', 'Elegant'], authorName: 'office_queen' },
        'like',
        at + 1000,
      ),
      // A post deleted since: what the guest's browser recorded still counts.
      createSwipeEvent(
        { id: '0f9e6a52-3c1b-4d8e-9a7f-2b6c5d4e3f21', tags: ['Boho'], authorName: 'gone', colors: ['Cream'] },
        'like',
        at + 2000,
      ),
      // Not a swipe of a post at all: skipped, not refused.
      { ...createSwipeEvent({ id: 'sample-1', tags: [] }, 'like', at + 3000) },
    ];
  }

  it('stores a batch of events once, even when the merge is sent again or twice at once', async () => {
    const user = await createUser(ctx.app);
    const events = guestHistory();
    const first = await call('POST', '/swipes/batch', user, { events });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ inserted: 3, duplicates: 0, skipped: 1 });

    const retried = await call('POST', '/swipes/batch', user, { events });
    expect(retried.json()).toEqual({ inserted: 0, duplicates: 3, skipped: 1 });
    const racing = await Promise.all([
      call('POST', '/swipes/batch', user, { events }),
      call('POST', '/swipes/batch', user, { events }),
    ]);
    expect(racing.map((response) => (response.json() as SwipeResult).inserted)).toEqual([0, 0]);

    const { counters, summary } = await preferences(user);
    expect(summary).toMatchObject({ event_count: 3, like_count: 2, dislike_count: 1 });
    expect(counters.liked.tags).toEqual({ formal: 1, elegant: 1, boho: 1 });
    expect(counters.liked.colors).toEqual({ gray: 1, cream: 1 });
    expect(counters.disliked.brands).toEqual({ street_kid: 1 });
    expect(summary.liked.brands.map((entry) => entry.label).sort()).toEqual(['gone', 'office_queen']);
  });

  it('merges the history of a guest who signs up once, and the deck then follows it', async () => {
    const guestEvents = guestHistory();
    const newcomer = await createUser(ctx.app);
    const merged = await call('POST', '/swipes/batch', newcomer, { events: guestEvents });
    expect((merged.json() as SwipeResult).inserted).toBe(3);
    expect((await call('POST', '/swipes/batch', newcomer, { events: guestEvents })).json()).toMatchObject({
      inserted: 0,
    });
    const order = await deck(newcomer);
    expect(order).not.toContain(streetPosts[0]);
    expect(order).not.toContain(formalPosts[1]);
    expect(order.slice(0, 3)).toEqual([formalPosts[3], formalPosts[2], formalPosts[0]]);
  });

  it('refuses more than 100 events and an empty body', async () => {
    const events = Array.from({ length: 101 }, () => guestHistory()[0]);
    expect((await call('POST', '/swipes/batch', swiper, { events })).statusCode).toBe(400);
    expect((await call('POST', '/swipes/batch', swiper, {})).statusCode).toBe(400);
    expect((await call('POST', '/swipes/batch', null, { events: [] })).statusCode).toBe(401);
  });
});

describe('the preferences window', () => {
  it('counts only the newest 500 swipes (spec: server preference load limit)', async () => {
    const user = await createUser(ctx.app);
    const at = Date.parse('2024-07-01T00:00:00.000Z');
    // 600 likes of posts that are gone (what a guest's browser recorded is kept as sent): the oldest 100
    // of a 'vintage' look, the newest 500 of a 'fresh' one. Each is its own post, one second apart.
    const events = Array.from({ length: 600 }, (_, n) =>
      createSwipeEvent(
        {
          id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
          tags: [n < 100 ? 'Vintage' : 'Fresh'],
          authorName: n < 100 ? 'old_times' : 'new_wave',
        },
        'like',
        at + n * 1000,
      ),
    );
    for (let start = 0; start < events.length; start += 100) {
      const stored = await call('POST', '/swipes/batch', user, { events: events.slice(start, start + 100) });
      expect((stored.json() as SwipeResult).inserted).toBe(100);
    }
    expect(LIMITS.serverPreferenceLoadLimit).toBe(500);
    const { counters, summary } = await preferences(user);
    expect(summary).toMatchObject({ event_count: 500, like_count: 500, dislike_count: 0 });
    expect(counters.liked.tags).toEqual({ fresh: 500 });
    expect(counters.liked.brands).toEqual({ new_wave: 500 });
  });
});

describe('the swipe deck and For you', () => {
  /** Likes the oldest formal look and dislikes the oldest street look as `user`. */
  async function likeFormal(user: TestUser): Promise<void> {
    for (const [postId, action] of [
      [formalPosts[0], 'like'],
      [streetPosts[0], 'dislike'],
    ] as const) {
      expect((await call('POST', '/swipes', user, { outfit_id: postId, action })).statusCode).toBe(201);
    }
  }

  // Each test swipes as a user of its own, so that each starts from the taste it says.
  it('changes the order of the deck after likes and leaves swiped posts out', async () => {
    const user = await createUser(ctx.app);
    // Without swipes: newest first, the two authors alternating.
    const before = await deck(user);
    expect(before.slice(0, 4)).toEqual([streetPosts[3], formalPosts[3], streetPosts[2], formalPosts[2]]);

    await likeFormal(user);
    const after = await deck(user);
    expect(after).not.toContain(formalPosts[0]);
    expect(after).not.toContain(streetPosts[0]);
    expect(after.slice(0, 3)).toEqual([formalPosts[3], formalPosts[2], formalPosts[1]]);
    expect(after.slice(3)).toEqual([streetPosts[3], streetPosts[2], streetPosts[1]]);
  });

  it("leaves out the user's own posts and gives visitors the newest posts", async () => {
    expect(await deck(formal)).not.toContain(formalPosts[3]);
    expect(await deck(null, 2)).toEqual([streetPosts[3], formalPosts[3]]);
  });

  it("orders 'For you' by taste and pages through it", async () => {
    const user = await createUser(ctx.app);
    await likeFormal(user);
    const first = (await call('GET', '/posts/for-you?limit=3', user)).json() as PostPage;
    expect(first.items.map((post) => post.id)).toEqual([formalPosts[3], formalPosts[2], formalPosts[1]]);
    const second = (
      await call('GET', `/posts/for-you?limit=3&cursor=${first.next_cursor}`, user)
    ).json() as PostPage;
    const third = (
      await call('GET', `/posts/for-you?limit=3&cursor=${second.next_cursor}`, user)
    ).json() as PostPage;
    const all = [...first.items, ...second.items, ...third.items].map((post) => post.id);
    expect(all.slice(0, 4)).toEqual([formalPosts[3], formalPosts[2], formalPosts[1], formalPosts[0]]);
    expect(new Set(all)).toEqual(new Set([...formalPosts, ...streetPosts]));
    expect(all.at(-1)).toBe(streetPosts[0]);
    expect(third.next_cursor).toBeNull();

    const visitor = (await call('GET', '/posts/for-you?limit=2')).json() as PostPage;
    expect(visitor.items.map((post) => post.id)).toEqual([streetPosts[3], formalPosts[3]]);
    expect((await call('GET', '/posts/for-you?cursor=zzz', user)).statusCode).toBe(400);
  });

  it('forgets the taste on reset', async () => {
    const user = await createUser(ctx.app);
    await likeFormal(user);
    expect((await deck(user)).slice(0, 2)).toEqual([formalPosts[3], formalPosts[2]]);
    expect((await call('DELETE', '/swipes', user)).statusCode).toBe(204);
    const { summary } = await preferences(user);
    expect(summary.event_count).toBe(0);
    expect((await deck(user)).slice(0, 2)).toEqual([streetPosts[3], formalPosts[3]]);
  });
});
