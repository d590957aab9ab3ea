import type { FollowState } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { MEANINGFUL_ACTION_META } from '@/shared/api/meaningful-action';
import { updateAuthorPostsInCaches } from './post-cache';

/** PUT (follow) or DELETE (unfollow) /api/v1/follows/{profileId}. */
export function setFollowing(profileId: string, following: boolean): Promise<FollowState> {
  return apiRequest<FollowState>(`/follows/${encodeURIComponent(profileId)}`, {
    method: following ? 'PUT' : 'DELETE',
  });
}

const applyFollowing =
  (following: boolean) =>
  <P extends { following_author: boolean }>(post: P): P =>
    post.following_author === following ? post : { ...post, following_author: following };

/** Follow or unfollow a post's author, at once on every cached post of theirs; rolled back on error. */
export function useFollowAuthorMutation(authorId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `follow:${authorId}` },
    meta: MEANINGFUL_ACTION_META,
    mutationFn: (following: boolean) => setFollowing(authorId, following),
    onMutate: (following) => {
      updateAuthorPostsInCaches(queryClient, authorId, applyFollowing(following));
      return { before: !following };
    },
    onError: (_error, _following, context) => {
      if (context) updateAuthorPostsInCaches(queryClient, authorId, applyFollowing(context.before));
    },
    onSuccess: (state) => updateAuthorPostsInCaches(queryClient, authorId, applyFollowing(state.following)),
  });
}
