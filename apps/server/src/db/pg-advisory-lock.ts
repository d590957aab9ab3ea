import pg from 'pg';

/** A session-level advisory lock held on its own connection; `release()` unlocks and returns it. */
export interface HeldAdvisoryLock {
  release(): Promise<void>;
}

/**
 * PostgreSQL advisory locks for work that must not run twice at once across server instances (a
 * resumable upload's PATCH). A session lock belongs to one connection, and a pool hands connections
 * around, so each held lock keeps a connection of a small pool of its own (never one of the query pool,
 * which long uploads would starve). If that connection is lost, PostgreSQL releases the lock by itself.
 */
export class PgAdvisoryLocks {
  private readonly pool: pg.Pool;

  constructor(connectionString: string, options: { maxHeld: number; connectTimeoutMs?: number }) {
    this.pool = new pg.Pool({
      connectionString,
      max: options.maxHeld,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
      idleTimeoutMillis: 30_000,
      // Only the server takes these locks; `npm run restore` recognises its sessions by this name.
      application_name: 'sys-server',
    });
    this.pool.on('error', () => {});
  }

  /**
   * Tries to take the lock named `name` once; null when another session holds it. The name is hashed
   * to PostgreSQL's 64-bit lock key (a collision only makes two unrelated names wait for each other).
   */
  async tryLock(name: string): Promise<HeldAdvisoryLock | null> {
    const client = await this.pool.connect();
    let locked = false;
    try {
      const result = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
        [name],
      );
      locked = result.rows[0]?.locked === true;
    } catch (error) {
      client.release(true);
      throw error;
    }
    if (!locked) {
      client.release();
      return null;
    }
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        try {
          await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]);
          client.release();
        } catch (error) {
          // Dropping the connection ends the session, and with it the lock.
          client.release(true);
          throw error;
        }
      },
    };
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
