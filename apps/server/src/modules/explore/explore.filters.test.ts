import {
  type CountedPostPage,
  createEmptyFilterSet,
  FILTER_CATEGORIES,
  FILTER_SEARCH_PARAMS,
  type FilterablePost,
  type FilterSet,
  matchesFilters,
} from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makePostPrivate, type SeedItem, seededRandom, seedPost } from '../../test/discovery.ts';
import { createUser, TEST_RATE_LIMITS } from '../../test/users.ts';

/*
 * The server's filtered feed must answer spec section 5 exactly as packages/shared's matchesFilters does.
 * Posts with awkward values (case, extra spaces, 'None', blanks, other scripts, styles spelled as tags) are
 * generated from a fixed seed, and the two are compared over many generated filter sets.
 */

const VALUES = {
  size: ['M', 'm', 'L', 'XL', '38', 'One Size', ' one  size ', null, ''],
  color: [
    'Black',
    'black',
    'BLACK',
    'White',
    'None',
    'none',
    null,
    '',
    '  ',
    'Écru',
    'שחור',
    'Navy Blue',
    'navy  blue',
  ],
  pattern: ['Solid', 'Striped', 'None', null, '', 'Polka Dots', 'polka dots'],
  item_type: ['Dress', 'dress', 'Shoes', 'Bag', null, 'Co-ords'],
  brand: ['Zara', 'zara', 'H&M', 'Pull & Bear', 'pull  &  bear', 'Mango', null, '', 'Ümlaut'],
} as const;
const CAPTION_TAGS = [
  '#Casual',
  '#casual',
  '#PlusSize',
  '#plus_size',
  '#Streetwear',
  '#Evening',
  '#ערב',
  '#Boho',
  'look #1',
];

/** Filter values: what the data has (in other spellings too) and what it does not. */
const CHOICES: Record<keyof FilterSet, string[]> = {
  sizes: ['M', 'l', 'XL', '38', 'one size', '40', ' m '],
  colors: ['black', 'White', 'None', 'écru', 'שחור', 'navy blue', 'Purple'],
  patterns: ['solid', 'None', 'Polka Dots', 'Floral'],
  productTypes: ['Dress', 'shoes', 'co-ords', 'Hat'],
  brands: ['Zara', 'h&m', 'pull & bear', 'PULL  &  BEAR', 'Gucci', 'ümlaut'],
  styles: ['Casual', 'Plus Size', 'plus size', 'Streetwear', 'ערב', 'Boho', 'Wedding'],
};

let ctx: TestApp;
const publicPosts: { id: string; post: FilterablePost }[] = [];
const random = seededRandom(20240501);

function pick<T>(values: readonly T[]): T {
  return values[Math.floor(random() * values.length)]!;
}

function randomItem(): SeedItem {
  return {
    size: pick(VALUES.size),
    color: pick(VALUES.color),
    pattern: pick(VALUES.pattern),
    item_type: pick(VALUES.item_type),
    brand: pick(VALUES.brand),
  };
}

function randomFilters(): FilterSet {
  const filters = createEmptyFilterSet();
  const categories = [...FILTER_CATEGORIES].sort(() => random() - 0.5).slice(0, Math.floor(random() * 4));
  for (const category of categories) {
    const count = 1 + Math.floor(random() * 3);
    filters[category] = Array.from({ length: count }, () => pick(CHOICES[category]));
  }
  return filters;
}

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  const authors = [await createUser(ctx.app), await createUser(ctx.app), await createUser(ctx.app)];
  const start = Date.parse('2024-05-01T12:00:00.000Z');
  for (let n = 0; n < 120; n++) {
    const tagCount = Math.floor(random() * 3);
    const caption = ['Look', ...Array.from({ length: tagCount }, () => pick(CAPTION_TAGS))].join(' ');
    const items = Array.from({ length: Math.floor(random() * 4) }, randomItem);
    const id = await seedPost(ctx.app, pick(authors), {
      caption,
      items,
      createdAt: new Date(start + n * 60_000),
    });
    if (random() < 0.1) {
      await makePostPrivate(ctx.app, id);
      continue;
    }
    publicPosts.push({
      id,
      post: {
        caption,
        items: items.map((item) => ({
          size: item.size ?? null,
          color: item.color ?? null,
          pattern: item.pattern ?? null,
          item_type: item.item_type ?? null,
          brand: item.brand ?? null,
        })),
      },
    });
  }
}, 120_000);
afterAll(() => ctx.close());

