import type { Comment, LikeState } from '@sys/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { postKeys } from '@/entities/post/api/post-keys';
import { apiRequest } from '@/shared/api/api-client';
import type { CommentsData } from './get-comments';

/** PUT (like) or DELETE (unlike) /api/v1/comments/{id}/like. */
export function setCommentLike(commentId: string, liked: boolean): Promise<LikeState> {
  return apiRequest<LikeState>(`/comments/${encodeURIComponent(commentId)}/like`, {
    method: liked ? 'PUT' : 'DELETE',
  });
}

export function updateCommentInCache(
  queryClient: QueryClient,
  postId: string,
  commentId: string,
  update: (comment: Comment) => Comment,
): void {
  queryClient.setQueriesData<CommentsData>({ queryKey: [...postKeys.allComments(), postId] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((comment) => (comment.id === commentId ? update(comment) : comment)),
          })),
        }
      : data,
  );
}

/** Like or unlike a comment, at once; rolled back if the server refuses. */
export function useLikeCommentMutation(postId: string, comment: Comment) {
  const queryClient = useQueryClient();
  const set = (state: LikeState) =>
    updateCommentInCache(
      queryClient,
      postId,
      comment.id,
      (c): Comment => ({
        ...c,
        liked_by_me: state.liked,
        like_count: state.like_count,
      }),
    );
  return useMutation({
    scope: { id: `comment-like:${comment.id}` },
    mutationFn: (liked: boolean) => setCommentLike(comment.id, liked),
    onMutate: (liked) => {
      const before: LikeState = { liked: comment.liked_by_me, like_count: comment.like_count };
      if (before.liked !== liked)
        set({ liked, like_count: Math.max(0, before.like_count + (liked ? 1 : -1)) });
      return { before };
    },
    onError: (_error, _liked, context) => {
      if (context) set(context.before);
    },
    onSuccess: set,
  });
}
