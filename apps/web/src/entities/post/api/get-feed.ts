import type { PostPage } from '@sys/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { postKeys } from './post-keys';

export const FEED_PAGE_SIZE = 10;

/** GET /api/v1/posts: the public feed, newest first. */
export function fetchHomeFeed(cursor: string | undefined, signal?: AbortSignal): Promise<PostPage> {
  return apiRequest<PostPage>('/posts', { query: { limit: FEED_PAGE_SIZE, cursor }, signal });
}

export function homeFeedQueryOptions(viewerId: string | null) {
  return infiniteQueryOptions({
    queryKey: postKeys.feed({ kind: 'home' }, viewerId),
    queryFn: ({ pageParam, signal }) => fetchHomeFeed(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

export function useHomeFeedQuery() {
  const { viewerId, isLoading } = useViewer();
  return useInfiniteQuery({ ...homeFeedQueryOptions(viewerId), enabled: !isLoading });
}
