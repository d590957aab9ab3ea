import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths.ts';
import { type FolderLock, FolderLockedError, lockFolder } from './folder-lock.ts';
import { type ListenOptions, type NotificationHandler, PgListener } from './pg-listener.ts';
import { finishInterruptedRestore } from './pglite-swap.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbEngine = 'pglite' | 'postgres';
export type { ListenOptions, NotificationHandler };

export interface Database {
  db: Db;
  engine: DbEngine;
  /** Runs a raw SQL text (no parameters); used by migrations checks, LISTEN/NOTIFY and tests. */
  exec(sql: string): Promise<void>;
  /** Raw query with positional parameters, returning rows. Repositories prefer `db`. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Calls `onPayload` with every NOTIFY on `channel`, from any session of this database (so from every
   * server instance); resolves to the function that stops listening. Postgres delivers a notification
   * only once its transaction commits.
   */
  listen(
    channel: string,
    onPayload: NotificationHandler,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>;
  /** pg_notify(channel, payload); the payload must stay under Postgres' 8000-byte limit. */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Runs `work` while holding the database-wide advisory lock `name` (waiting for it if another session,
   * e.g. another server instance, holds it). PGlite has one session, so it just runs `work`.
   */
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;
  /**
   * PGlite only: runs SQL for a library on the app's one instance (the job queue, lib/job-queue.ts):
   * with values as one parameterised statement, without as a script of several, rows of all flattened.
   * On PostgreSQL such libraries open connections of their own.
   */
  executeSql?(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * PGlite in memory only: the whole database as one tarball, to start other in-memory databases from
   * (`DatabaseOptions.pgliteSnapshot`). The tests start each fresh database from one migrated snapshot.
   */
  snapshot?(): Promise<Blob>;
  close(): Promise<void>;
}

export class DatabaseError extends Error {
  override name = 'DatabaseError';
}

/** The processes of SYS that open the database: named in the PGlite folder's lock and in PostgreSQL's sessions. */
export type DatabaseUser = 'server' | 'backup' | 'restore' | 'admin' | 'seed';

/** How a process of SYS introduces itself to PostgreSQL (pg_stat_activity.application_name): `sys-server`... */
export const APPLICATION_NAME_PREFIX = 'sys-';

export interface DatabaseOptions {
  /** PostgreSQL connection string. When absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; `null` means in memory. */
  pgliteDir?: string | null;
  /**
   * In memory only: start from this snapshot (`Database.snapshot()`) instead of an empty database.
   * Creating an empty one runs initdb inside WebAssembly, several seconds; unpacking a snapshot does not.
   */
  pgliteSnapshot?: Blob | undefined;
  /** How long to wait for PostgreSQL before giving up. */
  connectTimeoutMs?: number;
  /** Which process opens it (default `server`). */
  openedBy?: DatabaseUser;
  /**
   * The caller holds the lock that covers `pgliteDir` already: `npm run restore` builds the new database
   * in a folder beside DATA_DIR/pg while it holds DATA_DIR/pg's lock.
   */
  pgliteLockHeld?: boolean;
}

function holderName(user: DatabaseUser): string {
  return user === 'server' ? 'the SYS server' : `npm run ${user}`;
}

/**
 * Takes the lock of a PGlite folder (see folder-lock.ts) for `user`, or refuses with a message naming the
 * process that has the folder open. Then finishes what a stopped restore left beside the folder.
 */
export async function lockPgliteDir(pgliteDir: string, user: DatabaseUser): Promise<FolderLock> {
  let lock: FolderLock;
  try {
    lock = lockFolder(pgliteDir, holderName(user));
  } catch (error) {
    if (!(error instanceof FolderLockedError)) throw error;
    const holder = error.owner?.holder;
    const advice =
      holder === holderName('server') ? `stop ${holder} first` : `wait for ${holder ?? 'it'} to finish`;
    throw new DatabaseError(
      `The embedded database ${pgliteDir} is in use by ${error.holderDescription}. PGlite is one process: ${advice}, then try again.`,
    );
  }
  try {
    await finishInterruptedRestore(pgliteDir);
  } catch (error) {
    lock.release();
    throw error;
  }
  return lock;
}

function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const applicationName = `${APPLICATION_NAME_PREFIX}${options.openedBy ?? 'server'}`;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
      max: 20,
      application_name: applicationName,
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', () => {});
    try {
      await pool.query('select 1');
    } catch (error) {
      await pool.end().catch(() => {});
      const reason = error instanceof Error ? error.message : String(error);
      throw new DatabaseError(
        `Could not connect to PostgreSQL at ${describeUrl(options.databaseUrl)} (DATABASE_URL): ${reason}`,
      );
    }
    const listener = new PgListener(options.databaseUrl, options.connectTimeoutMs ?? 5000, applicationName);
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      engine: 'postgres',
      exec: async (sql) => {
        await pool.query(sql);
      },
      query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows,
      listen: (channel, onPayload, listenOptions) => listener.listen(channel, onPayload, listenOptions),
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      withLock: async (name, work) => {
        // A session lock belongs to one connection: hold this one until the work is done.
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
        } catch (error) {
          client.release(true);
          throw error;
        }
        try {
          return await work();
        } finally {
          // Ending the session (release(true)) would also free the lock if unlocking fails.
          await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]).then(
            () => client.release(),
            () => client.release(true),
          );
        }
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  let lock: FolderLock | null = null;
  // pg_trgm: search's spelling correction and the category page's "tag contains" (PostgreSQL ships it too).
  const extensions = { pg_trgm };
  if (options.pgliteDir) {
    if (!options.pgliteLockHeld) lock = await lockPgliteDir(options.pgliteDir, options.openedBy ?? 'server');
    try {
      mkdirSync(options.pgliteDir, { recursive: true });
      client = await PGlite.create(options.pgliteDir, { extensions });
    } catch (error) {
      lock?.release();
      throw error;
    }
  } else {
    client = await PGlite.create({
      extensions,
      ...(options.pgliteSnapshot ? { loadDataDir: options.pgliteSnapshot } : {}),
    });
  }
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    engine: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    // One in-process session: nothing to reconnect, so `onReconnect` is never called.
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    withLock: (_name, work) => work(),
    executeSql: async (text, values) => {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      return { rows: (await client.exec(text)).flatMap((result) => result.rows) };
    },
    ...(options.pgliteDir ? {} : { snapshot: () => client.dumpDataDir('none') }),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function readJournal(): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

