import {
  type AlbumPage,
  type ConversationPage,
  DISCOVERY_LIMITS,
  type FitsPage,
  type ProfileStats,
  type WishlistSummary,
} from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail } from '../../seed/demo.accounts.ts';
import { DEMO_PROFILES } from '../../seed/demo.data.ts';
import { seedDemo } from '../../seed/demo.seed.ts';
import { demoSeedDeps } from '../../seed/demo.step.ts';
import { createTestApp, type TestApp } from '../../test/context.ts';

/** The people of the demo (demo.people.ts) as the API shows them: every people screen has content. */
describe('demo people', () => {
  let ctx: TestApp;
  let noa: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestApp();
    const result = await seedDemo(demoSeedDeps(ctx.app));
    expect(result.status).toBe('seeded');
    const session = await ctx.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { 'x-supabase-api-version': '2024-01-01' },
      payload: { email: demoEmail('noa.levi'), password: DEMO_PASSWORD },
    });
    expect(session.statusCode).toBe(200);
    noa = { authorization: `Bearer ${session.json().access_token}` };
  }, 180_000);
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

  it('has follows on every profile', async () => {
    for (const username of ['noa.levi', 'maya.curves', 'dan.street', 'amara.okafor', 'sofia.marquez']) {
      const stats = (await get(`/profiles/${username}/stats`)).json() as ProfileStats;
      expect(stats.posts_count, username).toBeGreaterThan(0);
      expect(stats.followers_count, username).toBeGreaterThan(0);
      expect(stats.following_count, username).toBeGreaterThan(0);
    }
  });

  it("gives every demo account 'Fits like me' results at the default tolerance, only public ones", async () => {
    const { fitsToleranceDefaultCm } = DISCOVERY_LIMITS;
    for (const profile of DEMO_PROFILES) {
      const session = await ctx.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: { 'x-supabase-api-version': '2024-01-01' },
        payload: { email: demoEmail(profile.username), password: DEMO_PASSWORD },
      });
      const headers = { authorization: `Bearer ${session.json().access_token}` };
      const asked = (
        await get(`/posts/fits-like-me?tolerance=${fitsToleranceDefaultCm}`, headers)
      ).json() as FitsPage;
      expect(asked.total, profile.username).toBeGreaterThan(0);
      const authors = new Set(asked.items.map((post) => post.author.username));
      for (const author of authors) {
        expect(
          DEMO_PROFILES.find((p) => p.username === author)?.measurements_public,
          author ?? undefined,
        ).toBe(true);
      }
      expect(authors).not.toContain(profile.username);
      // Without a tolerance asked for, it starts where there are results and says which.
      const chosen = (await get('/posts/fits-like-me', headers)).json() as FitsPage;
      expect(chosen.tolerance, profile.username).toBeGreaterThanOrEqual(fitsToleranceDefaultCm);
      expect(chosen.total, profile.username).toBeGreaterThanOrEqual(asked.total);
    }
  });

  it('has public albums with covers for Explore, and a private one only its owner sees', async () => {
    const explore = (await get('/albums')).json() as AlbumPage;
    expect(explore.items.length).toBeGreaterThanOrEqual(3);
    for (const album of explore.items) {
      expect(album.is_public).toBe(true);
      expect(album.images.length).toBeGreaterThan(0);
    }
    const visitors = (await get('/profiles/noa.levi/albums')).json() as AlbumPage;
    const own = (await get('/profiles/noa.levi/albums', noa)).json() as AlbumPage;
    expect(own.items.length).toBe(visitors.items.length + 1);
  });

  it("fills Noa's wishlist and messages", async () => {
    const wishlist = (await get('/me/wishlist', noa)).json() as WishlistSummary;
    expect(wishlist.counts.posts).toBeGreaterThan(0);
    expect(wishlist.counts.products).toBeGreaterThan(0);
    expect(wishlist.counts.albums).toBeGreaterThan(0);
    const conversations = (await get('/conversations', noa)).json() as ConversationPage;
    expect(conversations.items.length).toBe(2);
    expect((await get('/me/unread-count', noa)).json().unread_count).toBe(2);
  });
});
