import type { Post } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updatePostInCaches } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';
import { apiRequest } from '@/shared/api/api-client';
import type { CommentsData } from './get-comments';

/** DELETE /api/v1/comments/{id}: the viewer's own comment, its replies with it. */
export function deleteComment(commentId: string): Promise<void> {
  return apiRequest<void>(`/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE' });
}

export function useDeleteCommentMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_nothing, commentId) => {
      let removed = 0;
      queryClient.setQueriesData<CommentsData>({ queryKey: [...postKeys.allComments(), postId] }, (data) => {
        if (!data) return data;
        removed = 0;
        const pages = data.pages.map((page) => {
          const items = page.items.filter((c) => c.id !== commentId && c.parent_id !== commentId);
          removed += page.items.length - items.length;
          return { ...page, items };
        });
        return { ...data, pages };
      });
      updatePostInCaches(
        queryClient,
        postId,
        (post): Post => ({
          ...post,
          comment_count: Math.max(0, post.comment_count - Math.max(1, removed)),
        }),
      );
    },
  });
}
