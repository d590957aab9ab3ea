import { LOCAL_STORAGE_KEYS } from '@sys/shared';
import { useEffect } from 'react';
import { useSession } from '@/entities/viewer/model/use-session';
import { readItem } from '@/shared/lib/local-storage';

/**
 * When someone signs in (SIGNED_IN, or a stored session that still finds local swipes), their local swipe
 * history and preference entries go to the server once and are cleared (spec section 4). The merge code loads only when there is
 * something to merge.
 */
export function useMergeSwipesOnSignIn(): void {
  const userId = useSession().user?.id ?? null;
  useEffect(() => {
    const nothingToMerge =
      readItem(LOCAL_STORAGE_KEYS.swipeEvents) === null &&
      readItem(LOCAL_STORAGE_KEYS.preferenceEntries) === null;
    if (!userId || nothingToMerge) return;
    void import('../api/merge-local-swipes').then(({ mergeLocalSwipes }) => mergeLocalSwipes());
  }, [userId]);
}
