import type { PostPage } from '@sys/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { postKeys } from './post-keys';

export const PROFILE_POSTS_PAGE_SIZE = 30;

/** GET /api/v1/profiles/{username}/posts: a profile's posts, newest first. */
export function fetchProfilePosts(
  username: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<PostPage> {
  return apiRequest<PostPage>(`/profiles/${encodeURIComponent(username)}/posts`, {
    query: { limit: PROFILE_POSTS_PAGE_SIZE, cursor },
    signal,
  });
}

export function profilePostsQueryOptions(username: string, viewerId: string | null) {
  return infiniteQueryOptions({
    queryKey: postKeys.feed({ kind: 'profile', username }, viewerId),
    queryFn: ({ pageParam, signal }) => fetchProfilePosts(username, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

export function useProfilePostsQuery(username: string | null | undefined) {
  const { viewerId, isLoading } = useViewer();
  return useInfiniteQuery({
    ...profilePostsQueryOptions(username ?? '', viewerId),
    enabled: !isLoading && !!username,
  });
}
