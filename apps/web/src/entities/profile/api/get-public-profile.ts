import type { PublicProfile } from '@sys/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { ApiError, apiRequest } from '@/shared/api/api-client';
import { profileKeys } from './profile-keys';

/** GET /api/v1/profiles/{username}: measurements and size only for signed-in viewers of public ones. */
export function fetchPublicProfile(username: string, signal?: AbortSignal): Promise<PublicProfile> {
  return apiRequest<PublicProfile>(`/profiles/${encodeURIComponent(username)}`, { signal });
}

export function publicProfileQueryOptions(username: string, viewerId: string | null) {
  return queryOptions({
    queryKey: profileKeys.public(username, viewerId),
    queryFn: ({ signal }) => fetchPublicProfile(username, signal),
    // An unknown username stays unknown: no retries.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}

export function usePublicProfileQuery(username: string) {
  const { viewerId, isLoading } = useViewer();
  return useQuery({ ...publicProfileQueryOptions(username, viewerId), enabled: !isLoading && !!username });
}
