import type { SearchPage } from '@sys/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { exploreKeys } from '@/entities/post/api/explore-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';

export const SEARCH_PAGE_SIZE = 30;

/**
 * GET /api/v1/search: public posts by relevance, with the total found and the corrected words if any;
 * `exact` searches the words as typed; `cursor` for the next page.
 */
export function searchPosts(
  q: string,
  exact: boolean,
  cursor?: string,
  signal?: AbortSignal,
): Promise<SearchPage> {
  return apiRequest<SearchPage>('/search', {
    query: { q, limit: SEARCH_PAGE_SIZE, cursor, exact: exact ? 1 : undefined },
    signal,
  });
}

/** Every page of a search, the next one on request ('Load more'). */
export function useSearchQuery(q: string, exact = false) {
  const { viewerId, isLoading } = useViewer();
  return useInfiniteQuery({
    queryKey: exploreKeys.search(q, exact, viewerId),
    queryFn: ({ pageParam, signal }) => searchPosts(q, exact, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: SearchPage) => page.next_cursor ?? undefined,
    enabled: !isLoading && q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
