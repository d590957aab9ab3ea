import type { CreatorPage } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makePostPrivate, seedPost, updateProfile } from '../../test/discovery.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
});
afterAll(() => ctx.close());

async function creatorNames(viewer: TestUser, path = '/explore/creators?limit=50'): Promise<string[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: viewer.headers });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as CreatorPage).items.map((creator) => creator.username ?? '');
}

describe('Top Creators', () => {
  it('leaves out accounts without a public post, however followed, in the list and the hub', async () => {
    const [quiet, poster, fan1, fan2] = await Promise.all([1, 2, 3, 4].map(() => createUser(ctx.app)));
    const named: [TestUser, string][] = [
      [quiet as TestUser, 'quiet_one'],
      [poster as TestUser, 'poster'],
      [fan1 as TestUser, 'fan_one'],
      [fan2 as TestUser, 'fan_two'],
    ];
    for (const [user, username] of named) await updateProfile(ctx.app, user, { username });
    for (const fan of [fan1, fan2, poster] as TestUser[]) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/follows/${(quiet as TestUser).id}`,
        headers: fan.headers,
      });
      expect(res.statusCode).toBe(200);
    }
    await seedPost(ctx.app, poster as TestUser, { caption: 'A look' });
    const viewer = fan1 as TestUser;

    expect(await creatorNames(viewer)).toEqual(['poster']);
    const hub = await ctx.app.inject({ method: 'GET', url: '/api/v1/explore', headers: viewer.headers });
    expect(hub.json().creators.map((creator: { username: string }) => creator.username)).toEqual(['poster']);

    // A private post does not make a creator; a public one does, at the top (three followers).
    await makePostPrivate(ctx.app, await seedPost(ctx.app, quiet as TestUser, { caption: 'Only mine' }));
    expect(await creatorNames(viewer)).toEqual(['poster']);
    await seedPost(ctx.app, quiet as TestUser, { caption: 'For everyone' });
    expect(await creatorNames(viewer)).toEqual(['quiet_one', 'poster']);
    // Paging keeps the rule: the second page holds the rest.
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/explore/creators?limit=1',
      headers: viewer.headers,
    });
    const { next_cursor: cursor } = first.json() as CreatorPage;
    expect(await creatorNames(viewer, `/explore/creators?limit=10&cursor=${cursor}`)).toEqual(['poster']);
  });
});
