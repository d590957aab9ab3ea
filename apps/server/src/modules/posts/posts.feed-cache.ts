import { createHash } from 'node:crypto';
import { type PostPage, PostPageSchema } from '@sys/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { FeedPageTemplate } from './posts.feed-template.ts';

/**
 * A short-lived cache of the public feed's pages as visitors see them, kept ready-serialised.
 *
 * A feed page costs a few database round trips and ~1.8 ms of Node CPU (row mapping, response
 * validation and serialisation of ~35 kB); under load that CPU, not the database, decides the latency
 * (bench/RESULTS.md). The same page for the same `limit` and `cursor` is the same for every visitor, so it is
 * built once and served as the stored JSON text until it expires (`FEED_CACHE_TTL_MS`) or the feed changes.
 * Signed-in viewers get the same page with their own flags and counts written into its JSON
 * (PostsService.viewerStatesOfFeedPage, FeedPageTemplate).
 *
 * Freshness: a post created, edited or removed through this instance clears the cache before the
 * request that changed it answers, so the author's next read is fresh; every instance hears of it
 * through PostgreSQL NOTIFY on FEED_CHANNEL (delivered when the change has committed) and clears its
 * own cache. What bypasses the posts service (a profile's new name, a like's count for visitors) shows
 * once the page expires. A page being built while the feed changes is not stored (a generation count),
 * so a slow read never puts an older page back.
 */

/** The PostgreSQL channel every instance publishes feed changes to and listens on. */
export const FEED_CHANNEL = 'sys_feed_changed';

export interface CachedFeedPage {
  /** The page as the route's response schema outputs it. */
  page: PostPage;
  /** `page` serialised exactly as the route's serializer would (zod output, then JSON.stringify). */
  json: string;
  /** `json` as UTF-8 bytes, encoded once rather than on every response. */
  body: Buffer;
  /** A strong validator of `json`. */
  etag: string;
  /** `body` with holes for a signed-in viewer's values; null if the page could not be taken apart. */
  template: FeedPageTemplate | null;
  expiresAt: number;
}

export interface FeedCacheOptions {
  /** How long a page is served before it is built again; 0 turns the cache off. */
  ttlMs: number;
  /** At most this many pages are kept (least recently used go first). */
  maxPages: number;
  database: Pick<Database, 'listen' | 'notify'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The clock, for tests. */
  now?: () => number;
}

/** A strong ETag of a response body. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export class FeedCache {
  private readonly pages = new Map<string, CachedFeedPage>();
  private readonly building = new Map<string, Promise<CachedFeedPage>>();
  /** Grows on every change of the feed: a page built across a change is not kept. */
  private generation = 0;
  private stopListening: (() => Promise<void>) | null = null;
  private readonly now: () => number;
  /** Other caches of this instance derived from posts (discovery's): cleared with this one, at once. */
  private readonly dependents: { clear(): void }[] = [];

  constructor(private readonly options: FeedCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0 && this.options.maxPages > 0;
  }

  /**
   * `cache` is cleared whenever this instance changes the feed, before the change's request answers
   * (other instances clear theirs on the NOTIFY, as this cache does).
   */
  clearsAlso(cache: { clear(): void }): void {
    this.dependents.push(cache);
  }

  /** Number of pages held (tests and diagnostics). */
  get size(): number {
    return this.pages.size;
  }

  /** Listens for other instances' changes. A lost listener connection may have missed some: clear. */
  async start(): Promise<void> {
    if (!this.enabled) return;
    this.stopListening = await this.options.database.listen(FEED_CHANNEL, () => this.clear(), {
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
   * The page under `key`, from the cache while it is fresh, otherwise from `build` (once, however many
   * requests ask for it meanwhile).
   */
  async get(key: string, build: () => Promise<PostPage>): Promise<CachedFeedPage> {
    const cached = this.pages.get(key);
    if (cached && cached.expiresAt > this.now()) {
      // Most recently used last: the first key is the one to evict.
      this.pages.delete(key);
      this.pages.set(key, cached);
      return cached;
    }
    if (cached) this.pages.delete(key);
    const pending = this.building.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const promise = (async () => {
      const page = PostPageSchema.parse(await build());
      const json = JSON.stringify(page);
      const body = Buffer.from(json, 'utf8');
      const template = FeedPageTemplate.of(page, json, body);
      if (!template) this.options.log.warn('a feed page could not be templated for signed-in viewers');
      return { page, json, body, etag: etagOf(json), template, expiresAt: this.now() + this.options.ttlMs };
    })();
    this.building.set(key, promise);
    try {
      const entry = await promise;
      if (generation === this.generation) this.store(key, entry);
      return entry;
    } finally {
      if (this.building.get(key) === promise) this.building.delete(key);
    }
  }

  /**
   * The feed changed (a post was created, edited or removed and the change has committed): forget every
   * page here at once, and tell every instance (this one included: discovery's cache listens too, even
   * when this cache is off). Never throws: a lost notification costs at most one TTL of staleness.
   */
  async invalidate(): Promise<void> {
    this.clear();
    for (const dependent of this.dependents) dependent.clear();
    try {
      await this.options.database.notify(FEED_CHANNEL, '');
    } catch (error) {
      this.options.log.warn({ err: error }, 'could not announce a feed change to the other instances');
    }
  }

  private clear(): void {
    this.generation++;
    this.pages.clear();
    // Pages being built now were read before the change: let them finish for their callers, unstored.
    this.building.clear();
  }

  private store(key: string, entry: CachedFeedPage): void {
    this.pages.set(key, entry);
    while (this.pages.size > this.options.maxPages) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest);
    }
  }
}
