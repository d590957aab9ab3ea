import type { CountedPostPage, SearchPage } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makePostPrivate, seedPost, updateProfile } from '../../test/discovery.ts';
import { publishPost } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
let dana: TestUser;
let noa: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  dana = await createUser(ctx.app);
  noa = await createUser(ctx.app);
  await updateProfile(ctx.app, dana, { username: 'dana.levi', display_name: 'Dana Levi' });
  await updateProfile(ctx.app, noa, { username: 'noa_style', display_name: 'Noa' });

  ids.beach = await seedPost(ctx.app, dana, {
    caption: 'Sunset walk on the promenade #Beach #Vacation',
    items: [{ item_type: 'Dress', brand: 'Zara', color: 'White', title: 'Linen midi dress' }],
  });
  ids.sport = await seedPost(ctx.app, noa, {
    caption: 'Morning run #Activewear',
    items: [
      { item_type: 'Shoes', brand: 'Adidas', color: 'Black' },
      { item_type: 'Pants', brand: 'Nike' },
    ],
  });
  ids.office = await seedPost(ctx.app, noa, {
    caption: 'Monday meetings #Formal #PlusSize',
    items: [{ item_type: 'Blouses', brand: 'Pull & Bear', title: 'Silk blouse' }],
  });
  ids.hebrew = await seedPost(ctx.app, dana, {
    caption: 'שמלה חדשה לחג #Evening',
    items: [{ item_type: 'Dress', brand: 'Mango' }],
  });
  ids.hidden = await seedPost(ctx.app, dana, {
    caption: 'Secret promenade outfit',
    items: [{ item_type: 'Jacket', brand: 'Zara' }],
  });
  await makePostPrivate(ctx.app, ids.hidden);
});
afterAll(() => ctx.close());

async function search(q: string, extra = ''): Promise<SearchPage> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/search?q=${encodeURIComponent(q)}${extra}`,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as SearchPage;
}

const found = (page: CountedPostPage) => page.items.map((post) => post.id);

describe('GET /api/v1/search', () => {
  it('finds a post by a word of its caption, with the full post shape and the count', async () => {
    const page = await search('sunset');
    expect(found(page)).toEqual([ids.beach]);
    expect(page.total).toBe(1);
    expect(page.next_cursor).toBeNull();
    expect(page.items[0]).toMatchObject({
      caption: 'Sunset walk on the promenade #Beach #Vacation',
      author: { username: 'dana.levi', display_name: 'Dana Levi' },
      items: [expect.objectContaining({ brand: 'Zara', item_type: 'Dress' })],
    });
  });

  it('finds posts by a brand, a product type, a style and an item title', async () => {
    expect(found(await search('adidas'))).toEqual([ids.sport]);
    expect(found(await search('Zara'))).toEqual([ids.beach]);
    expect(found(await search('blouses'))).toEqual([ids.office]);
    expect(found(await search('pull & bear'))).toEqual([ids.office]);
    expect(found(await search('plus size'))).toEqual([ids.office]);
    expect(found(await search('#PlusSize'))).toEqual([ids.office]);
    expect(found(await search('linen'))).toEqual([ids.beach]);
    expect(new Set(found(await search('dress')))).toEqual(new Set([ids.beach, ids.hebrew]));
  });

  it('finds posts by their author username or display name', async () => {
    expect(new Set(found(await search('noa_style')))).toEqual(new Set([ids.sport, ids.office]));
    expect(new Set(found(await search('Dana Levi')))).toEqual(new Set([ids.beach, ids.hebrew]));
    // Words of the author and of the post together.
    expect(found(await search('noa formal'))).toEqual([ids.office]);
  });

  it('forgives a misspelled brand', async () => {
    expect(found(await search('Addidas'))).toEqual([ids.sport]);
    expect(found(await search('Zra'))).toContain(ids.beach);
    expect(found(await search('Mangoo'))).toContain(ids.hebrew);
  });

  it('finds words of any script and by prefix', async () => {
    expect(found(await search('שמלה'))).toEqual([ids.hebrew]);
    expect(found(await search('promen'))).toEqual([ids.beach]);
  });

  it('never finds private posts', async () => {
    expect(found(await search('secret'))).toEqual([]);
    expect(found(await search('promenade'))).toEqual([ids.beach]);
  });

  it('answers an empty page for a blank query and for words nothing has', async () => {
    const empty = { items: [], total: 0, total_capped: false, next_cursor: null, corrected_to: null };
    expect(await search('   ')).toEqual(empty);
    expect(await search('qwxzv')).toEqual(empty);
  });

  it('pages by relevance without repeating or skipping posts', async () => {
    const first = await search('dress', '&limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.total).toBe(2);
    const second = await search('dress', `&limit=1&cursor=${first.next_cursor}`);
    expect(second.items).toHaveLength(1);
    expect(second.total).toBe(2);
    expect(second.next_cursor).toBeNull();
    expect(new Set([...found(first), ...found(second)])).toEqual(new Set([ids.beach, ids.hebrew]));
  });

  it('refuses a broken cursor', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/search?q=dress&cursor=abc' });
    expect(response.statusCode).toBe(400);
  });

  // The two tests below change what they search for on an author of their own, so that the tests
  // above find the same posts whichever runs first.
  it('finds an author under a new name at once', async () => {
    const rina = await createUser(ctx.app);
    await updateProfile(ctx.app, rina, { username: 'rina_style' });
    const looks = [
      await seedPost(ctx.app, rina, { caption: 'Tennis morning' }),
      await seedPost(ctx.app, rina, { caption: 'Tennis evening' }),
    ];
    expect(new Set(found(await search('rina_style')))).toEqual(new Set(looks));
    await updateProfile(ctx.app, rina, { username: 'rina_runs' });
    expect(new Set(found(await search('rina_runs')))).toEqual(new Set(looks));
    expect(found(await search('rina_style'))).toEqual([]);
  });

  it('finds a published post, and an edited one by its new words only', async () => {
    const author = await createUser(ctx.app);
    const post = await publishPost(ctx.app, author, {
      caption: 'Rooftop party',
      items: [{ item_type: 'Skirt', brand: 'Reebok', link: 'https://shop.example.com/skirt' }],
    });
    expect(found(await search('rooftop'))).toEqual([post.id]);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${post.id}`,
      headers: author.headers,
      payload: { caption: 'Garden brunch' },
    });
    expect(response.statusCode).toBe(200);
    expect(found(await search('rooftop'))).toEqual([]);
    expect(found(await search('brunch'))).toEqual([post.id]);
  });
});

