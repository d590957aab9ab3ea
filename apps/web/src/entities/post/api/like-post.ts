import type { LikeState } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { MEANINGFUL_ACTION_META } from '@/shared/api/meaningful-action';
import { findCachedPost, updatePostInCaches } from './post-cache';
import { postMutationKeys } from './post-keys';

/** PUT (like) or DELETE (unlike) /api/v1/posts/{id}/like. */
export function setPostLike(postId: string, liked: boolean): Promise<LikeState> {
  return apiRequest<LikeState>(`/posts/${encodeURIComponent(postId)}/like`, {
    method: liked ? 'PUT' : 'DELETE',
  });
}

function applyLike(state: LikeState) {
  return <P extends { liked_by_me: boolean; like_count: number }>(post: P): P =>
    post.liked_by_me === state.liked && post.like_count === state.like_count
      ? post
      : { ...post, liked_by_me: state.liked, like_count: state.like_count };
}

/**
 * Like or unlike, at once in every cached copy of the post; rolled back if the server refuses, and set to
 * the server's count when it answers. One post's like requests run one after the other.
 */
export function useLikePostMutation(postId: string, onError?: (error: Error) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `post-like:${postId}` },
    mutationKey: postMutationKeys.like(postId),
    meta: MEANINGFUL_ACTION_META,
    mutationFn: (liked: boolean) => setPostLike(postId, liked),
    onMutate: (liked) => {
      const cached = findCachedPost(queryClient, postId);
      const before: LikeState | null = cached
        ? { liked: cached.liked_by_me, like_count: cached.like_count }
        : null;
      if (before && before.liked !== liked) {
        updatePostInCaches(
          queryClient,
          postId,
          applyLike({ liked, like_count: Math.max(0, before.like_count + (liked ? 1 : -1)) }),
        );
      }
      return { before };
    },
    onError: (error, _liked, context) => {
      if (context?.before) updatePostInCaches(queryClient, postId, applyLike(context.before));
      onError?.(error);
    },
    onSuccess: (state) => updatePostInCaches(queryClient, postId, applyLike(state)),
  });
}
