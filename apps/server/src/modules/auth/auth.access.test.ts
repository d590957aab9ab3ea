import { createConnection, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListenOptions, NotificationHandler } from '../../db/client.ts';
import { PgListener } from '../../db/pg-listener.ts';
import { testDatabaseUrl } from '../../test/context.ts';
import { AccessChecks, type AccessRow, type AccessSource, AUTH_ACCESS_CHANNEL } from './auth.access.ts';

/*
 * The access check keeps its answers for minutes (AUTH_ACCESS_CACHE_TTL_MS) because every change it
 * reads is announced by NOTIFY. So it may use them only while it hears the notifications: these tests try
 * to make it use an answer that a change it could not hear has made wrong.
 */

const ALIVE: AccessRow = {
  role: 'authenticated',
  deleted_at: null,
  banned_until: null,
  session_alive: true,
  session_not_after: null,
};
const BANNED: AccessRow = { ...ALIVE, banned_until: new Date(Date.now() + 3600_000) };

/** An access source whose row can be changed without a notification (as by hand in SQL); counts reads. */
function source(row: AccessRow) {
  const state = { row, reads: 0 };
  const repo: AccessSource = {
    findAccess: async () => {
      state.reads += 1;
      return state.row;
    },
  };
  return { state, repo };
}

/** A database whose LISTEN connection the test drops and restores. */
function listeningDatabase(options: { failAtStart?: boolean } = {}) {
  let subscriber: { onPayload: NotificationHandler; options: ListenOptions } | undefined;
  return {
    listen: async (channel: string, onPayload: NotificationHandler, listenOptions?: ListenOptions) => {
      expect(channel).toBe(AUTH_ACCESS_CHANNEL);
      subscriber = { onPayload, options: listenOptions ?? {} };
      if (options.failAtStart) listenOptions?.onLost?.();
      return async () => {};
    },
    notify: (payload: string) => subscriber?.onPayload(payload),
    lose: () => subscriber?.options.onLost?.(),
    reconnect: () => subscriber?.options.onReconnect?.(),
  };
}

describe('AccessChecks', () => {
  const USER = '00000000-0000-4000-8000-000000000001';
  const SESSION = '00000000-0000-4000-8000-000000000002';

  it('keeps an answer while it listens, and forgets it on a notification', async () => {
    const { state, repo } = source(ALIVE);
    const checks = new AccessChecks(repo, { ttlMs: 3_600_000, maxEntries: 10 });
    const database = listeningDatabase();
    await checks.start(database);
    expect(await checks.check(USER, SESSION)).toEqual({ ok: true, role: 'authenticated' });
    expect(await checks.check(USER, SESSION)).toEqual({ ok: true, role: 'authenticated' });
    expect(state.reads).toBe(1);
    state.row = BANNED;
    database.notify(USER);
    expect(await checks.check(USER, SESSION)).toEqual({ ok: false, message: 'User is banned' });
    await checks.stop();
  });

  it('asks the database on every check while the LISTEN connection is lost, and keeps answers again once it is back', async () => {
    const { state, repo } = source(ALIVE);
    const checks = new AccessChecks(repo, { ttlMs: 3_600_000, maxEntries: 10 });
    const database = listeningDatabase();
    await checks.start(database);
    expect((await checks.check(USER, SESSION)).ok).toBe(true);
    database.lose();
    // A ban whose notification is lost with the connection: refused at the next request, not an hour later.
    state.row = BANNED;
    expect(await checks.check(USER, SESSION)).toEqual({ ok: false, message: 'User is banned' });
    state.row = ALIVE;
    const reads = state.reads;
    expect((await checks.check(USER, SESSION)).ok).toBe(true);
    expect((await checks.check(USER, SESSION)).ok).toBe(true);
    expect(state.reads).toBe(reads + 2);
    database.reconnect();
    expect((await checks.check(USER, SESSION)).ok).toBe(true);
    expect((await checks.check(USER, SESSION)).ok).toBe(true);
    expect(state.reads).toBe(reads + 3);
    await checks.stop();
  });

  it('keeps nothing before LISTEN is in place, nor when it could not be set up at the start', async () => {
    const { state, repo } = source(ALIVE);
    const checks = new AccessChecks(repo, { ttlMs: 3_600_000, maxEntries: 10 });
    await checks.check(USER, SESSION);
    await checks.check(USER, SESSION);
    expect(state.reads).toBe(2);
    const database = listeningDatabase({ failAtStart: true });
    await checks.start(database);
    await checks.check(USER, SESSION);
    await checks.check(USER, SESSION);
    expect(state.reads).toBe(4);
    database.reconnect();
    await checks.check(USER, SESSION);
    await checks.check(USER, SESSION);
    expect(state.reads).toBe(5);
    await checks.stop();
  });
});

/*
 * A connection cut without a FIN or RST (a network partition) looks open to the listener; only its
 * heartbeat finds out. A TCP relay between the listener and PostgreSQL that stops relaying plays the
 * partition. PGlite has no connection to lose, so this runs on PostgreSQL only (TEST_DATABASE_URL).
 */
const postgresUrl = testDatabaseUrl;
if (postgresUrl) {
  describe('PgListener on a silently cut connection', () => {
    let relay: Server | undefined;
    let listener: PgListener | undefined;
    const sockets: Socket[] = [];
    afterEach(async () => {
      await listener?.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => (relay ? relay.close(resolve) : resolve(undefined)));
    });

    it('reports the loss within its heartbeat and timeout, and the reconnection after', async () => {
      const target = new URL(postgresUrl);
      let frozen = false;
      relay = createServer((client) => {
        const upstream = createConnection(Number(target.port || 5432), target.hostname);
        sockets.push(client, upstream);
        client.on('data', (chunk) => {
          if (!frozen) upstream.write(chunk);
        });
        upstream.on('data', (chunk) => {
          if (!frozen) client.write(chunk);
        });
        client.on('error', () => {});
        upstream.on('error', () => {});
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      await new Promise<void>((resolve) => relay?.listen(0, '127.0.0.1', resolve));
      const port = (relay.address() as { port: number }).port;
      const url = new URL(postgresUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      listener = new PgListener(url.toString());
      const events: string[] = [];
      await listener.listen('sys_test_heartbeat', (payload) => events.push(payload), {
        onLost: () => events.push('lost'),
        onReconnect: () => events.push('back'),
      });
      // Answered heartbeats are no loss.
      await new Promise((resolve) => setTimeout(resolve, 4500));
      expect(events).toEqual([]);
      // The relay stops relaying; the sockets stay open, as in a partition.
      frozen = true;
      const cutAt = Date.now();
      await expect.poll(() => events, { timeout: 8000, interval: 100 }).toContain('lost');
      // HEARTBEAT_MS (2 s) + HEARTBEAT_TIMEOUT_MS (3 s), with some slack for a busy machine.
      expect(Date.now() - cutAt).toBeLessThan(7000);
      frozen = false;
      await expect.poll(() => events, { timeout: 15_000, interval: 100 }).toEqual(['lost', 'back']);
      // LISTEN is in place again on the new connection.
      const notifier = new pg.Client({ connectionString: postgresUrl });
      await notifier.connect();
      try {
        await notifier.query(`select pg_notify('sys_test_heartbeat', 'again')`);
      } finally {
        await notifier.end();
      }
      await expect.poll(() => events, { timeout: 5000, interval: 50 }).toEqual(['lost', 'back', 'again']);
    }, 40_000);
  });
}
