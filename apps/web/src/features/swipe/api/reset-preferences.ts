import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postKeys } from '@/entities/post/api/post-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { clearLocalSwipeEvents } from '../lib/swipe-storage';
import { swipeKeys } from './swipe-keys';

/** DELETE /api/v1/swipes: forgets every swipe of the signed-in user. */
export function deleteServerSwipes(): Promise<void> {
  return apiRequest<void>('/swipes', { method: 'DELETE' });
}

/**
 * 'Reset' of the preferences: on the server for a signed-in user, the local history for everyone else.
 * The preferences, the deck and the 'For you' feed are all made of those swipes, so all three are
 * refetched.
 */
export function useResetPreferencesMutation() {
  const { viewerId } = useViewer();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (viewerId) await deleteServerSwipes();
      else clearLocalSwipeEvents();
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: swipeKeys.all }),
        queryClient.invalidateQueries({ queryKey: postKeys.feed({ kind: 'for-you' }, viewerId) }),
      ]);
    },
  });
}
