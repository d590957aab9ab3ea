import type { SearchPage } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makePostPrivate, seedPost } from '../../test/discovery.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import {
  COMPLETIONS_MAX,
  completionsOf,
  findRecentFrom,
  findWordFacts,
  inSearchTransaction,
} from './explore.search.repository.ts';

/*
 * How search finds its candidates at scale, tried on a few posts: a window of the newest SEARCH_WINDOW
 * public posts looked at first (3 here, with SEARCH_CANDIDATES 2), and a prefix found as its known
 * completions. Neither may change an answer: every case below is what a search without them answers.
 */

const CANDIDATES = 2;
const WINDOW = 3;
let ctx: TestApp;
let dana: TestUser;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
/** Posts by name; `window*` are the newest three public posts (the window), newest first. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({
    authRateLimits: TEST_RATE_LIMITS,
    searchCandidates: CANDIDATES,
    searchWindow: WINDOW,
    // Every search computed afresh (seedPost writes around the service, which clears the cache).
    discoveryCacheTtlMs: 0,
  });
  dana = await createUser(ctx.app);
  const post = (caption: string, minutes: number) =>
    seedPost(ctx.app, dana, {
      caption,
      items: [{ item_type: 'Shirt', brand: 'Castro' }],
      createdAt: minutesAgo(minutes),
    });
  // Older than the window.
  ids.oldWool = await post('Wool coat weekend', 90);
  ids.oldWool2 = await post('Wool scarf evening', 80);
  ids.oldCotton = await post('Cotton linen morning', 70);
  ids.oldCotton2 = await post('Cotton tee noon', 60);
  // A private post newer than all: never in the window, never found.
  ids.secret = await post('Linen cotton secret', 1);
  await makePostPrivate(ctx.app, ids.secret);
  // The window: the newest three public posts, two of them at the same time (the window's first).
  ids.window0 = await post('Linen shirt sunny', 10);
  const tie = minutesAgo(20);
  ids.windowTieA = await seedPost(ctx.app, dana, { caption: 'Linen cotton day', createdAt: tie });
  ids.windowTieB = await seedPost(ctx.app, dana, { caption: 'Linen dress day', createdAt: tie });
});
afterAll(() => ctx.close());

async function search(q: string): Promise<SearchPage> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/search?q=${encodeURIComponent(q)}&limit=10`,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as SearchPage;
}

const found = (page: SearchPage) => new Set(page.items.map((item) => item.id));

describe('search looks at the newest posts first', () => {
  it('starts its window at the time of the SEARCH_WINDOW-th newest public post', async () => {
    const db = ctx.app.database.db;
    const from = await findRecentFrom(db, WINDOW);
    // The two posts at the same time are the 2nd and 3rd newest: the window starts at their time.
    expect(from?.getTime()).toBe(
      (
        await ctx.app.database.query<{ ms: number }>(
          'select (extract(epoch from created_at) * 1000)::float8 as ms from post_search where post_id = $1',
          [ids.windowTieA],
        )
      )[0]?.ms,
    );
    expect(await findRecentFrom(db, 1_000)).toBeNull();
  });

  it('answers the newest matches of the window alone when it holds more than the candidates', async () => {
    // 'linen': all three window posts (more than 2) and an older one; the newest two are ranked.
    const page = await search('linen');
    expect(page).toMatchObject({ total: CANDIDATES, total_capped: true });
    expect(found(page).size).toBe(CANDIDATES);
    for (const id of found(page)) expect([ids.window0, ids.windowTieA, ids.windowTieB]).toContain(id);
  });

  it('looks further back when the window holds too few, and counts across both', async () => {
    // 'cotton': one window post and two older ones: three matches, the newest two ranked.
    const cotton = await search('cotton');
    expect(cotton).toMatchObject({ total: CANDIDATES, total_capped: true });
    expect(found(cotton)).toEqual(new Set([ids.windowTieA, ids.oldCotton2]));
    // 'wool': none in the window, two older ones: all found, not capped.
    const wool = await search('wool');
    expect(wool).toMatchObject({ total: 2, total_capped: false });
    expect(found(wool)).toEqual(new Set([ids.oldWool, ids.oldWool2]));
    // 'day': exactly the two posts at the window's first time, none lost or repeated.
    const day = await search('day');
    expect(day).toMatchObject({ total: 2, total_capped: false });
    expect(found(day)).toEqual(new Set([ids.windowTieA, ids.windowTieB]));
  });

  it('finds posts newer than the window it keeps', async () => {
    await search('wool');
    const fresh = await seedPost(ctx.app, dana, { caption: 'Wool knit fresh', createdAt: minutesAgo(0.5) });
    const wool = await search('wool knit');
    expect(found(wool)).toEqual(new Set([fresh]));
    expect(found(await search('wool'))).toContain(fresh);
  });
});

describe('a query word as its known completions', () => {
  it('lists the known words starting with a word, none beyond COMPLETIONS_MAX', async () => {
    const many = Array.from({ length: COMPLETIONS_MAX + 1 }, (_, index) => `glam${index}`);
    ids.glamMany = await seedPost(ctx.app, dana, { caption: many.join(' '), createdAt: minutesAgo(100) });
    ids.glamour = await seedPost(ctx.app, dana, { caption: 'Glamour night', createdAt: minutesAgo(101) });
    const { facts, knownTerms } = await inSearchTransaction(ctx.app.database.db, (tx) =>
      findWordFacts(tx, ['glam', 'glamo', 'gl'], ['glamour', 'glamou', 'glamournight'], 'glam glamo gl'),
    );
    expect(facts.get('glam')!.prefixed).toHaveLength(COMPLETIONS_MAX + 1);
    expect(completionsOf(facts.get('glam')!)).toBeNull();
    expect(completionsOf(facts.get('glamo')!)).toEqual(['glamour']);
    expect(facts.get('glamo')!.similar).toContain('glamour');
    // A word too short to be corrected gets none looked up ('gl' is as like 'glam0' as a correction must be).
    expect(facts.get('gl')).toMatchObject({ similar: [] });
    // Only a known word itself is a known term, not one it starts.
    expect(knownTerms).toEqual(new Set(['glamour']));
  });

  it('finds the same posts by a prefix with many completions or with few', async () => {
    // More than COMPLETIONS_MAX words start with 'glam': searched as a prefix; 'glamo' as 'glamour'.
    const glam = await search('glam');
    expect(found(glam)).toEqual(new Set([ids.glamMany, ids.glamour]));
    expect(glam.corrected_to).toBeNull();
    // (Its corrections, 'glam0' and the like, widen it as they always do.)
    expect(found(await search('glamo'))).toContain(ids.glamour);
    expect(found(await search('glam7 night'))).toEqual(new Set());
    expect(found(await search('glam night'))).toEqual(new Set([ids.glamour]));
  });
});
