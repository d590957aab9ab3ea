import { type FollowListPage, POST_LIMITS } from '@sys/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { messageKeys } from './message-keys';

/** GET /api/v1/profiles/{username}/following: whom I follow (New Message picks one of them). */
export function fetchFollowing(
  username: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<FollowListPage> {
  return apiRequest<FollowListPage>(`/profiles/${encodeURIComponent(username)}/following`, {
    query: { limit: POST_LIMITS.pageSizeMax, cursor },
    signal,
  });
}

export function useFollowingQuery(username: string | null | undefined, enabled: boolean) {
  const { viewerId } = useViewer();
  // Page by page: someone who follows more than a page of people can still reach all of them.
  return useInfiniteQuery({
    queryKey: [...messageKeys.following(viewerId), username ?? ''],
    queryFn: ({ pageParam, signal }) => fetchFollowing(username ?? '', pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
    enabled: enabled && viewerId !== null && !!username,
  });
}
