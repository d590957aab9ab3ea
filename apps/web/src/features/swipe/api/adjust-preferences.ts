import type { AdjustPreferenceBody, Preferences, PreferencesSummary } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postKeys } from '@/entities/post/api/post-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { storeLocalPreferenceChange } from '../lib/swipe-storage';
import { localPreferences } from './get-preferences';
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

/** A visitor's or guest's change, kept in this browser (merged into the account at sign-up); the new summary. */
function changeLocalPreference(change: PreferenceChange): PreferencesSummary {
  storeLocalPreferenceChange(change);
  return localPreferences();
}

/**
 * Adjusting or removing one learned value: on the server for a signed-in user, in this browser for
 * everyone else. The new summary is shown at once; the deck and 'For you' are ordered by it, so both are
 * refetched.
 */
export function useChangePreferenceMutation() {
  const { viewerId } = useViewer();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: PreferenceChange): Promise<PreferencesSummary> =>
      viewerId ? (await changePreference(change)).summary : changeLocalPreference(change),
    onSuccess: async (summary) => {
      queryClient.setQueryData<PreferencesSummary>(swipeKeys.preferences(viewerId), summary);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: swipeKeys.deck(viewerId) }),
        queryClient.invalidateQueries({ queryKey: postKeys.feed({ kind: 'for-you' }, viewerId) }),
      ]);
    },
  });
}
