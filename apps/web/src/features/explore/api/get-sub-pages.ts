import type { BrandPage, CategoryPage, CreatorPage, ExploreBrandList, TrendingPage } from '@sys/shared';
import { useQuery } from '@tanstack/react-query';
import { useViewer } from '@/features/posts/hooks/use-viewer';
import { apiRequest } from '@/lib/api-client';
import { exploreKeys } from './explore-keys';

const PAGE = 50;

/** GET /api/v1/explore/brands: brands by the number of items tagged with them. */
export function useBrandsQuery() {
  return useQuery({
    queryKey: exploreKeys.brands(),
    queryFn: ({ signal }) => apiRequest<ExploreBrandList>('/explore/brands', { signal }),
  });
}

/** GET /api/v1/explore/brands/{brandId}: the brand and its posts (404: 'Brand Not Found'). */
export function useBrandPageQuery(brandId: string) {
  const { viewerId, isLoading } = useViewer();
  return useQuery({
    queryKey: exploreKeys.brand(brandId, viewerId),
    queryFn: ({ signal }) =>
      apiRequest<BrandPage>(`/explore/brands/${encodeURIComponent(brandId)}`, {
        query: { limit: PAGE },
        signal,
      }),
    enabled: !isLoading,
    retry: false,
  });
}

/** GET /api/v1/explore/creators: creators by followers. */
export function useCreatorsQuery() {
  const { viewerId, isLoading } = useViewer();
  return useQuery({
    queryKey: exploreKeys.creators(viewerId),
    queryFn: ({ signal }) => apiRequest<CreatorPage>('/explore/creators', { query: { limit: PAGE }, signal }),
    enabled: !isLoading,
  });
}

/** GET /api/v1/explore/trending: products by their link clicks of the last 7 days. */
export function useTrendingQuery() {
  return useQuery({
    queryKey: exploreKeys.trending(),
    queryFn: ({ signal }) =>
      apiRequest<TrendingPage>('/explore/trending', { query: { limit: PAGE }, signal }),
  });
}

/** GET /api/v1/explore/categories/{category}: posts whose tags equal or contain the style. */
export function useCategoryQuery(category: string) {
  const { viewerId, isLoading } = useViewer();
  return useQuery({
    queryKey: exploreKeys.category(category, viewerId),
    queryFn: ({ signal }) =>
      apiRequest<CategoryPage>(`/explore/categories/${encodeURIComponent(category)}`, {
        query: { limit: PAGE },
        signal,
      }),
    enabled: !isLoading,
  });
}
