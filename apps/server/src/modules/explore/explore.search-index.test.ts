import type { FilterSet, SearchPage } from '@sys/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makePostPrivate, seededRandom, seedPost, updateProfile } from '../../test/discovery.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import { documentLiteral } from '../search-index/search-index.text.ts';
import { indexPostsForDiscovery } from '../search-index/search-index.ts';
import { FilterIndex, type FilterIndexState } from './explore.filter-index.ts';
import {
  compareLexemes,
  operandsQuery,
  parseDocument,
  type SearchOperand,
  tsRank,
} from './explore.search-rank.ts';
import { ExploreService } from './explore.service.ts';

/*
 * Search from the in-memory index (explore.filter-index.ts) against search from PostgreSQL: ts_rank as
 * PostgreSQL computes it, and then whole searches over generated posts, page by page, before and after
 * the posts change, each answered by both and compared.
 */

describe('tsRank', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, filterIndex: false });
  });
  afterAll(() => ctx.close());

  it('is ts_rank of PostgreSQL, to the last bit, for the documents search writes', async () => {
    const random = seededRandom(11);
    const vocabulary = [
      'black',
      'blacks',
      'blackish',
      'bl',
      'zara',
      'zarah',
      'dress',
      'dresses',
      'שמלה',
      'é',
      'x1',
    ];
    const pick = () => vocabulary[Math.floor(random() * vocabulary.length)]!;
    const cases: { document: string; operands: SearchOperand[] }[] = [];
    for (let i = 0; i < 400; i++) {
      const parts = { A: [] as string[], B: [] as string[], C: [] as string[] };
      for (let w = Math.floor(random() * 8); w > 0; w--)
        parts[(['A', 'B', 'C'] as const)[w % 3]!].push(pick());
      // Distinct words, as a search's are (PostgreSQL keeps one of two operands of one word, either).
      const terms = [...new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, pick))];
      const operands = terms.map((term) => ({ term, prefix: random() < 0.4 }));
      cases.push({ document: documentLiteral(parts), operands });
    }
    const result = await ctx.app.database.db.execute(sql`
      select ts_rank(d::tsvector, q::tsquery)::float8 as rank, d::tsvector::text as text
      from unnest(${`{${cases.map((c) => JSON.stringify(c.document)).join(',')}}`}::text[],
                  ${`{${cases.map((c) => JSON.stringify(operandsQuery(c.operands))).join(',')}}`}::text[])
        with ordinality as t(d, q, n)
      order by n`);
    const rows = rowsOf<{ rank: number; text: string }>(result);
    expect(rows).toHaveLength(cases.length);
    let nonzero = 0;
    cases.forEach((c, i) => {
      const document = parseDocument(rows[i]!.text)!;
      const lexemes = [...document.keys()].sort(compareLexemes);
      const rank = tsRank(c.operands, (operand) =>
        lexemes
          .filter((lexeme) => (operand.prefix ? lexeme.startsWith(operand.term) : lexeme === operand.term))
          .map((lexeme) => document.get(lexeme)!),
      );
      expect(rank, JSON.stringify(c)).toBe(Number(rows[i]!.rank));
      if (rank > 0) nonzero++;
    });
    // Most cases find something: the comparison is not of zeros.
    expect(nonzero).toBeGreaterThan(cases.length / 2);
  });

  it('reads the text of a tsvector, quotes and all', () => {
    expect(parseDocument(`'it''s':1A 'a\\\\b':2B 'plain':3 'c':4C`)).toEqual(
      new Map([
        ["it's", 'A'],
        ['a\\b', 'B'],
        ['plain', 'D'],
        ['c', 'C'],
      ]),
    );
    // Several positions: not a document search writes, so not ranked from memory.
    expect(parseDocument(`'a':1A,2B`)).toBeNull();
  });
});

