import { type AddressInfo, createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
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

  it('creates profiles with the spec defaults (size M, 90/75/95, measurements public)', async () => {
    const { database, close } = await openTestDatabase();
    try {
      await migrateDatabase(database);
      const columns = await database.query<{ column_name: string; column_default: string | null }>(
        `select column_name, column_default from information_schema.columns
         where table_schema = 'public' and table_name = 'profiles'`,
      );
      const defaults = Object.fromEntries(columns.map((c) => [c.column_name, c.column_default]));
      expect(defaults).toMatchObject({
        size: "'M'::text",
        chest_circumference: '90',
        waist_circumference: '75',
        hip_circumference: '95',
        measurements_public: 'true',
      });
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
