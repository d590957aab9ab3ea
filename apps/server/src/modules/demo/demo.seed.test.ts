import { DEFAULT_BRANDS } from '@sys/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { DEMO_PROFILES } from './demo.data.ts';
import { DEMO_STEPS, seedDemo } from './demo.seed.ts';

interface ProfileRow {
  id: string;
  username: string;
  bio: string | null;
  avatar_url: string;
  measurements_public: boolean;
}

describe('demo content', () => {
  let ctx: TestApp;
  const profiles = () => ctx.app.database.query<ProfileRow>('select * from profiles order by username');
  const brands = () =>
    ctx.app.database.query<{ name: string; usage_count: number }>('select name, usage_count from brands');

  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('seeds the 5 sample creators with generated avatars into an empty database', async () => {
    const result = await seedDemo(ctx.app);
    expect(result.status).toBe('seeded');
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

  it('never seeds into a database that already has profiles', async () => {
    await ctx.app.database.query(`update profiles set bio = 'my own words' where username = 'noa.levi'`);
    const result = await seedDemo(ctx.app);
    expect(result).toEqual({ status: 'skipped', reason: 'the database already holds profiles' });
    expect((await profiles()).find((p) => p.username === 'noa.levi')?.bio).toBe('my own words');
  });

  it('rebuilds the demo on reset: own changes and extra rows are gone', async () => {
    await ctx.app.database.query(`insert into brands (name, usage_count) values ('Own Label', 1)`);
    const result = await seedDemo(ctx.app, { reset: true });
    expect(result.status).toBe('seeded');
    const rows = await profiles();
    expect(rows).toHaveLength(5);
    expect(rows.find((p) => p.username === 'noa.levi')?.bio).toBe(
      DEMO_PROFILES.find((p) => p.username === 'noa.levi')?.bio,
    );
    expect((await brands()).map((b) => b.name)).not.toContain('Own Label');
  });

  it('rolls back everything, files included, when a step fails', async () => {
    await seedDemo(ctx.app, { reset: true, steps: [] });
    expect(await profiles()).toHaveLength(0);
    const failing = [...DEMO_STEPS, { name: 'broken', seed: () => Promise.reject(new Error('step failed')) }];
    await expect(seedDemo(ctx.app, { steps: failing })).rejects.toThrow('step failed');
    expect(await profiles()).toHaveLength(0);
    const avatar = await ctx.app.inject({
      method: 'GET',
      url: `/media/avatars/${DEMO_PROFILES[0]!.id}/avatar.webp`,
    });
    expect(avatar.statusCode).toBe(404);
  });

  it('seeds once even when two servers start at the same time', async () => {
    await seedDemo(ctx.app, { reset: true, steps: [] });
    const results = await Promise.all([seedDemo(ctx.app), seedDemo(ctx.app)]);
    expect(results.map((r) => r.status).sort()).toEqual(['seeded', 'skipped']);
    expect(await profiles()).toHaveLength(5);
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
