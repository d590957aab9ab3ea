import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removePostFromFeeds } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';
import { apiRequest } from '@/shared/api/api-client';

/** DELETE /api/v1/posts/{id}: the owner's post, its files with it. */
export function deletePost(postId: string): Promise<void> {
  return apiRequest<void>(`/posts/${encodeURIComponent(postId)}`, { method: 'DELETE' });
}

/** Names the deletions in the mutation cache, so a screen can tell that its post is going away. */
export const deletePostMutationKey = ['posts', 'delete'] as const;

export function useDeletePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: deletePostMutationKey,
    mutationFn: deletePost,
    onSuccess: (_nothing, postId) => {
      removePostFromFeeds(queryClient, postId);
      queryClient.removeQueries({ queryKey: postKeys.details(), predicate: (q) => q.queryKey[2] === postId });
      queryClient.removeQueries({ queryKey: [...postKeys.allComments(), postId] });
    },
  });
}
