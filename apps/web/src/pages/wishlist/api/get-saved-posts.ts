import type { SavedPostPage } from '@sys/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { wishlistKeys } from '@/entities/post/api/wishlist-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';

const PAGE_SIZE = 24;

/** GET /api/v1/me/saved-posts: my saved posts, most recently saved first, and how many; `q` searches them. */
export function fetchSavedPosts(q: string, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<SavedPostPage>('/me/saved-posts', {
    query: { limit: PAGE_SIZE, cursor, q: q || undefined },
    signal,
  });
}

export function useSavedPostsQuery(q: string) {
  const { viewerId } = useViewer();
  return useInfiniteQuery({
    queryKey: wishlistKeys.posts(q, viewerId),
    queryFn: ({ pageParam, signal }) => fetchSavedPosts(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
    enabled: viewerId !== null,
    placeholderData: keepPreviousData,
  });
}
