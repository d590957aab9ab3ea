import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Database } from '../../db/client.ts';
import type { PgAdvisoryLocks } from '../../db/pg-advisory-lock.ts';

/**
 * tus' lock on one upload, across every server instance of one PostgreSQL database. tus takes it
 * around each PATCH (and DELETE) so that two requests never append to the same upload at once; its
 * default lock lives in one process's memory, which is not enough once a load balancer spreads one
 * upload's requests over several instances.
 *
 * The lock is a PostgreSQL advisory lock. A request that finds it taken does what tus' memory lock does
 * within one process: it asks the holder to let go (a client that reconnected after a dropped connection
 * should not wait for the dead request's timeout). The request goes out as a NOTIFY; the instance holding
 * the lock ends that PATCH gracefully (what arrived is kept) and unlocks. Meanwhile the newcomer retries,
 * until it gets the lock or gives up after `timeoutMs` (500, as tus answers a lock timeout).
 */

const RELEASE_CHANNEL = 'sys_upload_lock_release';
const RETRY_MS = 100;
const ASK_AGAIN_MS = 1000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export class PgUploadLocker implements Locker {
  /** The release requests of the locks this instance holds, by upload id. */
  private readonly holders = new Map<string, Set<RequestRelease>>();
  private listening: Promise<() => Promise<void>> | null = null;

  constructor(
    readonly locks: PgAdvisoryLocks,
    private readonly database: Pick<Database, 'listen' | 'notify'>,
    readonly timeoutMs = 30_000,
  ) {}

  newLock(id: string): Lock {
    return new PgUploadLock(this, id);
  }

  async close(): Promise<void> {
    const stop = await this.listening?.catch(() => null);
    await stop?.();
    await this.locks.close();
  }

  /** Listens for release requests from other instances (and from other requests of this one). */
  async listen(): Promise<void> {
    this.listening ??= this.database.listen(RELEASE_CHANNEL, (id) => {
      for (const release of this.holders.get(id) ?? []) void release();
    });
    try {
      await this.listening;
    } catch (error) {
      this.listening = null;
      throw error;
    }
  }

  askToRelease(id: string): Promise<void> {
    return this.database.notify(RELEASE_CHANNEL, id);
  }

  holding(id: string, release: RequestRelease, held: boolean): void {
    const set = this.holders.get(id) ?? new Set<RequestRelease>();
    if (held) {
      this.holders.set(id, set.add(release));
      return;
    }
    set.delete(release);
    if (set.size === 0) this.holders.delete(id);
  }
}

class PgUploadLock implements Lock {
  private held: { release(): Promise<void> } | null = null;
  private requestRelease: RequestRelease | null = null;

  constructor(
    private readonly locker: PgUploadLocker,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.locker.listen();
    const deadline = Date.now() + this.locker.timeoutMs;
    let askedAt = 0;
    while (!signal.aborted) {
      const held = await this.locker.locks.tryLock(`tus-upload:${this.id}`);
      if (held) {
        this.held = held;
        this.requestRelease = requestRelease;
        this.locker.holding(this.id, requestRelease, true);
        return;
      }
      if (Date.now() >= deadline) break;
      if (Date.now() - askedAt >= ASK_AGAIN_MS) {
        askedAt = Date.now();
        await this.locker.askToRelease(this.id).catch(() => {});
      }
      await pause(RETRY_MS, signal);
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  async unlock(): Promise<void> {
    if (this.requestRelease) this.locker.holding(this.id, this.requestRelease, false);
    this.requestRelease = null;
    const held = this.held;
    this.held = null;
    await held?.release();
  }
}
