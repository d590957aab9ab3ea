import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CURRENCIES, containsHebrew, DEFAULT_BRANDS, type PostPage } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorage } from '../modules/storage/storage.local.ts';
import { createTestApp, type TestApp } from '../test/context.ts';
import { DEMO_BRANDS, DEMO_PROFILES } from './demo.data.ts';
import { DEMO_POSTS } from './demo.posts.data.ts';
import { DEMO_STEPS, type SeedDemoResult, seedDemo } from './demo.seed.ts';
import { demoSeedDeps } from './demo.step.ts';

interface ProfileRow {
  id: string;
  username: string;
  bio: string | null;
  avatar_url: string;
  measurements_public: boolean;
}

const DAY = 24 * 3_600_000;

const profilesOf = (app: FastifyInstance) =>
  app.database.query<ProfileRow>('select * from profiles order by username');
const countIn = async (app: FastifyInstance, table: string) =>
  (await app.database.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n;
/** Every file under the store's post-media folder. */
const mediaFilesOf = async (app: FastifyInstance) => {
  const root = join((app.services.fileStore as LocalStorage).root, 'post-media');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
};

/*
 * The demo is seeded once for this block; every test leaves it seeded (a reset seeds it again), so that
 * each reads the whole demo whichever runs first.
 */
describe('demo content', () => {
  let ctx: TestApp;
  let first: SeedDemoResult;
  const profiles = () => profilesOf(ctx.app);
  const brands = () =>
    ctx.app.database.query<{ name: string; usage_count: number }>('select name, usage_count from brands');
  const count = (table: string) => countIn(ctx.app, table);
  const mediaFiles = () => mediaFilesOf(ctx.app);

  beforeAll(async () => {
    ctx = await createTestApp();
    first = await seedDemo(demoSeedDeps(ctx.app));
  }, 120_000);
  afterAll(() => ctx.close());

  it('seeds the 5 sample creators with generated avatars into an empty database', async () => {
    expect(first.status).toBe('seeded');
    const rows = await profiles();
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.username).sort()).toEqual(DEMO_PROFILES.map((p) => p.username).sort());
    // Some creators keep their measurements private, so both cases exist in the demo.
    expect(new Set(rows.map((r) => r.measurements_public))).toEqual(new Set([true, false]));

    for (const row of rows) {
      expect(row.avatar_url).toBe(`/media/avatars/${row.id}/avatar.webp`);
      const res = await ctx.app.inject({ method: 'GET', url: row.avatar_url });
      expect(res.statusCode).toBe(200);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
      const stats = await sharp(res.rawPayload).stats();
      // A portrait, not a flat grey box: the channels vary a good deal.
      expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(20);
    }
  });

  it('seeds the 5 sample brands and every default brand with usage counts', async () => {
    const rows = await brands();
    expect(rows).toHaveLength(5 + DEFAULT_BRANDS.length);
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining([...DEFAULT_BRANDS]));
    expect(rows.every((r) => r.usage_count > 0)).toBe(true);
  });

  it('seeds outfit posts with stored, processed pictures like real uploads', async () => {
    const posts = await ctx.app.database.query<{ id: string; profile_id: string; caption: string }>(
      'select id, profile_id, caption from posts',
    );
    expect(posts).toHaveLength(DEMO_POSTS.length);
    expect(posts.length).toBeGreaterThanOrEqual(18);
    // Every creator posted 3 to 5 outfits.
    for (const profile of DEMO_PROFILES) {
      const own = posts.filter((p) => p.profile_id === profile.id).length;
      expect(own, profile.username).toBeGreaterThanOrEqual(3);
      expect(own, profile.username).toBeLessThanOrEqual(5);
    }

    const media = await ctx.app.database.query<{
      post_id: string;
      profile_id: string;
      media_url: string;
      media_type: string;
      width: number;
      height: number;
      placeholder: string;
      variants: { width: number; url: string }[];
      owner_id: string | null;
      bucket: string | null;
    }>(
      `select m.post_id, p.profile_id, m.media_url, m.media_type, m.width, m.height, m.placeholder, m.variants,
              o.owner_id, o.bucket
         from post_media m
         join posts p on p.id = m.post_id
         left join storage_objects o on '/media/' || o.path = m.media_url`,
    );
    for (const post of posts) {
      const own = media.filter((m) => m.post_id === post.id).length;
      expect(own).toBeGreaterThanOrEqual(1);
      expect(own).toBeLessThanOrEqual(3);
    }
    for (const m of media) {
      // Recorded as the author's own upload, with what an upload learns about an image.
      expect(m).toMatchObject({ media_type: 'image', width: 1080, height: 1350, bucket: 'post-media' });
      expect(m.owner_id).toBe(m.profile_id);
      expect(m.media_url.startsWith(`/media/post-media/${m.profile_id}/`)).toBe(true);
      expect(m.placeholder).toMatch(/^[A-Za-z0-9+/]{20,40}={0,2}$/);
      expect(m.variants.map((v) => v.width)).toEqual([320, 640]);
    }
    // Every file is there: the picture and its variants, and each product picture and its one variant.
    expect(await mediaFiles()).toHaveLength(media.length * 3 + (await count('post_items'))! * 2);

    const first = media[0]!;
    const picture = await ctx.app.inject({ method: 'GET', url: first.media_url });
    expect(picture.statusCode).toBe(200);
    const stats = await sharp(picture.rawPayload).stats();
    expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(20);
    const variant = await ctx.app.inject({ method: 'GET', url: first.variants[1]!.url });
    expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 640 });
  });

  it('tags items across brands, sizes, colours, patterns and all three currencies', async () => {
    const items = await ctx.app.database.query<{
      post_id: string;
      brand: string;
      link: string;
      currency: string;
      price: string | null;
      size: string | null;
      color: string | null;
      pattern: string | null;
      item_type: string | null;
    }>('select * from post_items');
    const perPost = new Map<string, number>();
    for (const item of items) perPost.set(item.post_id, (perPost.get(item.post_id) ?? 0) + 1);
    expect(perPost.size).toBe(DEMO_POSTS.length);
    expect(Math.min(...perPost.values())).toBeGreaterThanOrEqual(2);

    expect(new Set(items.map((i) => i.currency))).toEqual(new Set(CURRENCIES));
    expect(items.every((i) => i.link.startsWith('https://'))).toBe(true);
    const known = new Set(DEMO_BRANDS.map((b) => b.name));
    expect(items.every((i) => known.has(i.brand as never))).toBe(true);
    for (const field of ['brand', 'size', 'color', 'pattern', 'item_type'] as const) {
      expect(new Set(items.map((i) => i[field])).size, field).toBeGreaterThanOrEqual(8);
    }

    // Each post counted its brands once.
    const zaraPosts = new Set(items.filter((i) => i.brand === 'Zara').map((i) => i.post_id)).size;
    const zara = (await brands()).find((b) => b.name === 'Zara');
    expect(zara?.usage_count).toBe(DEMO_BRANDS.find((b) => b.name === 'Zara')!.usage_count + zaraPosts);
    expect(await brands()).toHaveLength(DEMO_BRANDS.length);
  });

  it('gives every tagged product a picture of its own, drawn in its colour and owned by the author', async () => {
    const items = await ctx.app.database.query<{
      image_url: string | null;
      color: string | null;
      profile_id: string;
      owner_id: string | null;
      bucket: string | null;
      kind: string | null;
      placeholder: string | null;
    }>(
      `select i.image_url, i.color, p.profile_id, o.owner_id, o.bucket, o.kind, o.placeholder
         from post_items i
         join posts p on p.id = i.post_id
         left join storage_objects o on '/media/' || o.path = i.image_url`,
    );
    expect(items).toHaveLength(DEMO_POSTS.flatMap((post) => post.items).length);
    for (const item of items) {
      expect(item.image_url).toMatch(new RegExp(`^/media/post-media/${item.profile_id}/`));
      expect(item).toMatchObject({ owner_id: item.profile_id, bucket: 'post-media', kind: 'image' });
      expect(item.placeholder).toMatch(/^[A-Za-z0-9+/]{20,40}={0,2}$/);
    }
    // The picture shows the product's colour: a black product's picture has dark pixels.
    const darkShare = async (url: string) => {
      const picture = await ctx.app.inject({ url });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/jpeg');
      const { data } = await sharp(picture.rawPayload)
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return data.filter((value) => value < 60).length / data.length;
    };
    const byColor = (color: string) => items.filter((item) => item.color === color);
    expect(byColor('Black').length).toBeGreaterThan(0);
    for (const item of byColor('Black')) expect(await darkShare(item.image_url!)).toBeGreaterThan(0.02);
    const post = (await ctx.app.inject({ url: '/api/v1/posts?limit=50' })).json<PostPage>().items[0]!;
    expect(post.items.every((item) => item.image_url?.startsWith('/media/post-media/'))).toBe(true);
  });

  it('spreads the posts over three weeks, with captions, styles, likes, comments and recent item clicks', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/posts?limit=50' });
    expect(res.statusCode).toBe(200);
    const feed = res.json<PostPage>().items;
    expect(feed).toHaveLength(DEMO_POSTS.length);
    const times = feed.map((p) => Date.parse(p.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]! - times.at(-1)!).toBeGreaterThan(14 * DAY);
    expect(Date.now() - times.at(-1)!).toBeLessThan(22 * DAY);

    expect(feed.some((p) => containsHebrew(p.caption))).toBe(true);
    expect(feed.every((p) => /#\p{L}/u.test(p.caption))).toBe(true);
    expect(feed.some((p) => p.media.length > 1)).toBe(true);
    expect(feed.every((p) => p.author.username && p.items.length >= 2)).toBe(true);
    expect(feed.filter((p) => p.like_count > 0).length).toBeGreaterThan(DEMO_POSTS.length / 2);
    expect(feed.some((p) => p.comment_count > 1)).toBe(true);

    const [replies] = await ctx.app.database.query<{ n: number }>(
      'select count(*)::int as n from comments where parent_id is not null',
    );
    expect(replies?.n).toBeGreaterThan(0);
    const [reactions] = await ctx.app.database.query<{ bad: number }>(
      `select count(*)::int as bad from post_likes l join posts p on p.id = l.post_id
        where l.profile_id = p.profile_id or l.created_at < p.created_at or l.created_at > now()`,
    );
    expect(reactions?.bad).toBe(0);
    const clicks = await ctx.app.database.query<{ created_at: Date }>('select created_at from item_clicks');
    expect(clicks.length).toBeGreaterThan(0);
    expect(clicks.every((c) => Date.now() - new Date(c.created_at).getTime() < 7 * DAY)).toBe(true);
  });

  it('never seeds into a database that already has profiles', async () => {
    await ctx.app.database.query(`update profiles set bio = 'my own words' where username = 'noa.levi'`);
    const result = await seedDemo(demoSeedDeps(ctx.app));
    expect(result).toEqual({ status: 'skipped', reason: 'the database already holds profiles' });
    expect((await profiles()).find((p) => p.username === 'noa.levi')?.bio).toBe('my own words');
    // Nothing was added twice.
    expect(await count('posts')).toBe(DEMO_POSTS.length);
    expect(await count('storage_objects')).toBe((await count('post_media'))! + (await count('post_items'))!);
    expect(await mediaFiles()).toHaveLength(
      (await count('post_media'))! * 3 + (await count('post_items'))! * 2,
    );
  });

  it('rebuilds the demo on reset: own changes and extra rows are gone', async () => {
    await ctx.app.database.query(`insert into brands (name, usage_count) values ('Own Label', 1)`);
    const result = await seedDemo(demoSeedDeps(ctx.app), { reset: true });
    expect(result.status).toBe('seeded');
    const rows = await profiles();
    expect(rows).toHaveLength(5);
    expect(rows.find((p) => p.username === 'noa.levi')?.bio).toBe(
      DEMO_PROFILES.find((p) => p.username === 'noa.levi')?.bio,
    );
    expect((await brands()).map((b) => b.name)).not.toContain('Own Label');
    // The demo posts are rebuilt, not added to; the old pictures are gone with them.
    expect(await count('posts')).toBe(DEMO_POSTS.length);
    expect(await count('storage_objects')).toBe((await count('post_media'))! + (await count('post_items'))!);
    expect(await mediaFiles()).toHaveLength(
      (await count('post_media'))! * 3 + (await count('post_items'))! * 2,
    );
  });

  it('seeds once even when two servers start at the same time', async () => {
    // Empties the demo, its files included (a reset with no steps would leave their files behind,
    // which the other tests would count), and seeds nothing.
    const emptying = DEMO_STEPS.map((step) => ({ ...step, seed: async () => 'nothing' }));
    await seedDemo(demoSeedDeps(ctx.app), { reset: true, steps: emptying });
    expect(await profiles()).toHaveLength(0);
    expect(await mediaFiles()).toEqual([]);
    const results = await Promise.all([seedDemo(demoSeedDeps(ctx.app)), seedDemo(demoSeedDeps(ctx.app))]);
    expect(results.map((r) => r.status).sort()).toEqual(['seeded', 'skipped']);
    expect(await profiles()).toHaveLength(5);
    expect(await count('posts')).toBe(DEMO_POSTS.length);
  });
});

