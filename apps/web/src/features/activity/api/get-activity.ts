import type { ActivityPage } from '@sys/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { activityKeys } from './activity-keys';

/** GET /api/v1/activity: what others did to the viewer, newest first, grouped. */
export function fetchActivity(cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<ActivityPage>('/activity', { query: { limit: 20, cursor }, signal });
}

export function useActivityQuery() {
  const { viewerId } = useViewer();
  return useInfiniteQuery({
    queryKey: activityKeys.list(viewerId),
    queryFn: ({ pageParam, signal }) => fetchActivity(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled: viewerId !== null,
  });
}