export interface MigrationState {
  /** Tag of the newest migration applied to this database, e.g. `0000_init`. */
  applied: string | null;
  count: number;
}

async function appliedMigrationTimes(database: Database): Promise<number[]> {
  const exists = await database.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists[0]?.present) return [];
  const rows = await database.query<{ created_at: string | number }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at',
  );
  return rows.map((r) => Number(r.created_at));
}

/** The advisory lock that lets only one server instance at a time migrate a shared database. */
export const MIGRATION_LOCK = 'sys:migrations';

/**
 * Applies the committed migrations. A database that already holds a migration this build does not
 * know was written by a newer version of SYS: it is refused, never silently altered. Instances that
 * start together take turns (MIGRATION_LOCK): the first applies, the others find nothing left to do.
 */
export function migrateDatabase(database: Database): Promise<MigrationState> {
  return database.withLock(MIGRATION_LOCK, () => applyMigrations(database));
}

async function applyMigrations(database: Database): Promise<MigrationState> {
  const journal = readJournal();
  const known = new Set(journal.map((e) => e.when));
  const applied = await appliedMigrationTimes(database);
  const unknown = applied.filter((when) => !known.has(when));
  if (unknown.length > 0) {
    throw new DatabaseError(
      `The database was migrated by a newer version of SYS (${unknown.length} migration(s) this version does not know). ` +
        'Refusing to start so that the data is not altered; run the newer version or restore a backup.',
    );
  }
  if (database.engine === 'postgres') {
    await migratePg(database.db as never, { migrationsFolder: migrationsDir });
  } else {
    await migratePglite(database.db as never, { migrationsFolder: migrationsDir });
  }
  return getMigrationState(database);
}

/**
 * Applies every committed migration to an empty database inside the caller's transaction, so that
 * `npm run restore` creates and loads the tables in one transaction (drizzle's migrator, which would open
 * a transaction of its own, runs the same statements and keeps the same bookkeeping).
 */
export async function migrateEmptyDatabaseIn(tx: Db): Promise<void> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of readMigrationFiles({ migrationsFolder: migrationsDir })) {
    for (const statement of migration.sql) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}

export async function getMigrationState(database: Database): Promise<MigrationState> {
  const journal = readJournal();
  const applied = await appliedMigrationTimes(database);
  const last = applied.at(-1);
  const entry = journal.find((e) => e.when === last);
  return { applied: entry?.tag ?? null, count: applied.length };
}

export function pgliteDirFor(dataDir: string | null): string | null {
  return dataDir ? join(dataDir, 'pg') : null;
}