function queryOf(filters: FilterSet, extra: Record<string, string> = {}): string {
  const params: string[] = [];
  for (const category of FILTER_CATEGORIES) {
    for (const value of filters[category])
      params.push(`${FILTER_SEARCH_PARAMS[category]}=${encodeURIComponent(value)}`);
  }
  for (const [name, value] of Object.entries(extra)) params.push(`${name}=${encodeURIComponent(value)}`);
  return params.join('&');
}

async function fetchPage(query: string): Promise<CountedPostPage> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/posts/filtered?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CountedPostPage;
}

/** Every page of the filtered feed: the ids in order and the totals each page reported. */
async function fetchAll(filters: FilterSet): Promise<{ ids: string[]; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const page: CountedPostPage = await fetchPage(
      queryOf(filters, { limit: '50', ...(cursor ? { cursor } : {}) }),
    );
    ids.push(...page.items.map((post) => post.id));
    totals.push(page.total);
    cursor = page.next_cursor;
  } while (cursor);
  return { ids, totals };
}

/** The shared matcher's answer, newest first like the feed. */
function expected(filters: FilterSet): string[] {
  return publicPosts
    .filter(({ post }) => matchesFilters(post, filters))
    .map(({ id }) => id)
    .reverse();
}

describe('GET /api/v1/posts/filtered', () => {
  it('answers every post for no filter', async () => {
    const { ids, totals } = await fetchAll(createEmptyFilterSet());
    expect(ids).toEqual(expected(createEmptyFilterSet()));
    expect(totals.every((total) => total === publicPosts.length)).toBe(true);
  });

  it('agrees with the shared matcher on generated data', async () => {
    let nonEmpty = 0;
    for (let round = 0; round < 80; round++) {
      const filters = randomFilters();
      const want = expected(filters);
      const { ids, totals } = await fetchAll(filters);
      expect(ids, JSON.stringify(filters)).toEqual(want);
      expect(new Set(totals), JSON.stringify(filters)).toEqual(new Set([want.length]));
      if (want.length > 0 && want.length < publicPosts.length) nonEmpty += 1;
    }
    // The generated sets must actually discriminate, or the comparison proves little.
    expect(nonEmpty).toBeGreaterThan(20);
  });

  it('handles the spec cases: None for missing colours, styles as tags, AND across categories', async () => {
    const check = async (filters: Partial<FilterSet>) => {
      const full = { ...createEmptyFilterSet(), ...filters };
      expect((await fetchAll(full)).ids, JSON.stringify(filters)).toEqual(expected(full));
      return expected(full).length;
    };
    expect(await check({ colors: ['None'] })).toBeGreaterThan(0);
    expect(await check({ styles: ['Plus Size'] })).toBeGreaterThan(0);
    await check({ sizes: ['M'], colors: ['Black'] });
    await check({ brands: ['PULL & BEAR'], styles: ['casual'], patterns: ['none'] });
    expect(await check({ brands: ['Gucci'] })).toBe(0);
  });

  it('pages newest first with a total on every page', async () => {
    const first = await fetchPage('limit=5');
    expect(first.items).toHaveLength(5);
    expect(first.total).toBe(publicPosts.length);
    const second = await fetchPage(`limit=5&cursor=${first.next_cursor}`);
    expect(second.total).toBe(publicPosts.length);
    const times = [...first.items, ...second.items].map((post) => Date.parse(post.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses too many values and a broken cursor', async () => {
    const many = Array.from({ length: 51 }, (_, n) => `size=${n}`).join('&');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/posts/filtered?${many}` })).statusCode).toBe(
      400,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/posts/filtered?cursor=x' })).statusCode).toBe(
      400,
    );
  });
});
