import type { PublicProfile } from '@sys/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFollowAuthorMutation } from '@/entities/post/api/follow-author';
import { followToasts } from '@/entities/post/lib/follow-toasts';
import { profileKeys } from '@/entities/profile/api/profile-keys';

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
    const toasts = followToasts(t, next);
    follow.mutate(next, {
      onSuccess: (state) => {
        queryClient.setQueriesData<PublicProfile>({ queryKey: profileKeys.publics() }, (cached) =>
          cached?.id === profile.id ? { ...cached, is_following: state.following } : cached,
        );
        if (profile.username) queryClient.setQueryData(profileKeys.stats(profile.username), state.stats);
        toasts.onSuccess();
      },
      onError: toasts.onError,
    });
  };

  return { following, pending: follow.isPending, toggle };
}
