import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app.ts';
import type { AppConfigInput } from '../config.ts';
import { type Database, type DbEngine, migrateDatabase, openDatabase } from '../db/client.ts';

/**
 * Test helpers shared by every server test. API tests run on in-memory PGlite; when
 * `TEST_DATABASE_URL` is set they run on PostgreSQL instead, each caller getting a fresh database
 * that is dropped again at the end, so test files never see each other's rows.
 *
 *   const ctx = await createTestApp();
 *   afterAll(() => ctx.close());
 *   const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
 */

/** The PostgreSQL server to create test databases on (any database of it; usually `postgres`). */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || undefined;
export const testEngine: DbEngine = testDatabaseUrl ? 'postgres' : 'pglite';

export interface TestDatabaseUrl {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function withAdminClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  if (!testDatabaseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty PostgreSQL database named `sys_test_<random>` on the TEST_DATABASE_URL server and
 * returns its connection string. `drop()` removes it, even with connections still open.
 */
export async function createPostgresTestDatabase(): Promise<TestDatabaseUrl> {
  const name = `sys_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`create database "${name}"`));
  const url = new URL(testDatabaseUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`)).then(
        () => {},
      ),
  };
}

export interface TestDatabase {
  database: Database;
  /** Set on PostgreSQL: the fresh database's connection string. */
  url?: string;
  close(): Promise<void>;
}

/**
 * A new in-memory PGlite runs initdb inside WebAssembly, which is most of the time a test app takes to
 * start (seconds on a loaded machine). Each test process makes two snapshots once - an empty database
 * and a migrated one - and starts every fresh in-memory database from one of them. Test files of a
 * worker share the module (vitest `isolate: false`), so they share the snapshots too.
 */
const snapshots = new Map<'empty' | 'migrated', Promise<Blob>>();

async function takeSnapshot(kind: 'empty' | 'migrated'): Promise<Blob> {
  const database = await openDatabase({ pgliteDir: null });
  try {
    if (kind === 'migrated') await migrateDatabase(database);
    return await database.snapshot!();
  } finally {
    await database.close();
  }
}

/** The snapshot of an empty or a migrated in-memory database (made on first use). */
export function pgliteSnapshot(kind: 'empty' | 'migrated'): Promise<Blob> {
  let snapshot = snapshots.get(kind);
  if (!snapshot) {
    snapshot = takeSnapshot(kind);
    snapshots.set(kind, snapshot);
  }
  return snapshot;
}

/** An empty, unmigrated database on the test engine, for tests below the app (migrations, repositories). */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (!testDatabaseUrl) {
    const database = await openDatabase({ pgliteDir: null, pgliteSnapshot: await pgliteSnapshot('empty') });
    return { database, close: () => database.close() };
  }
  const created = await createPostgresTestDatabase();
  try {
    const database = await openDatabase({ databaseUrl: created.url });
    return {
      database,
      url: created.url,
      close: async () => {
        try {
          await database.close();
        } finally {
          await created.drop();
        }
      },
    };
  } catch (error) {
    await created.drop();
    throw error;
  }
}

export interface TestApp {
  app: FastifyInstance;
  engine: DbEngine;
  /** Closes the app (and its database) and drops the PostgreSQL test database. */
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database of the test engine: no data directory (media go to a
 * temporary folder removed on close), no web app, no demo content, no logs. `overrides` change any
 * config field, e.g. `{ webDist: folder }` or `{ seedDemo: true }`.
 */
export async function createTestApp(
  overrides: Partial<AppConfigInput> = {},
  options: BuildAppOptions = {},
): Promise<TestApp> {
  // Videos are kept as sent unless a test turns transcoding on (posts.video-jobs.test.ts).
  const base: AppConfigInput = {
    dataDir: null,
    webDist: null,
    seedDemo: false,
    logLevel: 'silent',
    videoTranscode: false,
  };
  if (!testDatabaseUrl) {
    const inMemory = !overrides.dataDir && !options.database;
    const app = await buildApp(
      { ...base, ...overrides },
      {
        logger: false,
        ...(inMemory ? { pgliteSnapshot: await pgliteSnapshot('migrated') } : {}),
        ...options,
      },
    );
    return { app, engine: 'pglite', close: () => app.close() };
  }
  const created = await createPostgresTestDatabase();
  try {
    const app = await buildApp(
      { ...base, databaseUrl: created.url, ...overrides },
      { logger: false, ...options },
    );
    return {
      app,
      engine: 'postgres',
      close: async () => {
        try {
          await app.close();
        } finally {
          await created.drop();
        }
      },
    };
  } catch (error) {
    await created.drop();
    throw error;
  }
}

export interface TestApps {
  /** Apps on one database, like server instances of one deployment (same signing key). */
  apps: FastifyInstance[];
  engine: DbEngine;
  close(): Promise<void>;
}

/**
 * Several apps on one fresh database of the test engine, sharing a JWT signing key: the instances of a
 * cluster, in one process. On PostgreSQL each app has its own connection pool, LISTEN connection and
 * locks, as separate processes would; on PGlite they share the one in-process database.
 */
export async function createTestApps(
  count: number,
  overrides: Partial<AppConfigInput> = {},
  options: Omit<BuildAppOptions, 'database'> = {},
): Promise<TestApps> {
  const authJwtPrivateKey = JSON.stringify(
    generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
  );
  const base: AppConfigInput = {
    dataDir: null,
    webDist: null,
    seedDemo: false,
    logLevel: 'silent',
    videoTranscode: false,
    authJwtPrivateKey,
  };
  const apps: FastifyInstance[] = [];
  const closeApps = async () => {
    for (const app of apps.reverse()) await app.close();
  };
  if (!testDatabaseUrl) {
    const database = await openDatabase({
      pgliteDir: null,
      pgliteSnapshot: await pgliteSnapshot('migrated'),
    });
    try {
      for (let i = 0; i < count; i++) {
        apps.push(await buildApp({ ...base, ...overrides }, { logger: false, ...options, database }));
      }
    } catch (error) {
      await closeApps();
      await database.close();
      throw error;
    }
    return {
      apps: [...apps],
      engine: 'pglite',
      close: async () => {
        try {
          await closeApps();
        } finally {
          await database.close();
        }
      },
    };
  }
  const created = await createPostgresTestDatabase();
  const close = async () => {
    try {
      await closeApps();
    } finally {
      await created.drop();
    }
  };
  try {
    for (let i = 0; i < count; i++) {
      apps.push(
        await buildApp({ ...base, databaseUrl: created.url, ...overrides }, { logger: false, ...options }),
      );
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { apps: [...apps], engine: 'postgres', close };
}
