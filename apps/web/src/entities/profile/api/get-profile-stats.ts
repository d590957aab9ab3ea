import type { ProfileStats } from '@sys/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { useLiveEvents } from '@/shared/api/use-live-events';
import { profileKeys } from './profile-keys';

/** GET /api/v1/profiles/{username}/stats: posts, followers and following counts. */
export function fetchProfileStats(username: string, signal?: AbortSignal): Promise<ProfileStats> {
  return apiRequest<ProfileStats>(`/profiles/${encodeURIComponent(username)}/stats`, { signal, auth: false });
}

export function profileStatsQueryOptions(username: string) {
  return queryOptions({
    queryKey: profileKeys.stats(username),
    queryFn: ({ signal }) => fetchProfileStats(username, signal),
  });
}

/**
 * A profile's counts, kept live: the events stream pushes new counts whenever that profile's posts or
 * follows change, on whichever server instance.
 */
export function useProfileStatsQuery(username: string | null | undefined, profileId: string | undefined) {
  const queryClient = useQueryClient();
  const key = profileKeys.stats(username ?? '');
  useLiveEvents({ profiles: profileId ? [profileId] : [], enabled: !!username && !!profileId }, (event) => {
    if (event.type === 'profile.stats' && event.profile_id === profileId) {
      queryClient.setQueryData(key, event.stats);
    } else if (event.type === 'resync') {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  });
  return useQuery({ ...profileStatsQueryOptions(username ?? ''), enabled: !!username });
}
