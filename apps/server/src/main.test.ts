import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase, openDatabase, pgliteDirFor, readJournal } from './db/client.ts';
import { DEMO_PROFILES } from './seed/demo.data.ts';
import { createPostgresTestDatabase, type TestDatabaseUrl, testDatabaseUrl } from './test/context.ts';
import { childEnv, ensureServerBuilt, mainScript, runProcess, startServer } from './test/processes.ts';

/**
 * The server as `npm start` runs it: the bundled dist/main.js in a child process, on a fresh data
 * directory, with a stand-in for the built web app.
 */

const INDEX_HTML = '<!doctype html><html><head><title>SYS start test</title></head><body></body></html>';
const noa = DEMO_PROFILES[0]!;

let tmp: string;
let webDist: string;

beforeAll(() => {
  ensureServerBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'sys-start-'));
  webDist = join(tmp, 'web');
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function withDatabase<T>(
  open: () => Promise<Database>,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const database = await open();
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

interface Engine {
  name: string;
  /** A fresh place for one server's data: its environment and how to open its database. */
  fresh(dataDir: string): Promise<DataPlace>;
}

interface DataPlace {
  env: Record<string, string>;
  open: () => Promise<Database>;
}

/** PostgreSQL test databases made by the engine, dropped at the end. */
const pgDatabases: TestDatabaseUrl[] = [];
afterAll(async () => {
  for (const database of pgDatabases) await database.drop();
});

const engines: Engine[] = [
  {
    name: 'pglite',
    fresh: async (dataDir) => ({ env: {}, open: () => openDatabase({ pgliteDir: pgliteDirFor(dataDir) }) }),
  },
];
if (testDatabaseUrl) {
  engines.push({
    name: 'postgres',
    fresh: async () => {
      const database = await createPostgresTestDatabase();
      pgDatabases.push(database);
      return {
        env: { DATABASE_URL: database.url },
        open: () => openDatabase({ databaseUrl: database.url }),
      };
    },
  });
}

describe.each(engines)('npm start on $name', (engine) => {
  const envOf = (dataDir: string, place: DataPlace) =>
    childEnv({ HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, WEB_DIST: webDist, ...place.env });

  it('starts on an empty data directory: migrates, seeds, serves the app and deep links, stops on SIGTERM; a second start keeps the data and does not seed again', async () => {
    const dataDir = join(tmp, `data-${engine.name}`);
    const place = await engine.fresh(dataDir);
    const server = await startServer(envOf(dataDir, place));
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toEqual({
        status: 'ok',
        database: engine.name,
        migration: readJournal().at(-1)!.tag,
      });

      const deepLink = await fetch(`${server.url}/explore/category/casual`);
      expect(deepLink.status).toBe(200);
      expect(deepLink.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await deepLink.text()).toBe(INDEX_HTML);

      const avatar = await fetch(`${server.url}/media/avatars/${noa.id}/avatar.webp`);
      expect(avatar.status).toBe(200);
      expect(avatar.headers.get('content-type')).toBe('image/webp');
    } finally {
      const stopped = await server.stop();
      expect(stopped.code).toBe(0);
    }

    await withDatabase(place.open, async (db) => {
      const [profiles] = await db.query<{ n: number }>('select count(*)::int as n from profiles');
      const [brands] = await db.query<{ n: number }>('select count(*)::int as n from brands');
      expect(profiles?.n).toBe(5);
      expect(brands?.n).toBe(15);
      // A change made while the server is down, to see that the next start leaves it alone.
      await db.query(`update profiles set bio = 'edited between starts' where id = $1`, [noa.id]);
      await db.query(`delete from brands where name = 'Reebok'`);
    });

    const again = await startServer(envOf(dataDir, place));
    try {
      const health = await fetch(`${again.url}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      expect((await again.stop()).code).toBe(0);
    }
    await withDatabase(place.open, async (db) => {
      const rows = await db.query<{ bio: string }>('select bio from profiles where id = $1', [noa.id]);
      expect(rows[0]?.bio).toBe('edited between starts');
      const [profiles] = await db.query<{ n: number }>('select count(*)::int as n from profiles');
      expect(profiles?.n).toBe(5);
      const reebok = await db.query(`select 1 from brands where name = 'Reebok'`);
      expect(reebok).toHaveLength(0);
    });
  }, 240_000);

  it('refuses a database migrated by a newer version, and leaves it as it was', async () => {
    const dataDir = join(tmp, `future-${engine.name}`);
    const place = await engine.fresh(dataDir);
    const future = readJournal().at(-1)!.when + 86_400_000;
    await withDatabase(place.open, async (db) => {
      await migrateDatabase(db);
      await db.exec(
        `insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${future})`,
      );
    });
    const result = await runProcess([mainScript], envOf(dataDir, place));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/newer version of SYS/);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    await withDatabase(place.open, async (db) => {
      const rows = await db.query(
        `select 1 from drizzle.__drizzle_migrations where hash = 'from-the-future'`,
      );
      expect(rows).toHaveLength(1);
    });
  }, 120_000);
});

describe('bad configuration stops the start with a message naming the variable', () => {
  it.each([
    ['PORT', 'abc'],
    ['STORAGE_DRIVER', 'ftp'],
  ])('%s=%s', async (name, value) => {
    const result = await runProcess([mainScript], childEnv({ DATA_DIR: join(tmp, 'unused'), [name]: value }));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(name);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  });

  it('an unreachable DATABASE_URL fails within seconds', async () => {
    const result = await runProcess(
      [mainScript],
      childEnv({ DATA_DIR: join(tmp, 'unused'), DATABASE_URL: 'postgresql://x:y@127.0.0.1:1/db' }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Could not connect to PostgreSQL at 127\.0\.0\.1:1\/db \(DATABASE_URL\)/);
    expect(result.ms).toBeLessThan(10_000);
  });
});
