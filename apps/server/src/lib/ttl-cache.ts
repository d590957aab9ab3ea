import type { Database } from '../db/client.ts';

/**
 * A small in-memory cache of computed values that expire after `ttlMs`, with at most `maxEntries` kept
 * (least recently used go first), one computation per key at a time, and a `clear()` that every instance
 * can be told of through a PostgreSQL NOTIFY channel (`start(database, channel)`). A value computed across
 * a clear is returned to its callers but not kept (a generation count), so an older result never outlives
 * the change that cleared the cache.
 *
 * Recency is kept the "clock" way: a read only marks its entry used, and to make room a hand goes round
 * the entries in the order they were stored, unmarking the used ones it passes and dropping the first
 * one not used since it was stored or last passed (so: the least recently used, nearly). Moving an entry
 * to the end of the map on every read (a delete and a set) cost more than the rest of a read, on the hot
 * path of every signed-in request (the access check, a viewer's feed page: bench/RESULTS.md, issue 20);
 * and the hand is one iterator that goes on where it stopped, because a new one would step over every
 * entry deleted at the start of the map again.
 */
export interface TtlCacheOptions {
  /** How long an entry is used; 0 turns the cache off. */
  ttlMs: number;
  /** At most this many entries (least recently used go first). */
  maxEntries: number;
  /** The clock, for tests. */
  now?: () => number;
}

interface Entry {
  value: unknown;
  expiresAt: number;
  /** Read since it was stored or last came up for eviction (`store`). */
  used: boolean;
}

export class TtlCache {
  private readonly entries = new Map<string, Entry>();
  /** Where the last eviction stopped (`store`); null: start again from the oldest. */
  private hand: Iterator<[string, Entry]> | null = null;
  private readonly building = new Map<string, Promise<unknown>>();
  private generation = 0;
  private stopListening: (() => Promise<void>) | null = null;
  private readonly now: () => number;

  constructor(private readonly options: TtlCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0 && this.options.maxEntries > 0;
  }

  /** Number of entries held (tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /** Clears on every NOTIFY on `channel`, from any instance. A lost listener connection may have missed one: clear. */
  async start(database: Pick<Database, 'listen'>, channel: string): Promise<void> {
    if (!this.enabled) return;
    this.stopListening = await database.listen(channel, () => this.clear(), {
      onReconnect: () => this.clear(),
    });
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    this.clear();
    try {
      await stop?.();
    } catch {
      // The database may be closed already.
    }
  }

  /**
   * The value under `key` while it is fresh, otherwise `compute()` (once, however many ask meanwhile),
   * kept unless `keep` says otherwise of it.
   */
  async get<T>(key: string, compute: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
    if (!this.enabled) return compute();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > this.now()) {
      cached.used = true;
      return cached.value as T;
    }
    if (cached) this.entries.delete(key);
    const pending = this.building.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const promise = compute();
    this.building.set(key, promise);
    try {
      const value = await promise;
      // Not after a clear, nor after a forget of this key (which dropped its build under way).
      if (generation === this.generation && this.building.get(key) === promise && (keep?.(value) ?? true))
        this.store(key, { value, expiresAt: this.now() + this.options.ttlMs, used: false });
      return value;
    } finally {
      if (this.building.get(key) === promise) this.building.delete(key);
    }
  }

  /**
   * The values under `keys` that are found: each fresh one from the cache, each one being computed (by
   * `get` or another `getMany`) from that computation, and all the others from one call of `compute` with
   * those keys (each once), which gives the values it finds by key; a key it leaves out has no value (it is
   * left out of the answer, and nothing is kept for it). What `compute` gives is kept under the same rules
   * as `get`'s values: not after a clear, nor after a forget of that key, while it was being computed.
   * The keys of one cache are read with `getMany` or with `get`, not both (a key `get` is computing is
   * awaited here as a value, one `getMany` is computing is awaited by `get` as a value or undefined).
   */
  async getMany<T>(
    keys: readonly string[],
    compute: (missing: string[]) => Promise<ReadonlyMap<string, T>>,
  ): Promise<Map<string, T>> {
    const found = new Map<string, T>();
    const unique = [...new Set(keys)];
    if (!this.enabled) {
      const values = await compute(unique);
      for (const key of unique) {
        const value = values.get(key);
        if (value !== undefined) found.set(key, value);
      }
      return found;
    }
    const now = this.now();
    const missing: string[] = [];
    const pending: [string, Promise<unknown>][] = [];
    for (const key of unique) {
      const cached = this.entries.get(key);
      if (cached && cached.expiresAt > now) {
        cached.used = true;
        found.set(key, cached.value as T);
        continue;
      }
      if (cached) this.entries.delete(key);
      const building = this.building.get(key);
      if (building) pending.push([key, building]);
      else missing.push(key);
    }
    if (missing.length > 0) {
      const generation = this.generation;
      const batch = compute(missing);
      // One promise per key, for whoever asks for that key meanwhile (and for a forget to drop).
      const promises = new Map<string, Promise<T | undefined>>();
      for (const key of missing) {
        const promise = batch.then((values) => values.get(key));
        // Its failure is the batch's, thrown below; no one else may be listening.
        promise.catch(() => {});
        promises.set(key, promise);
        this.building.set(key, promise);
      }
      try {
        const values = await batch;
        const expiresAt = this.now() + this.options.ttlMs;
        for (const key of missing) {
          const value = values.get(key);
          if (value === undefined) continue;
          found.set(key, value);
          if (generation === this.generation && this.building.get(key) === promises.get(key))
            this.store(key, { value, expiresAt, used: false });
        }
      } finally {
        for (const [key, promise] of promises)
          if (this.building.get(key) === promise) this.building.delete(key);
      }
    }
    for (const [key, promise] of pending) {
      const value = (await promise) as T | undefined;
      if (value !== undefined) found.set(key, value);
    }
    return found;
  }

  /** Forgets everything, including what is being computed now (it finishes for its callers, unstored). */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.hand = null;
    this.building.clear();
  }

  /**
   * Forgets the entries whose key `matches`. What is being computed now for such a key finishes for its
   * callers unstored, so a value read before the change is not kept; other keys' builds are kept (a post's
   * new like forgets that post's page, not every page being read at that moment).
   */
  forget(matches: (key: string) => boolean): void {
    for (const key of [...this.building.keys()]) if (matches(key)) this.building.delete(key);
    for (const key of [...this.entries.keys()]) if (matches(key)) this.entries.delete(key);
  }

  /** `forget` of the one key `key`, without looking at the others. */
  forgetKey(key: string): void {
    this.building.delete(key);
    this.entries.delete(key);
  }

  /** Stores `entry`, first making room: the next entry the hand finds unused since it last passed goes. */
  private store(key: string, entry: Entry): void {
    if (!this.entries.has(key)) {
      while (this.entries.size >= this.options.maxEntries) {
        this.hand ??= this.entries.entries();
        const next = this.hand.next();
        if (next.done) {
          // Round the end: from the oldest again (unmarked ones now, if not before).
          this.hand = null;
          continue;
        }
        const [passedKey, passed] = next.value;
        if (passed.used) passed.used = false;
        else this.entries.delete(passedKey);
      }
    }
    this.entries.set(key, entry);
  }
}
