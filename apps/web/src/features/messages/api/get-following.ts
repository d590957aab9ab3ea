import { type FollowListPage, POST_LIMITS } from '@sys/shared';
import { useQuery } from '@tanstack/react-query';
import { useViewer } from '@/features/posts/hooks/use-viewer';
import { apiRequest } from '@/lib/api-client';
import { messageKeys } from './message-keys';

/** GET /api/v1/profiles/{username}/following: whom I follow (New Message picks one of them). */
export function fetchFollowing(username: string, signal?: AbortSignal): Promise<FollowListPage> {
  return apiRequest<FollowListPage>(`/profiles/${encodeURIComponent(username)}/following`, {
    query: { limit: POST_LIMITS.pageSizeMax },
    signal,
  });
}

export function useFollowingQuery(username: string | null | undefined, enabled: boolean) {
  const { viewerId } = useViewer();
  return useQuery({
    queryKey: [...messageKeys.following(viewerId), username ?? ''],
    queryFn: ({ signal }) => fetchFollowing(username ?? '', signal),
    enabled: enabled && viewerId !== null && !!username,
  });
}
