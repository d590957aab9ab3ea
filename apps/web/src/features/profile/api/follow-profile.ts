import type { PublicProfile } from '@sys/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFollowAuthorMutation } from '@/features/posts/api/follow-author';
import { showToast } from '@/features/posts/utils/toast';
import { profileKeys } from './profile-keys';

/**
 * Follow or unfollow from a profile page: the posts' follow mutation (optimistic on every cached post of
 * theirs), plus the profile's own follow state and counts from the server's answer.
 */
export function useProfileFollow(profile: PublicProfile | undefined) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const follow = useFollowAuthorMutation(profile?.id ?? '');
  const following = follow.isPending ? !!follow.variables : !!profile?.is_following;

  const toggle = () => {
    if (!profile) return;
    const next = !following;
    follow.mutate(next, {
      onSuccess: (state) => {
        queryClient.setQueriesData<PublicProfile>({ queryKey: profileKeys.publics() }, (cached) =>
          cached?.id === profile.id ? { ...cached, is_following: state.following } : cached,
        );
        if (profile.username) queryClient.setQueryData(profileKeys.stats(profile.username), state.stats);
        void showToast('success', next ? t('follow.followed') : t('follow.unfollowed'), {
          description: next ? t('follow.followedDescription') : t('follow.unfollowedDescription'),
        });
      },
      onError: () =>
        void showToast('destructive', t('follow.error'), {
          description: next ? t('follow.followError') : t('follow.unfollowError'),
        }),
    });
  };

  return { following, pending: follow.isPending, toggle };
}
