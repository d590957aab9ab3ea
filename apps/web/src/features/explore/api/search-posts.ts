import type { CountedPostPage } from '@sys/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useViewer } from '@/features/posts/hooks/use-viewer';
import { apiRequest } from '@/lib/api-client';
import { exploreKeys } from './explore-keys';

export const SEARCH_PAGE_SIZE = 30;

/** GET /api/v1/search: public posts by relevance, with the total found. */
export function searchPosts(q: string, signal?: AbortSignal): Promise<CountedPostPage> {
  return apiRequest<CountedPostPage>('/search', { query: { q, limit: SEARCH_PAGE_SIZE }, signal });
}

export function useSearchQuery(q: string) {
  const { viewerId, isLoading } = useViewer();
  return useQuery({
    queryKey: exploreKeys.search(q, viewerId),
    queryFn: ({ signal }) => searchPosts(q, signal),
    enabled: !isLoading && q.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
