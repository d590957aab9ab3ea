import type {
  BrandPage,
  CategoryPage,
  CreatorPage,
  ExploreBrandList,
  TagPage,
  TrendingPage,
} from '@sys/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { exploreKeys } from '@/entities/post/api/explore-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';

const PAGE = 50;
/** Posts of a brand or category page per request; 'Load more' (or scrolling near the end) asks for the next. */
const POSTS_PAGE = 30;

/** GET /api/v1/explore/brands: brands by the number of items tagged with them. */
export function useBrandsQuery() {
  return useQuery({
    queryKey: exploreKeys.brands(),
    queryFn: ({ signal }) => apiRequest<ExploreBrandList>('/explore/brands', { signal }),
  });
}

/** GET /api/v1/explore/brands/{brandId}: the brand and its posts, page by page (404: 'Brand Not Found'). */
export function useBrandPageQuery(brandId: string) {
  const { viewerId, isLoading } = useViewer();
  return useInfiniteQuery({
    queryKey: exploreKeys.brand(brandId, viewerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<BrandPage>(`/explore/brands/${encodeURIComponent(brandId)}`, {
        query: { limit: POSTS_PAGE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: BrandPage) => page.next_cursor ?? undefined,
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

/** GET /api/v1/explore/categories/{category}: posts whose tags equal or contain the style, page by page. */
export function useCategoryQuery(category: string) {
  const { viewerId, isLoading } = useViewer();
  return useInfiniteQuery({
    queryKey: exploreKeys.category(category, viewerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<CategoryPage>(`/explore/categories/${encodeURIComponent(category)}`, {
        query: { limit: POSTS_PAGE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: CategoryPage) => page.next_cursor ?? undefined,
    enabled: !isLoading,
  });
}

/** GET /api/v1/tags/{tag}/posts: the posts with this hashtag the viewer may see, page by page, counted. */
export function useTagQuery(tag: string) {
  const { viewerId, isLoading } = useViewer();
  return useInfiniteQuery({
    queryKey: exploreKeys.tag(tag, viewerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TagPage>(`/tags/${encodeURIComponent(tag)}/posts`, {
        query: { limit: POSTS_PAGE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: TagPage) => page.next_cursor ?? undefined,
    enabled: !isLoading,
  });
}
