import type { TFunction } from 'i18next';
import { showToast } from '@/shared/ui/show-toast';

/**
 * The spec's follow toasts (section 8), the same for every Follow button: 'Following' / 'User followed
 * successfully', 'Unfollowed' / 'User unfollowed successfully', or 'Error' / 'Failed to follow user'
 * ('Failed to unfollow user').
 */
export function followToasts(t: TFunction, following: boolean) {
  return {
    onSuccess: () =>
      void showToast('success', following ? t('follow.followed') : t('follow.unfollowed'), {
        description: following ? t('follow.followedDescription') : t('follow.unfollowedDescription'),
      }),
    onError: () =>
      void showToast('destructive', t('follow.error'), {
        description: following ? t('follow.followError') : t('follow.unfollowError'),
      }),
  };
}
