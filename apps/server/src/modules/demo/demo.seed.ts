import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db } from '../../db/client.ts';
import { upsertBrands } from '../brands/brands.repository.ts';
import { countProfiles, insertProfiles } from '../profiles/profiles.repository.ts';
import type { Storage } from '../storage/storage.types.ts';
import { accountsStep } from './demo.accounts.ts';
import { renderAvatar } from './demo.art.ts';
import { DEMO_BRANDS, DEMO_PROFILES, DEMO_SAMPLE_BRANDS } from './demo.data.ts';
import { peopleStep } from './demo.people.ts';
import { postsStep } from './demo.posts.ts';
import { listPublicTables, lockDemoSeed, truncateTables } from './demo.repository.ts';

/** What seeding needs; the Fastify app itself has all three (`seedDemo(app)`). */
export interface DemoSeedDeps {
  database: Database;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** What a step works with: a transaction, the file store and the log. */
export interface DemoContext {
  db: Db;
  storage: Storage;
  log: DemoSeedDeps['log'];
}

/**
 * One named part of the demo. Later issues add steps (posts, follows, albums...) to `DEMO_STEPS`
 * in dependency order; a step may rely on everything seeded before it.
 */
export interface DemoStep {
  name: string;
  /** Storage folders this step fills; a reset removes them before seeding again. */
  mediaPaths?: readonly string[];
  /**
   * Empties data this step owns outside the `public` schema (the auth module's `auth` tables, for
   * example). The `public` tables are truncated for every reset anyway.
   */
  reset?(ctx: DemoContext): Promise<void>;
  /** Seeds the step's data and returns a one-line summary for logs and the seed command. */
  seed(ctx: DemoContext): Promise<string>;
}

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
