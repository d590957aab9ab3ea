import type { CountedPostPage } from '@sys/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { exploreKeys } from './explore-keys';

export const SEARCH_PAGE_SIZE = 30;

/** GET /api/v1/search: public posts by relevance, with the total found; `cursor` for the next page. */
export function searchPosts(q: string, cursor?: string, signal?: AbortSignal): Promise<CountedPostPage> {
  return apiRequest<CountedPostPage>('/search', {
    query: { q, limit: SEARCH_PAGE_SIZE, cursor },
    signal,
  });
}

/** Every page of a search, the next one on request ('Load more'). */
export function useSearchQuery(q: string) {
  const { viewerId, isLoading } = useViewer();
  return useInfiniteQuery({
    queryKey: exploreKeys.search(q, viewerId),
    queryFn: ({ pageParam, signal }) => searchPosts(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page: CountedPostPage) => page.next_cursor ?? undefined,
    enabled: !isLoading && q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
