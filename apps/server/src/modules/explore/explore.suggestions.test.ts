import { DISCOVERY_LIMITS, STYLE_NAMES_HE, STYLES, type Suggestions } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makePostPrivate, seedPost, updateProfile } from '../../test/discovery.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
let dana: TestUser;
let danny: TestUser;
let noa: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  dana = await createUser(ctx.app);
  danny = await createUser(ctx.app);
  noa = await createUser(ctx.app);
  await updateProfile(ctx.app, dana, { username: 'dana.levi', display_name: 'Dana Levi' });
  await updateProfile(ctx.app, danny, { username: 'the_danny', display_name: 'Danny' });
  await updateProfile(ctx.app, noa, { username: 'noa_style', display_name: 'Noa Dan' });
  await seedPost(ctx.app, dana, { caption: 'Linen #Casual', items: [{ item_type: 'Dress', brand: 'Zara' }] });
  await seedPost(ctx.app, noa, { caption: 'Run', items: [{ item_type: 'Shoes', brand: 'Zalando Basics' }] });
  const hidden = await seedPost(ctx.app, noa, {
    caption: 'Secret',
    items: [{ item_type: 'Bag', brand: 'Zaphira' }],
  });
  await makePostPrivate(ctx.app, hidden);
});
afterAll(() => ctx.close());

async function suggest(q: string, user?: TestUser): Promise<Suggestions> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/search/suggestions?q=${encodeURIComponent(q)}`,
    headers: user?.headers,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Suggestions;
}

const usernames = (answer: Suggestions) => answer.people.map((person) => person.username);

describe('GET /api/v1/search/suggestions', () => {
  it('suggests people by username or display name, those starting with the text first', async () => {
    const answer = await suggest('Dan');
    expect(usernames(answer)).toEqual(['dana.levi', 'the_danny', 'noa_style']);
    expect(answer.people[0]).toEqual({
      id: dana.id,
      username: 'dana.levi',
      display_name: 'Dana Levi',
      avatar_url: null,
    });
  });

  it('suggests brands of public posts, linking by id, and styles', async () => {
    const answer = await suggest('za');
    expect(answer.brands.map((brand) => brand.name)).toEqual(['Zalando Basics', 'Zara']);
    expect(answer.brands.every((brand) => typeof brand.id === 'string')).toBe(true);
    expect((await suggest('casu')).styles).toEqual(['Casual']);
  });

  it('suggests a style by its Hebrew name too, the one the Hebrew screens show', async () => {
    expect((await suggest('ערב')).styles).toEqual(['Evening']);
    expect((await suggest('מידות')).styles).toEqual(['Plus Size']);
    // Both names count; a style whose name starts with the text comes first.
    expect((await suggest('ר')).styles.slice(0, 2)).toEqual(['Formal', 'Retro']);
    for (const style of STYLES) expect((await suggest(STYLE_NAMES_HE[style])).styles).toContain(style);
  });

  it('never names a brand only a private post carries', async () => {
    expect((await suggest('zaph')).brands).toEqual([]);
  });

  it('does not suggest a blocked person to the blocker, nor the blocker to them', async () => {
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/blocks/${danny.id}`,
      headers: dana.headers,
    });
    expect(blocked.statusCode).toBe(200);
    expect(usernames(await suggest('danny', dana))).toEqual([]);
    expect(usernames(await suggest('dana', danny))).toEqual([]);
    expect(usernames(await suggest('danny', noa))).toEqual(['the_danny']);
    expect(usernames(await suggest('danny'))).toEqual(['the_danny']);
  });

  it('matches LIKE characters as themselves', async () => {
    expect(usernames(await suggest('_'))).toEqual(['noa_style', 'the_danny']);
    expect(await suggest('%')).toEqual({ people: [], brands: [], styles: [], tags: [] });
  });

  it('answers nothing for blank text', async () => {
    expect(await suggest('   ')).toEqual({ people: [], brands: [], styles: [], tags: [] });
  });

  it(`answers at most ${DISCOVERY_LIMITS.suggestionsPerKind} of each kind`, async () => {
    // Every profile with a username holds an 'a' or an 'e', as do several styles.
    for (let i = 0; i < DISCOVERY_LIMITS.suggestionsPerKind + 2; i += 1) {
      const extra = await createUser(ctx.app);
      await updateProfile(ctx.app, extra, { username: `extra_${i}` });
    }
    const answer = await suggest('e');
    expect(answer.people).toHaveLength(DISCOVERY_LIMITS.suggestionsPerKind);
    expect(answer.styles).toHaveLength(DISCOVERY_LIMITS.suggestionsPerKind);
    expect(answer.people.map((person) => person.username)).toEqual([
      'extra_0',
      'extra_1',
      'extra_2',
      'extra_3',
      'extra_4',
    ]);
  });

  it('refuses text longer than the limit, in our error shape', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/search/suggestions?q=${'a'.repeat(DISCOVERY_LIMITS.suggestionQueryMaxChars + 1)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
  });
});
