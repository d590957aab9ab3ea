import type { LikeState } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { MEANINGFUL_ACTION_META } from '@/shared/api/meaningful-action';
import { sendOrQueue } from '@/shared/lib/outbox';
import { findCachedPost, updatePostInCaches } from './post-cache';
import { postMutationKeys } from './post-keys';

/** PUT (like) or DELETE (unlike) /api/v1/posts/{id}/like. */
export function setPostLike(postId: string, liked: boolean): Promise<LikeState> {
  return apiRequest<LikeState>(`/posts/${encodeURIComponent(postId)}/like`, {
    method: liked ? 'PUT' : 'DELETE',
  });
}

/** The outbox item of a like made offline (sent by app/outbox.ts); one per post, the newest wins. */
export interface QueuedLike {
  postId: string;
  liked: boolean;
}
export const likeOutboxKey = (postId: string) => `post-like:${postId}`;

export function applyLike(state: LikeState) {
  return <P extends { liked_by_me: boolean; like_count: number }>(post: P): P =>
    post.liked_by_me === state.liked && post.like_count === state.like_count
      ? post
      : { ...post, liked_by_me: state.liked, like_count: state.like_count };
}

/**
 * Like or unlike, at once in every cached copy of the post; rolled back if the server refuses, and set to
 * the server's count when it answers. One post's like requests run one after the other. Offline, the like
 * waits in the outbox (shared/lib/outbox.ts) and the cached copies keep showing it.
 */
export function useLikePostMutation(postId: string, onError?: (error: Error) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `post-like:${postId}` },
    mutationKey: postMutationKeys.like(postId),
    meta: MEANINGFUL_ACTION_META,
    // Offline too: then the like joins the outbox (and the mutation resolves with null).
    networkMode: 'always',
    mutationFn: (liked: boolean) =>
      sendOrQueue<LikeState, QueuedLike>(() => setPostLike(postId, liked), {
        kind: 'post-like',
        key: likeOutboxKey(postId),
        payload: { postId, liked },
      }),
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
    onSuccess: (state) => {
      if (state) updatePostInCaches(queryClient, postId, applyLike(state));
    },
  });
}
