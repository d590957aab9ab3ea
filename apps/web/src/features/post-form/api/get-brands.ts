import { type BrandList, DEFAULT_BRANDS, uniqueIgnoreCase } from '@sys/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';

export const brandKeys = {
  all: ['brands'] as const,
};

/** GET /api/v1/brands: every brand, most used first. */
export function fetchBrands(signal?: AbortSignal): Promise<BrandList> {
  return apiRequest<BrandList>('/brands', { signal, auth: false });
}

export function brandsQueryOptions() {
  return queryOptions({
    queryKey: brandKeys.all,
    queryFn: ({ signal }) => fetchBrands(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * The post form's brands: the spec's default brands first, in its order, then every other brand people
 * have used, most used first (each name once, ignoring case). Without the server's list, the defaults.
 */
export function brandOptions(list: BrandList | undefined): string[] {
  return uniqueIgnoreCase([...DEFAULT_BRANDS, ...(list?.items.map((brand) => brand.name) ?? [])]);
}

export function useBrandsQuery() {
  return useQuery(brandsQueryOptions());
}
