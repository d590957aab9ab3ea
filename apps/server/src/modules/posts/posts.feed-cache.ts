import { createHash } from 'node:crypto';
import { type PostPage, PostPageSchema } from '@sys/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
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
  /** The pages by key (limit and cursor); cleared on every change of the feed, on any instance. */
  private readonly pages: TtlCache;
  /** Other caches of this instance derived from posts (discovery's): cleared with this one, at once. */
  private readonly dependents: { clear(): void }[] = [];

  constructor(private readonly options: FeedCacheOptions) {
    this.pages = new TtlCache({
      ttlMs: options.ttlMs,
      maxEntries: options.maxPages,
      ...(options.now ? { now: options.now } : {}),
    });
  }

  get enabled(): boolean {
    return this.pages.enabled;
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

  /** Listens for other instances' changes (a lost listener connection may have missed some: clears). */
  start(): Promise<void> {
    return this.pages.start(this.options.database, FEED_CHANNEL);
  }

  stop(): Promise<void> {
    return this.pages.stop();
  }

  /**
   * The page under `key`, from the cache while it is fresh, otherwise from `build` (once, however many
   * requests ask for it meanwhile).
   */
  get(key: string, build: () => Promise<PostPage>): Promise<CachedFeedPage> {
    return this.pages.get(key, async () => {
      const page = PostPageSchema.parse(await build());
      const json = JSON.stringify(page);
      const body = Buffer.from(json, 'utf8');
      const template = FeedPageTemplate.of(page, json, body);
      if (!template) this.options.log.warn('a feed page could not be templated for signed-in viewers');
      return { page, json, body, etag: etagOf(json), template };
    });
  }

  /**
   * The feed changed (a post was created, edited or removed and the change has committed): forget every
   * page here at once, and tell every instance (this one included: discovery's cache listens too, even
   * when this cache is off). Never throws: a lost notification costs at most one TTL of staleness.
   */
  async invalidate(): Promise<void> {
    this.pages.clear();
    for (const dependent of this.dependents) dependent.clear();
    try {
      await this.options.database.notify(FEED_CHANNEL, '');
    } catch (error) {
      this.options.log.warn({ err: error }, 'could not announce a feed change to the other instances');
    }
  }
}