describe('GET /api/v1/search: corrected words and the literal search', () => {
  it('says which words it searched when it corrected a typo', async () => {
    const page = await search('zaar');
    expect(found(page)).toContain(ids.beach);
    expect(page.corrected_to).toBe('zara');
  });

  it('corrects only the words that match nothing as typed', async () => {
    const page = await search('Promenade zaar');
    expect(found(page)).toEqual([ids.beach]);
    expect(page.corrected_to).toBe('promenade zara');
  });

  it('says nothing when every word matches as typed (a prefix too)', async () => {
    expect((await search('zara')).corrected_to).toBeNull();
    expect((await search('zar')).corrected_to).toBeNull();
    expect((await search('promenade')).corrected_to).toBeNull();
  });

  it('searches the words as typed with exact=1, without correcting them', async () => {
    const literal = await search('zaar', '&exact=1');
    expect(literal).toMatchObject({ items: [], total: 0, corrected_to: null });
    const asTyped = await search('zara', '&exact=1');
    expect(found(asTyped)).toContain(ids.beach);
    expect(asTyped.corrected_to).toBeNull();
  });

  it('refuses an exact flag other than 0 or 1, in our error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/search?q=zaar&exact=yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
  });
});

describe('GET /api/v1/posts/filtered with search words', () => {
  async function filtered(query: string): Promise<CountedPostPage> {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/posts/filtered?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as CountedPostPage;
  }

  it('answers the search matches among the filtered posts only', async () => {
    // Each alone finds more: the filter Dress finds two posts, the word 'dress' two.
    expect(new Set(found(await filtered('type=Dress')))).toEqual(new Set([ids.beach, ids.hebrew]));
    const both = await filtered('q=sunset&type=Dress');
    expect(found(both)).toEqual([ids.beach]);
    expect(both.total).toBe(1);
    const mango = await filtered('q=dress&brand=Mango');
    expect(found(mango)).toEqual([ids.hebrew]);
    expect(mango.total).toBe(1);
  });

  it('answers nothing when the words and the filters share no post', async () => {
    expect(await filtered('q=sunset&type=Shoes')).toEqual({
      items: [],
      total: 0,
      total_capped: false,
      next_cursor: null,
    });
  });

  it('keeps forgiving typos and hiding private posts', async () => {
    expect(found(await filtered('q=Addidas&color=Black'))).toEqual([ids.sport]);
    expect(found(await filtered('q=promenade&brand=Zara'))).toEqual([ids.beach]);
  });

  it('pages through the combined matches without repeats', async () => {
    const first = await filtered('q=dress&type=Dress&limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.total).toBe(2);
    const second = await filtered(`q=dress&type=Dress&limit=1&cursor=${first.next_cursor}`);
    expect(second.next_cursor).toBeNull();
    expect(new Set([...found(first), ...found(second)])).toEqual(new Set([ids.beach, ids.hebrew]));
  });

  it('treats blank words as no search (the filters alone)', async () => {
    expect(new Set(found(await filtered('q=%20%20&type=Dress')))).toEqual(new Set([ids.beach, ids.hebrew]));
  });

  it('refuses words longer than search allows, in our error shape', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/posts/filtered?type=Dress&q=${'a'.repeat(1000)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
  });
});

describe('a word naming more people than search takes for it (200)', () => {
  const creator = (name: string, id = crypto.randomUUID()) => ({ id, username: `creator_${name}` });
  // 'creator' names all of them; amy's id is the greatest, so among those as like a query it comes last.
  const amy = creator('amy', 'ffffffff-ffff-4fff-bfff-ffffffffffff');
  const zed = creator('zed');
  // Names of three letters, as 'amy' and 'zed' are (a longer one is less like any query).
  const letter = (at: number) => String.fromCharCode(97 + (at % 26));
  const others = Array.from({ length: 205 }, (_, index) =>
    creator(`q${letter(Math.floor(index / 26))}${letter(index)}`),
  );

  beforeAll(async () => {
    for (const person of [amy, zed, ...others]) {
      await ctx.app.database.query(
        `insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())`,
        [person.id, `${person.username}@test.invalid`],
      );
      await ctx.app.database.query(`insert into profiles (id, username) values ($1, $2)`, [
        person.id,
        person.username,
      ]);
    }
    ids.amy = await seedPost(ctx.app, amy, { caption: 'Linen weekend' });
    ids.zed = await seedPost(ctx.app, zed, { caption: 'Linen weekend' });
  });

  it("takes those most like each query, whichever query asked for the word's people first", async () => {
    // 'creator' is kept for both queries; its 200 people are not the same for both.
    expect(found(await search('creator zed'))).toEqual([ids.zed]);
    expect(found(await search('creator amy'))).toEqual([ids.amy]);
    expect(found(await search('creator zed'))).toEqual([ids.zed]);
  });
});
