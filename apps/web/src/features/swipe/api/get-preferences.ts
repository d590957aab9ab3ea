import { type Preferences, type PreferencesSummary, summarizePreferences } from '@sys/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { subscribeToStorage } from '@/shared/lib/local-storage';
import { readLocalSwipeEvents } from '../lib/swipe-storage';
import { swipeKeys } from './swipe-keys';

/** GET /api/v1/swipes/preferences: what a signed-in user's newest 500 swipes taught (the summary part). */
export async function fetchServerPreferences(signal?: AbortSignal): Promise<PreferencesSummary> {
  const preferences = await apiRequest<Preferences>('/swipes/preferences', { signal });
  return preferences.summary;
}

/** The same summary over this browser's swipes (visitors and guests), by the shared function. */
export function localPreferences(): PreferencesSummary {
  // Stored oldest first, as summarizePreferences wants them.
  return summarizePreferences(readLocalSwipeEvents());
}

export function preferencesQueryOptions(viewerId: string | null) {
  return queryOptions({
    queryKey: swipeKeys.preferences(viewerId),
    queryFn: ({ signal }) =>
      viewerId ? fetchServerPreferences(signal) : Promise.resolve(localPreferences()),
  });
}

/**
 * The preferences summary: from the server when signed in, from the local swipes otherwise (kept in step
 * with them).
 */
export function usePreferencesQuery() {
  const { viewerId, isLoading } = useViewer();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (viewerId) return;
    // A swipe in another tab (or a merge after sign-in) changes the local history.
    return subscribeToStorage(
      () => void queryClient.invalidateQueries({ queryKey: swipeKeys.preferences(null) }),
    );
  }, [viewerId, queryClient]);
  return useQuery({ ...preferencesQueryOptions(viewerId), enabled: !isLoading });
}
