import { type AddressInfo, createServer, type Socket } from 'node:net';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { migrationsDir } from '../paths.ts';
import { openTestDatabase, testDatabaseUrl } from '../test/context.ts';
import { DatabaseError, getMigrationState, migrateDatabase, openDatabase, readJournal } from './client.ts';

describe('database', () => {
  it('applies every committed migration to an empty database, and again is a no-op', async () => {
    const { database, close } = await openTestDatabase();
    try {
      const journal = readJournal();
      const state = await migrateDatabase(database);
      expect(state).toEqual({ applied: journal.at(-1)!.tag, count: journal.length });
      expect(await migrateDatabase(database)).toEqual(state);
      const tables = await database.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public'`,
      );
      expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['profiles', 'brands']));
    } finally {
      await close();
    }
  });

  it('creates profiles with size M and public measurements, but no measurements until entered', async () => {
    const { database, close } = await openTestDatabase();
    try {
      await migrateDatabase(database);
      const columns = await database.query<{
        column_name: string;
        column_default: string | null;
        is_nullable: string;
      }>(
        `select column_name, column_default, is_nullable from information_schema.columns
         where table_schema = 'public' and table_name = 'profiles'`,
      );
      const byName = Object.fromEntries(columns.map((c) => [c.column_name, c]));
      expect(byName.size?.column_default).toBe("'M'::text");
      expect(byName.measurements_public?.column_default).toBe('true');
      for (const name of ['chest_circumference', 'waist_circumference', 'hip_circumference']) {
        expect(byName[name]).toMatchObject({ column_default: null, is_nullable: 'YES' });
      }
    } finally {
      await close();
    }
  });

  it('forgets, on upgrade, the default measurements 90/75/95 old profiles were given, keeping others', async () => {
    const { database, close } = await openTestDatabase();
    try {
      const migrations = readMigrationFiles({ migrationsFolder: migrationsDir });
      const upTo = readJournal().findIndex((entry) => entry.tag === '0007_measurements_entered');
      const run = async (migration: (typeof migrations)[number]) => {
        for (const statement of migration.sql) if (statement.trim()) await database.exec(statement);
      };
      for (const migration of migrations.slice(0, upTo)) await run(migration);
      const profile = async (chest: number, waist: number, hip: number) => {
        const [user] = await database.query<{ id: string }>(
          'insert into auth.users default values returning id',
        );
        await database.query(
          'insert into profiles (id, chest_circumference, waist_circumference, hip_circumference) values ($1, $2, $3, $4)',
          [user!.id, chest, waist, hip],
        );
        return user!.id;
      };
      const defaults = await profile(90, 75, 95);
      const entered = await profile(90, 75, 96);
      const invalid = await profile(0, 75, 95);
      await run(migrations[upTo]!);
      const rows = await database.query<{ id: string; m: unknown[] }>(
        'select id, array[chest_circumference, waist_circumference, hip_circumference] as m from profiles',
      );
      const byId = Object.fromEntries(rows.map((r) => [r.id, r.m]));
      expect(byId[defaults]).toEqual([null, null, null]);
      expect(byId[entered]).toEqual([90, 75, 96]);
      expect(byId[invalid]).toEqual([0, 75, 95]);
    } finally {
      await close();
    }
  });

  it('refuses a database migrated by a newer version, without altering it', async () => {
    const { database, close } = await openTestDatabase();
    try {
      await migrateDatabase(database);
      const future = readJournal().at(-1)!.when + 86_400_000;
      await database.exec(
        `insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${future})`,
      );
      const before = await getMigrationState(database);
      const attempt = buildApp(
        { dataDir: null, webDist: null, seedDemo: false },
        { database, logger: false },
      );
      await expect(attempt).rejects.toThrow(DatabaseError);
      await expect(attempt).rejects.toThrow(/newer version of SYS/);
      expect(await getMigrationState(database)).toEqual(before);
      const rows = await database.query('select 1 from drizzle.__drizzle_migrations where hash = $1', [
        'from-the-future',
      ]);
      expect(rows).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('fails fast with a clear message when DATABASE_URL is unreachable', async () => {
    const started = Date.now();
    const attempt = openDatabase({ databaseUrl: 'postgresql://x:y@127.0.0.1:1/db' });
    await expect(attempt).rejects.toThrow(DatabaseError);
    await expect(attempt).rejects.toThrow(
      /Could not connect to PostgreSQL at 127\.0\.0\.1:1\/db \(DATABASE_URL\)/,
    );
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('gives up on a server that accepts but never answers, instead of hanging', async () => {
    // Like a firewall that swallows packets or a stuck proxy: the TCP connection opens, then silence.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const started = Date.now();
      const attempt = openDatabase({
        databaseUrl: `postgresql://x:y@127.0.0.1:${port}/db`,
        connectTimeoutMs: 1500,
      });
      await expect(attempt).rejects.toThrow(
        new RegExp(`Could not connect to PostgreSQL at 127\\.0\\.0\\.1:${port}/db`),
      );
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

// PostgreSQL only (PGlite is one process): registered in npm test's PostgreSQL pass, absent from the PGlite one.
if (testDatabaseUrl) {
  describe('several server instances starting on one new PostgreSQL database', () => {
    it('take turns migrating: every instance starts and the migrations are applied once', async () => {
      const { url, close } = await openTestDatabase();
      const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url! })));
      try {
        const journal = readJournal();
        const states = await Promise.all(instances.map((database) => migrateDatabase(database)));
        for (const state of states)
          expect(state).toEqual({ applied: journal.at(-1)!.tag, count: journal.length });
        const rows = await instances[0]!.query<{ n: number }>(
          'select count(*)::int as n from drizzle.__drizzle_migrations',
        );
        expect(rows[0]!.n).toBe(journal.length);
      } finally {
        await Promise.all(instances.map((database) => database.close()));
        await close();
      }
    });
  });
}
