import { upsertBrands } from '../modules/brands/brands.repository.ts';
import { countProfiles, insertProfiles } from '../modules/profiles/profiles.repository.ts';
import type { Storage } from '../modules/storage/storage.types.ts';
import { accountsStep } from './demo.accounts.ts';
import { renderAvatar } from './demo.art.ts';
import { DEMO_BRANDS, DEMO_PROFILES, DEMO_SAMPLE_BRANDS } from './demo.data.ts';
import { peopleStep } from './demo.people.ts';
import { postsStep } from './demo.posts.ts';
import { listPublicTables, lockDemoSeed, truncateTables } from './demo.repository.ts';
import type { DemoContext, DemoSeedDeps, DemoStep } from './demo.step.ts';

const avatarPath = (profileId: string) => `avatars/${profileId}/avatar.webp`;

const profilesStep: DemoStep = {
  name: 'profiles',
  mediaPaths: DEMO_PROFILES.map((p) => `avatars/${p.id}`),
  async seed({ db, storage }) {
    const rows = await Promise.all(
      DEMO_PROFILES.map(async ({ avatar, ...profile }) => {
        const stored = await storage.put(avatarPath(profile.id), await renderAvatar(avatar), 'image/webp');
        return { ...profile, avatar_url: stored.url };
      }),
    );
    await insertProfiles(db, rows);
    return `${rows.length} creators with generated avatars (${rows.map((r) => `@${r.username}`).join(', ')})`;
  },
};

const brandsStep: DemoStep = {
  name: 'brands',
  async seed({ db }) {
    await upsertBrands(db, [...DEMO_BRANDS]);
    return `${DEMO_BRANDS.length} brands (${DEMO_SAMPLE_BRANDS.length} sample brands and the default list)`;
  },
};

export const DEMO_STEPS: readonly DemoStep[] = [
  accountsStep,
  profilesStep,
  brandsStep,
  postsStep,
  peopleStep,
];

export interface SeedDemoOptions {
  /** Empty the application tables and the seeded media first, then seed again. */
  reset?: boolean;
  /** The steps to run; tests pass their own list. */
  steps?: readonly DemoStep[];
}

export type SeedDemoResult =
  | { status: 'seeded'; reset: boolean; steps: { name: string; summary: string }[] }
  | { status: 'skipped'; reason: string };

/** Wraps the store so that the files of a failed seed can be removed again. */
function trackingStorage(storage: Storage, written: string[]): Storage {
  return {
    driver: storage.driver,
    url: (path) => storage.url(path),
    remove: (path) => storage.remove(path),
    put: async (path, body, contentType) => {
      const stored = await storage.put(path, body, contentType);
      written.push(path);
      return stored;
    },
  };
}

/**
 * Seeds the demo community into an empty database: never into one that already holds profiles,
 * unless `reset` is asked for. All rows are written in one transaction, so a failed seed leaves the
 * database as it was; several servers starting at once on one PostgreSQL seed it exactly once.
 */
export async function seedDemo(deps: DemoSeedDeps, options: SeedDemoOptions = {}): Promise<SeedDemoResult> {
  const steps = options.steps ?? DEMO_STEPS;
  const reset = options.reset ?? false;
  const written: string[] = [];
  const storage = trackingStorage(deps.storage, written);

  if (reset) {
    for (const step of steps) for (const path of step.mediaPaths ?? []) await deps.storage.remove(path);
  }

  try {
    return await deps.database.db.transaction(async (tx): Promise<SeedDemoResult> => {
      const ctx: DemoContext = { db: tx, storage, log: deps.log };
      await lockDemoSeed(tx);
      if (reset) {
        for (const step of [...steps].reverse()) await step.reset?.(ctx);
        await truncateTables(tx, 'public', await listPublicTables(tx));
      } else if ((await countProfiles(tx)) > 0) {
        return { status: 'skipped', reason: 'the database already holds profiles' };
      }
      const done: { name: string; summary: string }[] = [];
      for (const step of steps) {
        const started = performance.now();
        const summary = await step.seed(ctx);
        deps.log.info({ step: step.name, ms: Math.round(performance.now() - started) }, `demo: ${summary}`);
        done.push({ name: step.name, summary });
      }
      return { status: 'seeded', reset, steps: done };
    });
  } catch (error) {
    // The rows were rolled back; remove the files written for them too.
    await Promise.all(written.map((path) => deps.storage.remove(path).catch(() => {})));
    throw error;
  }
}
