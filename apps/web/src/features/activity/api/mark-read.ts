import type { ActivityUnreadCount } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { activityKeys } from './activity-keys';

/** POST /api/v1/activity/read: marks read what happened up to `before` (the newest item seen). */
export function useMarkActivityReadMutation() {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  return useMutation({
    mutationFn: (before: string) =>
      apiRequest<ActivityUnreadCount>('/activity/read', { method: 'POST', body: { before } }),
    onSuccess: (count) => queryClient.setQueryData(activityKeys.unread(viewerId), count),
  });
}
