import { LIMITS, type ScrapeFailureCode, type ScrapeProductResponse } from '@sys/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { AddressPolicy } from './scrape.addresses.ts';
import { extractProduct } from './scrape.extract.ts';
import {
  type FetchFailure,
  fetchHtmlPage,
  SafeFetchError,
  type SafeFetchOptions,
  SCRAPE_FETCH_DEFAULTS,
} from './scrape.fetch.ts';
import type { ProductImages } from './scrape.images.ts';

export interface ScrapeServiceOptions {
  policy: AddressPolicy;
  /** Stores the page's first images as the user's own (temporary) media, so the form shows them from /media. */
  images: Pick<ProductImages, 'mirrorCandidates'>;
  /** Overrides of the fetch limits (tests shorten the timeout). */
  fetch?: Partial<Omit<SafeFetchOptions, 'policy'>>;
  /** Scrapes one user may start per window. */
  rateLimit?: { limit: number; windowMs: number };
  log: Pick<FastifyBaseLogger, 'info'>;
}

const DEFAULT_RATE_LIMIT = { limit: 30, windowMs: 60_000 };

/** Each way fetching can fail, as the answer's code (what the form tells the user). */
const FAILURE_CODES: Record<FetchFailure, ScrapeFailureCode> = {
  invalid_url: 'invalid_url',
  blocked_address: 'private_address',
  timeout: 'shop_unreachable',
  network: 'shop_unreachable',
  http_error: 'shop_unreachable',
  too_many_redirects: 'shop_unreachable',
  not_html: 'no_product_details',
  not_image: 'no_product_details',
  too_large: 'no_product_details',
};

/**
 * The scrape-product function (spec section 7): reads a shop's product page and answers what it says
 * about the product. Failures to read the page are answers too (`success: false`), not errors.
 *
 * The page's images are not answered as the shop's links: the browser would load them from the shop (or
 * wherever they point). The first four are fetched through the same guarded fetcher and stored as the
 * user's own temporary media; `images` lists those /media URLs (the ones that were images). Candidates
 * that no post takes are removed after a day (ProductImages.removeUnusedCandidates).
 */
export class ScrapeService {
  /*
   * Per-process fixed windows. Each scrape ties up an outgoing connection for up to 8 s, so the limit is
   * about one user flooding one server; with N servers the effective limit is N times higher.
   */
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly options: ScrapeServiceOptions) {}

  async scrape(userId: string, url: string): Promise<ScrapeProductResponse> {
    this.consume(userId);
    try {
      const page = await fetchHtmlPage(url, {
        ...SCRAPE_FETCH_DEFAULTS,
        ...this.options.fetch,
        policy: this.options.policy,
      });
      const product = extractProduct(page.html, page.url);
      // A page title alone is not a product (a shop's home page, an article).
      if (product.images.length === 0 && product.price === null && product.brand === null) {
        this.options.log.info({ url }, 'scrape-product found no product details');
        return { success: false, error: 'The page has no product details', code: 'no_product_details' };
      }
      const images = await this.options.images.mirrorCandidates(
        userId,
        product.images.slice(0, LIMITS.scrapedImagesShownMax),
      );
      return { success: true, data: { ...product, images } };
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      this.options.log.info({ reason: error.reason, url }, 'scrape-product could not read the page');
      return { success: false, error: error.message, code: FAILURE_CODES[error.reason] };
    }
  }

  private consume(userId: string): void {
    const { limit, windowMs } = this.options.rateLimit ?? DEFAULT_RATE_LIMIT;
    const now = Date.now();
    const window = this.windows.get(userId);
    if (!window || now - window.start >= windowMs) {
      if (this.windows.size > 10_000) this.windows.clear();
      this.windows.set(userId, { start: now, count: 1 });
      return;
    }
    window.count += 1;
    if (window.count > limit) {
      throw new AppError(429, 'rate_limited', 'Too many product lookups, please wait a moment');
    }
  }
}
