import type { ActivityUnreadCount } from '@sys/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useLiveEvents } from '@/shared/api/use-live-events';
import { activityKeys } from './activity-keys';

/**
 * Keeps the viewer's activity live through /api/v1/events: the unread count goes to the bell, and an
 * open Activity list refetches (only a list on screen does: invalidation refetches active queries).
 */
export function useActivityEvents() {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  useLiveEvents({ withUser: true, enabled: viewerId !== null }, (event) => {
    if (event.type === 'activity.unread') {
      const before = queryClient.getQueryData<ActivityUnreadCount>(activityKeys.unread(viewerId));
      queryClient.setQueryData<ActivityUnreadCount>(activityKeys.unread(viewerId), {
        unread_count: event.unread_count,
      });
      if (before === undefined || event.unread_count > before.unread_count) {
        void queryClient.invalidateQueries({ queryKey: activityKeys.list(viewerId) });
      }
    } else if (event.type === 'resync') {
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
    }
  });
}
