import type { BlockedProfilePage } from '@sys/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { blockKeys } from './block-keys';

/** GET /api/v1/blocks: the people the viewer blocked, most recent first. */
export function fetchBlockedProfiles(cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<BlockedProfilePage>('/blocks', { query: { limit: 30, cursor }, signal });
}

export function blockedProfilesQueryOptions(viewerId: string) {
  return infiniteQueryOptions({
    queryKey: blockKeys.blocked(viewerId),
    queryFn: ({ pageParam, signal }) => fetchBlockedProfiles(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
}

export function useBlockedProfilesQuery() {
  const { viewerId } = useViewer();
  return useInfiniteQuery({ ...blockedProfilesQueryOptions(viewerId ?? ''), enabled: viewerId !== null });
}
