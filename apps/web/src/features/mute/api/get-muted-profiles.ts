import type { MutedProfilePage } from '@sys/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { muteKeys } from './mute-keys';

/** GET /api/v1/mutes: the people the viewer muted, most recent first. */
export function fetchMutedProfiles(cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<MutedProfilePage>('/mutes', { query: { limit: 30, cursor }, signal });
}

export function mutedProfilesQueryOptions(viewerId: string) {
  return infiniteQueryOptions({
    queryKey: muteKeys.list(viewerId),
    queryFn: ({ pageParam, signal }) => fetchMutedProfiles(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

export function useMutedProfilesQuery() {
  const { viewerId } = useViewer();
  return useInfiniteQuery({ ...mutedProfilesQueryOptions(viewerId ?? ''), enabled: viewerId !== null });
}
