import { DISCOVERY_LIMITS, type FitsPage } from '@sys/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { seedPost, updateProfile } from '../../test/discovery.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

/*
 * 'Fits like me' (issue 17): the tolerance starts where there are results, and nothing a person keeps
 * private can be learnt from the answers, whatever tolerance, own measurements or widening is tried.
 */

let ctx: TestApp;
let me: TestUser;

/** A new app on an empty database, and `me` in it with my measurements. */
async function freshApp() {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  me = await createUser(ctx.app);
  await updateProfile(ctx.app, me, {
    chest_circumference: 90,
    waist_circumference: 75,
    hip_circumference: 95,
  });
}

beforeAll(freshApp);
afterAll(() => ctx.close());

async function fits(query: string, user: TestUser = me): Promise<FitsPage> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/posts/fits-like-me?${query.includes('limit=') ? '' : 'limit=50&'}${query}`,
    headers: user.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as FitsPage;
}

const idsOf = (page: FitsPage) => page.items.map((item) => item.id);

/** A person with these measurements (public unless said) and `count` public posts. */
async function person(chest: number, waist: number, hip: number, count: number, isPublic = true) {
  const user = await createUser(ctx.app);
  await updateProfile(ctx.app, user, {
    chest_circumference: chest,
    waist_circumference: waist,
    hip_circumference: hip,
    measurements_public: isPublic,
  });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await seedPost(ctx.app, user, { caption: `look ${i}` }));
  return { user, ids };
}

describe('the tolerance of Fits like me', () => {
  // Each test counts outfits from an empty start: a database of its own for each.
  beforeEach(async () => {
    await ctx.close();
    await freshApp();
  });

  it('widens from the default, 1 cm at a time, until enough outfits match, and says which', async () => {
    expect(DISCOVERY_LIMITS).toMatchObject({ fitsToleranceDefaultCm: 4, fitsEnoughOutfits: 6 });
    // Nobody matches yet: the widest tolerance, and nothing.
    expect(await fits('')).toMatchObject({ tolerance: 15, total: 0, items: [] });

    const close = await person(91, 74, 96, 2); // matches from 1 cm
    const fair = await person(90, 81, 95, 3); // from 6 cm
    const far = await person(99, 75, 95, 2); // from 9 cm
    await person(90, 75, 120, 4); // never (25 cm)
    // 2 outfits at 4 cm, 5 at 6 cm, 7 at 9 cm: the first with at least 6 is 9 cm.
    const widened = await fits('');
    expect(widened).toMatchObject({ tolerance: 9, total: 7 });
    expect(idsOf(widened).sort()).toEqual([...close.ids, ...fair.ids, ...far.ids].sort());

    // Asked for a tolerance, the server keeps to it and says so.
    const asked = await fits('tolerance=4');
    expect(asked).toMatchObject({ tolerance: 4, total: 2 });
    expect(idsOf(asked).sort()).toEqual([...close.ids].sort());

    // Enough at the default: no widening.
    await person(88, 76, 93, 4); // from 2 cm
    expect(await fits('')).toMatchObject({ tolerance: 4, total: 6 });
  });

  it('pages at the tolerance it chose when the client passes it back', async () => {
    // Its own people, whichever test ran before: 7 outfits, the first 6 of them within the default.
    await person(91, 74, 96, 3);
    await person(89, 76, 94, 3);
    await person(99, 75, 95, 1);
    const first = await fits('limit=4');
    expect(first.next_cursor).not.toBeNull();
    const second = await fits(`limit=50&tolerance=${first.tolerance}&cursor=${first.next_cursor}`);
    expect(second.tolerance).toBe(first.tolerance);
    expect(idsOf(second)).toHaveLength(first.total - 4);
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(first.total);
  });
});

describe('private measurements cannot be found by probing', () => {
  it('gives the same answers whatever the private value, for every probe', async () => {
    const probeCtx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
    const ownCtx = ctx;
    ctx = probeCtx;
    try {
      const attacker = await createUser(ctx.app);
      // The secret, with more posts than 'enough', so that it would move the widening if it counted.
      const secret = await person(90, 75, 95, 8, false);
      await person(96, 80, 100, 1); // a public person 6 cm away
      await person(80, 66, 84, 2); // and one 11 cm away
      const probes = [
        [90, 75, 95],
        [89, 74, 96],
        [86, 71, 91],
        [100, 85, 105],
      ];
      const queries = ['', 'tolerance=1', 'tolerance=2', 'tolerance=4', 'tolerance=8', 'tolerance=15'];
      /** Every probe: the attacker's own measurements and a tolerance (or the widening), and the answer. */
      const probeAll = async (secretIsPrivate = true) => {
        const answers: string[] = [];
        for (const [chest, waist, hip] of probes) {
          await updateProfile(ctx.app, attacker, {
            chest_circumference: chest,
            waist_circumference: waist,
            hip_circumference: hip,
          });
          for (const query of queries) {
            const page = await fits(query, attacker);
            if (secretIsPrivate) for (const id of idsOf(page)) expect(secret.ids).not.toContain(id);
            answers.push(
              JSON.stringify({
                probe: [chest, waist, hip, query],
                ids: idsOf(page),
                total: page.total,
                tolerance: page.tolerance,
              }),
            );
          }
        }
        return answers;
      };
      const before = await probeAll();
      // Did any probe see something? (so that the comparison below means something)
      expect(before.some((answer) => !answer.includes('"ids":[]'))).toBe(true);
      // The secret person moves far away, then next to another probe: no answer changes.
      await updateProfile(ctx.app, secret.user, {
        chest_circumference: 130,
        waist_circumference: 110,
        hip_circumference: 140,
      });
      expect(await probeAll()).toEqual(before);
      await updateProfile(ctx.app, secret.user, {
        chest_circumference: 100,
        waist_circumference: 85,
        hip_circumference: 105,
      });
      expect(await probeAll()).toEqual(before);
      // Made public, the same probes do find them: the probes were able to tell.
      await updateProfile(ctx.app, secret.user, { measurements_public: true });
      const after = await probeAll(false);
      expect(after).not.toEqual(before);
      expect(after.some((answer) => secret.ids.some((id) => answer.includes(id)))).toBe(true);
    } finally {
      ctx = ownCtx;
      await probeCtx.close();
    }
  }, 120_000);
});
