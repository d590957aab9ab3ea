import type { AdjustPreferenceBody, Preferences, PreferencesSummary } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postKeys } from '@/entities/post/api/post-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { swipeKeys } from './swipe-keys';

/** What a person does with one learned value: turn it up or down ('none' undoes that), or remove it. */
export type PreferenceChange =
  | AdjustPreferenceBody
  | { dimension: AdjustPreferenceBody['dimension']; key: string; remove: true };

/** PUT (adjust) or DELETE (remove) /api/v1/swipes/preferences/entries; both answer the new preferences. */
export function changePreference(change: PreferenceChange): Promise<Preferences> {
  if ('remove' in change)
    return apiRequest<Preferences>('/swipes/preferences/entries', {
      method: 'DELETE',
      query: { dimension: change.dimension, key: change.key },
    });
  return apiRequest<Preferences>('/swipes/preferences/entries', { method: 'PUT', body: change });
}

/**
 * Adjusting or removing one learned value of a signed-in user. The answer is the new summary, shown at
 * once; the deck and 'For you' are ordered by it, so both are refetched.
 */
export function useChangePreferenceMutation() {
  const { viewerId } = useViewer();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePreference,
    onSuccess: async (preferences) => {
      queryClient.setQueryData<PreferencesSummary>(swipeKeys.preferences(viewerId), preferences.summary);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: swipeKeys.deck(viewerId) }),
        queryClient.invalidateQueries({ queryKey: postKeys.feed({ kind: 'for-you' }, viewerId) }),
      ]);
    },
  });
}
