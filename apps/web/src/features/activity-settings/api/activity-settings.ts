import type { ActivitySettings } from '@sys/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';

export const activitySettingsKeys = {
  settings: (viewerId: string) => ['activity-settings', viewerId] as const,
};

/** GET /api/v1/me/activity-settings: which kinds of activity are recorded for the viewer. */
export function fetchActivitySettings(signal?: AbortSignal): Promise<ActivitySettings> {
  return apiRequest<ActivitySettings>('/me/activity-settings', { signal });
}

/** PUT /api/v1/me/activity-settings: every kind, on or off. */
export function saveActivitySettings(settings: ActivitySettings): Promise<ActivitySettings> {
  return apiRequest<ActivitySettings>('/me/activity-settings', { method: 'PUT', body: settings });
}

export function activitySettingsQueryOptions(viewerId: string) {
  return queryOptions({
    queryKey: activitySettingsKeys.settings(viewerId),
    queryFn: ({ signal }) => fetchActivitySettings(signal),
  });
}

export function useActivitySettingsQuery() {
  const { viewerId } = useViewer();
  return useQuery({ ...activitySettingsQueryOptions(viewerId ?? ''), enabled: viewerId !== null });
}

/**
 * Saves the settings. The switch moves at once (the cache holds the new settings while the request
 * runs) and moves back if the server refuses.
 */
export function useSaveActivitySettings() {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  const key = activitySettingsKeys.settings(viewerId ?? '');
  return useMutation({
    mutationFn: saveActivitySettings,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ActivitySettings>(key);
      queryClient.setQueryData(key, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}
