import type { CountedPostPage } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeScoredCursor } from '../../lib/ranked-cursor.ts';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makePostPrivate, seedPost } from '../../test/discovery.ts';
import { countStatements } from '../../test/statements.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import { indexUnindexedPosts } from '../search-index/search-index.ts';

/*
 * Discovery at scale: the filtered feed stops counting at DISCOVERY_COUNT_CAP and search ranks only the
 * newest SEARCH_CANDIDATES matches. Both are set tiny here (3) so that the edges can be reached: below,
 * at and above the cap. The startup backfill walks the posts in id order; its stretch and batch are set
 * tiny too.
 */

/*
 * Every test runs twice: with the filtered feed's matches from the in-memory filter index (the default)
 * and from PostgreSQL (FILTER_INDEX=false, the index's fallback).
 */
describe.each([
  ['in memory', true],
  ['from PostgreSQL', false],
])('filtered feed %s', (_mode, filterIndex) => {
  const CAP = 3;
  let ctx: TestApp;
  let dana: TestUser;
  /** Posts with a Black item, oldest first. */
  const black: string[] = [];
  /** Posts with brand Mango, oldest first (exactly CAP of them). */
  const mango: string[] = [];
  let hidden: string;

  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  beforeAll(async () => {
    ctx = await createTestApp({
      authRateLimits: TEST_RATE_LIMITS,
      discoveryCountCap: CAP,
      searchCandidates: CAP,
      filterIndex,
    });
    dana = await createUser(ctx.app);
    // Five public posts with a Black Zara item; the oldest is the best match for 'zara' (its brand and a
    // caption word), so a capped search must leave it out rather than rank it first.
    for (let index = 0; index < 5; index += 1) {
      black.push(
        await seedPost(ctx.app, dana, {
          caption: index === 0 ? 'Zara zara zara favourite #Casual' : `Look ${index}`,
          items: [{ item_type: 'Jacket', brand: 'Zara', color: 'Black', size: index < 2 ? 'S' : 'L' }],
          createdAt: minutesAgo(100 - index),
        }),
      );
    }
    for (let index = 0; index < CAP; index += 1) {
      mango.push(
        await seedPost(ctx.app, dana, {
          caption: `Mango day ${index}`,
          items: [{ item_type: 'Dress', brand: 'Mango', color: 'White', size: 'M' }],
          createdAt: minutesAgo(50 - index),
        }),
      );
    }
    // A private match never counts and never takes a candidate's place.
    hidden = await seedPost(ctx.app, dana, {
      caption: 'Secret zara',
      items: [{ item_type: 'Jacket', brand: 'Zara', color: 'Black' }],
      createdAt: minutesAgo(1),
    });
    await makePostPrivate(ctx.app, hidden);
  });
  afterAll(() => ctx.close());

  async function getPage(url: string): Promise<CountedPostPage> {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.json() as CountedPostPage;
  }

  /** Every page of a list, following nextCursor. */
  async function walk(base: string, limit: number): Promise<{ ids: string[]; pages: CountedPostPage[] }> {
    const pages: CountedPostPage[] = [];
    let cursor: string | null = null;
    do {
      const page = await getPage(
        `${base}${base.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      pages.push(page);
      cursor = page.next_cursor;
    } while (cursor && pages.length < 20);
    return { ids: pages.flatMap((page) => page.items.map((post) => post.id)), pages };
  }

  describe('filtered feed count cap', () => {
    it('says the count is capped above the cap, on every page, and still lists every match', async () => {
      const { ids, pages } = await walk('/api/v1/posts/filtered?color=Black', 2);
      expect(ids).toEqual([...black].reverse());
      for (const page of pages) expect(page).toMatchObject({ total: CAP, total_capped: true });
    });

    it('counts exactly at the cap and below it', async () => {
      expect(await getPage('/api/v1/posts/filtered?brand=Mango')).toMatchObject({
        total: CAP,
        total_capped: false,
      });
      const small = await getPage('/api/v1/posts/filtered?size=S');
      expect(small).toMatchObject({ total: 2, total_capped: false });
      expect(small.items.map((post) => post.id)).toEqual([black[1], black[0]]);
      expect(await getPage('/api/v1/posts/filtered?brand=Gucci')).toMatchObject({
        total: 0,
        total_capped: false,
      });
    });

    it('counts matches of the filters together, not of each one', async () => {
      // Black: 5 posts, size L: 3 of them; together 3, which is not above the cap.
      expect(await getPage('/api/v1/posts/filtered?color=Black&size=L')).toMatchObject({
        total: 3,
        total_capped: false,
      });
    });
  });

  describe('filtered feed pages below the cap (found through the filter keys, then sorted)', () => {
    it('lists every match newest first across pages, as above the cap', async () => {
      const few = await walk('/api/v1/posts/filtered?color=Black&size=L', 1);
      expect(few.ids).toEqual([black[4], black[3], black[2]]);
      for (const page of few.pages) expect(page).toMatchObject({ total: 3, total_capped: false });
      expect((await walk('/api/v1/posts/filtered?brand=Mango', 2)).ids).toEqual([...mango].reverse());
    });

    it('never lists a private match', async () => {
      const shown = await seedPost(ctx.app, dana, {
        caption: 'Renuar day',
        items: [{ item_type: 'Skirt', brand: 'Renuar', color: 'Green' }],
        createdAt: minutesAgo(30),
      });
      const secret = await seedPost(ctx.app, dana, {
        caption: 'Renuar secret',
        items: [{ item_type: 'Skirt', brand: 'Renuar', color: 'Green' }],
        createdAt: minutesAgo(2),
      });
      await makePostPrivate(ctx.app, secret);
      const { ids, pages } = await walk('/api/v1/posts/filtered?brand=Renuar&color=Green', 1);
      expect(ids).toEqual([shown]);
      expect(pages[0]).toMatchObject({ total: 1, total_capped: false });
    });
  });

  describe(
    filterIndex
      ? "a filtered page's statements (the filter index)"
      : "a filtered page's statements (discovery's cache keeps the matches)",
    () => {
      /** The statements a page's request sent to the search index, and the page. */
      async function indexReads(url: string) {
        const { result, texts } = await countStatements(ctx.app, () =>
          ctx.app.inject({ method: 'GET', url }),
        );
        expect(result.statusCode, result.body).toBe(200);
        return {
          page: result.json() as CountedPostPage,
          reads: texts.filter((text) => text.includes('post_search')).length,
          keyReads: texts.filter(
            (text) => text.includes('filter_keys') && !text.includes('post_search_changes'),
          ).length,
          changeReads: texts.filter((text) => text.includes('post_search_changes')).length,
        };
      }

      if (filterIndex) {
        it('finds every page in memory, reading only the changes committed since the last request', async () => {
          for (const url of [
            '/api/v1/posts/filtered?size=L&type=Jacket&limit=1',
            '/api/v1/posts/filtered?type=Jacket&limit=2',
          ]) {
            const first = await indexReads(url);
            expect(first).toMatchObject({ keyReads: 0, changeReads: 1 });
            const second = await indexReads(`${url}&cursor=${first.page.next_cursor}`);
            expect(second).toMatchObject({ keyReads: 0, changeReads: 1 });
            expect([...first.page.items, ...second.page.items].map((post) => post.id)).toEqual(
              url.includes('size=L') ? [black[4], black[3]] : [black[4], black[3], black[2], black[1]],
            );
          }
          expect((await indexReads('/api/v1/posts/filtered?type=Jacket&limit=2')).page).toMatchObject({
            total: CAP,
            total_capped: true,
          });
        });
      } else {
        it('finds a few matches and the first page in one statement, and cuts every later page from them', async () => {
          const first = await indexReads('/api/v1/posts/filtered?size=L&type=Jacket&limit=1');
          expect(first).toMatchObject({ reads: 1, page: { total: 3, total_capped: false } });
          expect(first.page.items.map((post) => post.id)).toEqual([black[4]]);
          const second = await indexReads(
            `/api/v1/posts/filtered?size=L&type=Jacket&limit=1&cursor=${first.page.next_cursor}`,
          );
          expect(second).toMatchObject({ reads: 0, page: { total: 3 } });
          expect(second.page.items.map((post) => post.id)).toEqual([black[3]]);
        });

        it('counts a broad filter set once and finds each page by a walk, kept by its cursor', async () => {
          const first = await indexReads('/api/v1/posts/filtered?type=Jacket&limit=2');
          expect(first).toMatchObject({ reads: 2, page: { total: CAP, total_capped: true } });
          expect((await indexReads('/api/v1/posts/filtered?type=Jacket&limit=2')).reads).toBe(0);
          const url = `/api/v1/posts/filtered?type=Jacket&limit=2&cursor=${first.page.next_cursor}`;
          expect(await indexReads(url)).toMatchObject({ reads: 1, page: { total: CAP, total_capped: true } });
          expect((await indexReads(url)).reads).toBe(0);
        });
      }

      it('orders posts of the same time by id on kept pages as the walk does, whatever the case of a cursor', async () => {
        const at = minutesAgo(40);
        const twins = await Promise.all(
          [0, 1, 2].map((index) =>
            seedPost(ctx.app, dana, {
              caption: `Twin ${index}`,
              items: [{ item_type: 'Vest', brand: 'Castro', color: 'Teal' }],
              createdAt: at,
            }),
          ),
        );
        const byId = [...twins].sort().reverse();
        const kept = await walk('/api/v1/posts/filtered?color=Teal', 1);
        expect(kept.ids).toEqual(byId);
        expect(kept.pages[0]).toMatchObject({ total: 3, total_capped: false });
        // The walk in time order gives the same (a fourth twin takes the set above the cap).
        await seedPost(ctx.app, dana, {
          caption: 'Twin 3',
          items: [{ item_type: 'Vest', brand: 'Castro', color: 'Teal' }],
          createdAt: minutesAgo(80),
        });
        const walked = await walk('/api/v1/posts/filtered?color=Teal&type=Vest', 1);
        expect(walked.ids.slice(0, 3)).toEqual(byId);
        expect(walked.pages[0]).toMatchObject({ total: CAP, total_capped: true });
        // A cursor naming its post in capitals (a uuid's case means nothing) continues the same list.
        const [iso, id] = Buffer.from(kept.pages[0]!.next_cursor!, 'base64url').toString('utf8').split('|');
        const shouted = Buffer.from(`${iso}|${id!.toUpperCase()}`).toString('base64url');
        const after = await getPage(`/api/v1/posts/filtered?color=Teal&limit=1&cursor=${shouted}`);
        expect(after.items.map((post) => post.id)).toEqual([byId[1]]);
      });
    },
  );

  describe('brand and category page count cap', () => {
    const brandId = async (name: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/brands' });
      const brand = (response.json() as { items: { id: string; name: string }[] }).items.find(
        (entry) => entry.name === name,
      );
      expect(brand, name).toBeDefined();
      return brand!.id;
    };

    it('says a brand page count is capped above the cap and still lists every post', async () => {
      const { ids, pages } = await walk(`/api/v1/explore/brands/${await brandId('Zara')}`, 2);
      expect(ids).toEqual([...black].reverse());
      for (const page of pages) expect(page).toMatchObject({ total: CAP, total_capped: true });
      expect(await getPage(`/api/v1/explore/brands/${await brandId('Mango')}`)).toMatchObject({
        total: CAP,
        total_capped: false,
      });
    });

    it('says a category page count is capped above the cap, and counts exactly below it', async () => {
      const { ids, pages } = await walk('/api/v1/explore/categories/casual', 1);
      expect(ids).toEqual([black[0]]);
      expect(pages[0]).toMatchObject({ total: 1, total_capped: false });
      const streetPosts = await Promise.all(
        [0, 1, 2, 3].map((index) =>
          seedPost(ctx.app, dana, {
            caption: `Street look ${index} #Streetwear`,
            items: [{ item_type: 'Hoodie', brand: 'Nike', color: 'Grey' }],
            createdAt: minutesAgo(30 - index),
          }),
        ),
      );
      const street = await walk('/api/v1/explore/categories/streetwear', 3);
      expect(street.ids).toEqual([...streetPosts].reverse());
      for (const page of street.pages) expect(page).toMatchObject({ total: CAP, total_capped: true });
    });
  });

  describe('search candidate cap', () => {
    it('ranks, lists and counts only the newest matches above the cap, and says there are more', async () => {
      const { ids, pages } = await walk('/api/v1/search?q=zara', 2);
      expect(new Set(ids)).toEqual(new Set(black.slice(-CAP)));
      expect(ids).toHaveLength(CAP);
      expect(ids).not.toContain(black[0]);
      expect(ids).not.toContain(hidden);
      for (const page of pages) expect(page).toMatchObject({ total: CAP, total_capped: true });
    });

    it('keeps relevance order and an exact count at the cap', async () => {
      const page = await getPage('/api/v1/search?q=mango');
      expect(page).toMatchObject({ total: CAP, total_capped: false, next_cursor: null });
      expect(new Set(page.items.map((post) => post.id))).toEqual(new Set(mango));
    });

    it('ranks the best match first below the cap', async () => {
      // 'favourite' is only in the oldest Black post's caption; with 'zara' it is the single match.
      const page = await getPage('/api/v1/search?q=zara%20favourite');
      expect(page).toMatchObject({ total: 1, total_capped: false });
      expect(page.items.map((post) => post.id)).toEqual([black[0]]);
    });

    it('answers the capped count for a cursor past the last page', async () => {
      const cursor = encodeScoredCursor({ score: 0, createdAt: new Date(0), id: black[0]! });
      const page = await getPage(`/api/v1/search?q=zara&cursor=${cursor}`);
      expect(page).toEqual({
        items: [],
        total: CAP,
        total_capped: true,
        next_cursor: null,
        corrected_to: null,
      });
      const mangoPage = await getPage(`/api/v1/search?q=mango&cursor=${cursor}`);
      expect(mangoPage).toEqual({
        items: [],
        total: CAP,
        total_capped: false,
        next_cursor: null,
        corrected_to: null,
      });
    });
  });

  describe('startup backfill', () => {
    it('walks the posts in id order and indexes exactly the ones without a search row', async () => {
      const all = [...black, ...mango, hidden].sort();
      // Rows missing at the start, in the middle and at the end of the id order, and across stretches.
      const missing = [all[0]!, all[4]!, all[5]!, all.at(-1)!];
      await ctx.app.database.query('delete from post_search where post_id = any($1::uuid[])', [missing]);
      expect((await getPage('/api/v1/posts/filtered?color=Black')).total).toBeLessThanOrEqual(CAP);

      const indexed = await indexUnindexedPosts(ctx.app.database.db, () => false, { span: 2, batchSize: 1 });
      expect(indexed).toBe(missing.length);
      const rows = await ctx.app.database.query<{ n: number }>(
        'select count(*)::int as n from post_search where post_id = any($1::uuid[])',
        [all],
      );
      expect(Number(rows[0]?.n)).toBe(all.length);
      const { ids } = await walk('/api/v1/posts/filtered?color=Black', 10);
      expect(ids).toEqual([...black].reverse());
      // Nothing left: a second walk indexes nothing.
      expect(await indexUnindexedPosts(ctx.app.database.db, () => false, { span: 2, batchSize: 1 })).toBe(0);
    });

    it('stops when told to', async () => {
      await ctx.app.database.query('delete from post_search where post_id = any($1::uuid[])', [mango]);
      let calls = 0;
      const indexed = await indexUnindexedPosts(ctx.app.database.db, () => calls++ > 0, {
        span: 1,
        batchSize: 1,
      });
      expect(indexed).toBe(0);
      expect(await indexUnindexedPosts(ctx.app.database.db)).toBe(mango.length);
    });
  });
});
