import type { ExploreBrandList } from '@sys/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';

/** Brands change rarely: one request per session serves every card's brand chips. */
const DIRECTORY_STALE_MS = 10 * 60_000;

const fold = (name: string) => name.trim().toLocaleLowerCase();

/**
 * The brands that have a page (GET /api/v1/explore/brands), by their case-folded name, loaded once a
 * card shows a brand chip. A tagged brand is the poster's free text: only a catalogued one has a page.
 */
export function useBrandPageIds(enabled: boolean): (name: string) => string | undefined {
  const brands = useQuery({
    queryKey: ['brands', 'directory'] as const,
    queryFn: ({ signal }) => apiRequest<ExploreBrandList>('/explore/brands', { signal }),
    select: (list) => new Map(list.items.map((brand) => [fold(brand.name), brand.id])),
    staleTime: DIRECTORY_STALE_MS,
    enabled,
  });
  return (name) => brands.data?.get(fold(name));
}
