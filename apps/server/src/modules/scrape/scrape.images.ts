import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { findUrlsUsedByAnyPost } from '../posts/posts.repository.ts';
import type { StoredAtCursor } from '../storage/storage.repository.ts';
import type { StorageService } from '../storage/storage.service.ts';
import type { AddressPolicy } from './scrape.addresses.ts';
import {
  type FetchFailure,
  fetchImageFile,
  SafeFetchError,
  type SafeFetchOptions,
  SCRAPE_FETCH_DEFAULTS,
} from './scrape.fetch.ts';

/** Largest product image read from a shop (it is re-encoded anyway; shops' images are well below). */
export const PRODUCT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Name prefix of the scraper's candidate images: the ones no post took are removed after a day. */
export const SCRAPED_CANDIDATE_PREFIX = 'scraped-';
export const SCRAPED_CANDIDATE_TTL_MS = 24 * 60 * 60 * 1000;
/** How often unused candidates are looked for. */
export const CANDIDATE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

/** Product images fetched at once for one request (a post may tag 20 products). */
const CONCURRENCY = 4;

export type MirrorResult =
  | { ok: true; url: string }
  | { ok: false; reason: FetchFailure | 'invalid_image'; message: string };

export interface ProductImagesOptions {
  db: Db;
  policy: AddressPolicy;
  uploads: StorageService;
  /** Overrides of the fetch limits (tests shorten the timeout). */
  fetch?: Partial<Omit<SafeFetchOptions, 'policy'>>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** Runs `work` on every element, at most `limit` at a time; results in input order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Product images as our own media. A shop's image link is never shown to a browser: every viewer would
 * load it from wherever it points (a tracking pixel, a private address). Instead the server fetches it
 * once, through the scraper's guarded fetcher (public addresses only, limits, redirects checked), and
 * stores it like an upload of the post's author: typed by its bytes, re-encoded, metadata stripped, served
 * from /media.
 */
export class ProductImages {
  constructor(private readonly options: ProductImagesOptions) {}

  /** Fetches `url` and stores it as `ownerId`'s media; a failure is an answer, not an error. */
  async mirror(ownerId: string, url: string, namePrefix?: string): Promise<MirrorResult> {
    try {
      const file = await fetchImageFile(url, {
        ...SCRAPE_FETCH_DEFAULTS,
        maxBytes: PRODUCT_IMAGE_MAX_BYTES,
        ...this.options.fetch,
        policy: this.options.policy,
      });
      const stored = await this.options.uploads.storeImageBytes(ownerId, 'post-media', file.bytes, {
        ...(namePrefix ? { namePrefix } : {}),
      });
      return { ok: true, url: stored.public_url };
    } catch (error) {
      if (error instanceof SafeFetchError) {
        this.options.log.info({ reason: error.reason, url }, 'product image could not be fetched');
        return { ok: false, reason: error.reason, message: error.message };
      }
      // 415 (not an image by its bytes) or 413 (too many pixels): the storage module's refusals.
      if (error instanceof AppError && error.status < 500) {
        this.options.log.info({ code: error.code, url }, 'product image refused');
        return { ok: false, reason: 'invalid_image', message: 'The link is not an image SYS can show' };
      }
      throw error;
    }
  }

  /** Mirrors each distinct URL once (a few at a time); results by URL. */
  async mirrorAll(ownerId: string, urls: readonly string[]): Promise<Map<string, MirrorResult>> {
    const distinct = [...new Set(urls)];
    const results = await mapWithConcurrency(distinct, CONCURRENCY, (url) => this.mirror(ownerId, url));
    return new Map(distinct.map((url, index) => [url, results[index]!]));
  }

  /**
   * The scraper's candidates: each of `urls` stored as a temporary image of `ownerId`, so that the post
   * form shows them from /media. Those that fail are left out; the order is kept.
   */
  async mirrorCandidates(ownerId: string, urls: readonly string[]): Promise<string[]> {
    const results = await mapWithConcurrency(urls, CONCURRENCY, (url) =>
      this.mirror(ownerId, url, SCRAPED_CANDIDATE_PREFIX),
    );
    return results.flatMap((result) => (result.ok ? [result.url] : []));
  }

  /** Where the last sweep stopped: later sweeps of this process look only at newer candidates. */
  private sweptUntil: StoredAtCursor | null = null;

  /**
   * Removes the scraper's candidates stored more than a day before `now` that no post shows (rows and
   * files). The first sweep of a process looks at all of them; later ones only at those stored since.
   */
  async removeUnusedCandidates(now = new Date()): Promise<number> {
    const { uploads } = this.options;
    const before = new Date(now.getTime() - SCRAPED_CANDIDATE_TTL_MS);
    let removed = 0;
    for (;;) {
      const rows = await uploads.findNamedBetween(
        'post-media',
        SCRAPED_CANDIDATE_PREFIX,
        { after: this.sweptUntil, before },
        SWEEP_BATCH,
      );
      const last = rows.at(-1);
      if (!last) break;
      const urls = rows.map((row) => uploads.publicUrl(row.path));
      const used = await findUrlsUsedByAnyPost(this.options.db, urls);
      const unused = rows.filter((_row, index) => !used.has(urls[index]!));
      await uploads.removeObjects(unused);
      removed += unused.length;
      this.sweptUntil = { createdAt: last.created_at, id: last.id };
      if (rows.length < SWEEP_BATCH) break;
    }
    if (removed > 0) this.options.log.info({ removed }, 'removed scraped product images no post used');
    return removed;
  }
}