describe('search from the in-memory index', () => {
  const CANDIDATES = 40;
  let ctx: TestApp;
  let index: FilterIndex;
  let fromIndex: ExploreService;
  const users: TestUser[] = [];
  const posts: string[] = [];
  const random = seededRandom(5);
  // Common words, words sharing a prefix, typos of them, a word run together, and rare ones.
  const captionWords = [
    'black',
    'black',
    'white',
    'zara',
    'zara',
    'dress',
    'shirt',
    'skirt',
    'striped',
    'blacks',
    'blackish',
    'plussize',
    'plus',
    'size',
    'linen',
    'mango',
  ];
  // In a few posts each: fewer than the index holds, so asked of PostgreSQL (completions and corrections
  // of the common words among them).
  const rareWords = ['rareword', 'onlyonce', 'dresss', 'blackest', 'zaraa', 'skirtt'];
  const queryWords = [
    'black',
    'bla',
    'blak',
    'zara',
    'zar',
    'dress',
    'dres',
    'shirt',
    'skirt',
    'striped',
    'plus size',
    'linen',
    'cohen',
    'levi',
    'rareword',
    'onlyonce',
    'nothing',
    'x',
    'mango',
    'wh',
    'size',
    'blackest',
    'skirtt',
    'zaraa',
  ];
  let answered = 0;
  let declined = 0;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

  async function addPost(minutesAgo: number): Promise<string> {
    const words = Array.from({ length: 1 + Math.floor(random() * 5) }, () => pick(captionWords));
    if (random() < 0.08) words.push(pick(rareWords));
    const id = await seedPost(ctx.app, pick(users), {
      caption: words.join(' '),
      items:
        random() < 0.7
          ? [
              {
                item_type: pick(['Dress', 'Shirt', 'Skirt']),
                brand: pick(['Zara', 'Mango', 'Castro']),
                color: pick(['Black', 'White']),
              },
            ]
          : [],
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    });
    posts.push(id);
    return id;
  }

  beforeAll(async () => {
    ctx = await createTestApp({
      authRateLimits: TEST_RATE_LIMITS,
      filterIndex: false,
      searchCandidates: CANDIDATES,
      discoveryCacheTtlMs: 0,
    });
    for (const name of ['Zara Cohen', 'Noa Levi', 'Dana Mango', 'Plain']) {
      const user = await createUser(ctx.app);
      await updateProfile(ctx.app, user, { display_name: name });
      users.push(user);
    }
    // Some posts at one time: their order is by id.
    for (let i = 0; i < 160; i++) await addPost(i % 7 === 0 ? 500 : 1000 - i * 3);
    for (const id of posts.slice(0, 12)) await makePostPrivate(ctx.app, id);
    const services = ctx.app.services;
    index = new FilterIndex({
      db: ctx.app.database.db,
      log: { warn: () => {}, info: () => {} },
      // The first 50 posts decide the lexemes held; those in fewer than 4 of them are asked of PostgreSQL.
      readBatch: 50,
      searchLexemeMinPosts: 4,
      maxChanged: 6,
    });
    fromIndex = new ExploreService({
      db: ctx.app.database.db,
      posts: services.posts,
      albums: services.albums,
      follows: services.follows,
      searchCandidates: CANDIDATES,
      // The index's state, counting the searches it answers and those it leaves to PostgreSQL.
      filterIndex: {
        current: async () => {
          const state = await index.current();
          if (!state) return null;
          const search: FilterIndexState['search'] = async (...args) => {
            const ranking = await state.search(...args);
            if (ranking) answered++;
            else declined++;
            return ranking;
          };
          return new Proxy(state, {
            get: (target, name) => (name === 'search' ? search : Reflect.get(target, name, target)),
          });
        },
      },
    });
  });
  afterAll(async () => {
    await index.stop();
    await ctx.close();
  });

  const pageOf = (listed: { body: Buffer }) => JSON.parse(listed.body.toString('utf8')) as SearchPage;

  /** Every page of `q` (7 a page) from both, which must be the same. */
  async function compare(q: string, filters: FilterSet | null): Promise<number> {
    let cursor: string | undefined;
    let seen = 0;
    for (let page = 0; page < 8; page++) {
      const query = { q, limit: 7, ...(cursor ? { cursor } : {}) };
      const [expected, actual] = filters
        ? await Promise.all(
            [ctx.app.services.explore, fromIndex].map(async (service) =>
              pageOf(await service.listFiltered(null, filters, query)),
            ),
          )
        : await Promise.all(
            [ctx.app.services.explore, fromIndex].map(async (service) =>
              pageOf(await service.search(null, query)),
            ),
          );
      expect(actual, JSON.stringify({ q, filters, page })).toEqual(expected);
      seen += expected!.items.length;
      if (!expected!.next_cursor) break;
      cursor = expected!.next_cursor;
    }
    return seen;
  }

  async function compareMany(rounds: number): Promise<number> {
    let found = 0;
    for (let round = 0; round < rounds; round++) {
      const q = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(queryWords)).join(' ');
      const filters: FilterSet | null =
        random() < 0.25
          ? {
              sizes: [],
              colors: [pick(['Black', 'White'])],
              styles: [],
              patterns: [],
              productTypes: [],
              brands: [],
            }
          : null;
      found += await compare(q, filters);
    }
    return found;
  }

  it('answers every search as PostgreSQL does, page by page', async () => {
    const state = await index.current();
    expect(state?.searchable).toBe(true);
    const found = await compareMany(120);
    // The searches find posts, many of them: the comparison is not of empty pages; and the index, not
    // PostgreSQL, answered them.
    expect(found).toBeGreaterThan(500);
    expect({ answered, declined }).toEqual({ answered: expect.any(Number), declined: 0 });
    expect(answered).toBeGreaterThan(100);
    for (const q of ['plus size', 'rareword', 'onlyonce black', 'cohen', 'blak', 'zar dres'])
      await compare(q, null);
  });

  it('answers as PostgreSQL does right after posts change, however they change', async () => {
    for (let round = 0; round < 4; round++) {
      // New posts with words never seen, captions edited (the words alone), posts hidden and deleted.
      const fresh = await addPost(round);
      await ctx.app.database.query(`update posts set caption = $1 where id = $2`, [
        `brandnew${round} ${pick(captionWords)}`,
        fresh,
      ]);
      await indexPostsForDiscovery(ctx.app.database.db, [fresh]);
      const edited = pick(posts.slice(20));
      await ctx.app.database.query(`update posts set caption = $1 where id = $2`, [
        'striped rareword linen',
        edited,
      ]);
      await indexPostsForDiscovery(ctx.app.database.db, [edited]);
      await makePostPrivate(ctx.app, pick(posts.slice(20)));
      await ctx.app.database.query(`delete from posts where id = $1`, [pick(posts.slice(20))]);
      await compareMany(15);
      await compare(`brandnew${round}`, null);
      await compare('striped rareword', null);
    }
    // Changed posts as old as posts of the postings (posts[14] and on, every 7th, share one time): the
    // ranking takes them among those in the feed's order, by id.
    for (const edited of [posts[28]!, posts[35]!]) {
      await ctx.app.database.query(`update posts set caption = $1 where id = $2`, ['striped black', edited]);
      await indexPostsForDiscovery(ctx.app.database.db, [edited]);
    }
    expect(await compare('striped black', null)).toBeGreaterThan(2);
    await compare('black', null);
    // The changed posts were put among the postings on the way (maxChanged 6), their rare words left out.
    expect((await index.current())?.changedCount).toBeLessThan(12);
    expect(declined).toBe(0);
  });
});