/* A failed seed leaves its database empty: on a database of its own, so that the demo above stays whole. */
describe('a demo seed that fails', () => {
  let ctx: TestApp;

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('rolls back everything, files included, when a step fails', async () => {
    expect(await profilesOf(ctx.app)).toHaveLength(0);
    const filesBefore = await mediaFilesOf(ctx.app);
    const failing = [...DEMO_STEPS, { name: 'broken', seed: () => Promise.reject(new Error('step failed')) }];
    await expect(seedDemo(demoSeedDeps(ctx.app), { steps: failing })).rejects.toThrow('step failed');
    expect(await profilesOf(ctx.app)).toHaveLength(0);
    const avatar = await ctx.app.inject({
      method: 'GET',
      url: `/media/avatars/${DEMO_PROFILES[0]!.id}/avatar.webp`,
    });
    expect(avatar.statusCode).toBe(404);
    expect(await countIn(ctx.app, 'posts')).toBe(0);
    expect(await mediaFilesOf(ctx.app)).toEqual(filesBefore);
  });
});

describe('demo data', () => {
  it('has unique ids and usernames and plausible measurements', () => {
    expect(new Set(DEMO_PROFILES.map((p) => p.id)).size).toBe(5);
    expect(new Set(DEMO_PROFILES.map((p) => p.username.toLowerCase())).size).toBe(5);
    for (const p of DEMO_PROFILES) {
      expect(p.waist_circumference).toBeLessThan(p.hip_circumference);
      expect(p.chest_circumference).toBeGreaterThan(60);
      expect(p.chest_circumference).toBeLessThan(150);
    }
  });
});
