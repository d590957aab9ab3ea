import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database, Db } from '../db/client.ts';
import type { Storage } from '../modules/storage/storage.types.ts';

/** What seeding needs: a built app has all three (its database, `app.services.fileStore`, its log). */
export interface DemoSeedDeps {
  database: Database;
  storage: Storage;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** What `seedDemo` needs, from a built app: its database, the file store under its services, its log. */
export function demoSeedDeps(app: FastifyInstance): DemoSeedDeps {
  return { database: app.database, storage: app.services.fileStore, log: app.log };
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
