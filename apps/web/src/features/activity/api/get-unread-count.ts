import type { ActivityUnreadCount } from '@sys/shared';
import { useQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { activityKeys } from './activity-keys';

/** GET /api/v1/activity/unread-count: how many groups of the viewer's activity are unread. */
export function fetchActivityUnreadCount(signal?: AbortSignal): Promise<ActivityUnreadCount> {
  return apiRequest<ActivityUnreadCount>('/activity/unread-count', { signal });
}

/**
 * The unread count on the bell. Fetched once; after that the events stream keeps it (every stream of a
 * signed-in user starts with `activity.unread` and gets a new one whenever the count changes).
 */
export function useActivityUnreadQuery() {
  const { viewerId } = useViewer();
  return useQuery({
    queryKey: activityKeys.unread(viewerId),
    queryFn: ({ signal }) => fetchActivityUnreadCount(signal),
    enabled: viewerId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
