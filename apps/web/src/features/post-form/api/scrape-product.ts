import type { ScrapedProduct, ScrapeFailureCode, ScrapeProductResponse } from '@sys/shared';
import { useMutation } from '@tanstack/react-query';
import { accessToken, apiErrorFrom } from '@/shared/api/api-client';

/** The scrape-product function (not under /api/v1). */
export const SCRAPE_PRODUCT_URL = '/functions/v1/scrape-product';

/** The page could not be read; `code` says why (the server's `error` is its English wording). */
export class ScrapeFailedError extends Error {
  constructor(
    message: string,
    readonly code: ScrapeFailureCode | undefined,
  ) {
    super(message);
    this.name = 'ScrapeFailedError';
  }
}

/** POST /functions/v1/scrape-product {url}: what a shop's page says about the product. */
export async function scrapeProduct(url: string, signal?: AbortSignal): Promise<ScrapedProduct> {
  const token = await accessToken();
  const response = await fetch(SCRAPE_PRODUCT_URL, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ url }),
    signal,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiErrorFrom(response.status, body, response.statusText);
  const result = body as ScrapeProductResponse;
  if (!result.success) throw new ScrapeFailedError(result.error, result.code);
  return result.data;
}

export function useScrapeProductMutation() {
  return useMutation({ mutationFn: (url: string) => scrapeProduct(url) });
}
