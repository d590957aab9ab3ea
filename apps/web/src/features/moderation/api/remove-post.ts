import type { RemovalResult } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removePostFromFeeds } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { closeReportsOfRemoved, refreshReportLists } from './report-cache';

/** DELETE /api/v1/admin/posts/{id}: an administrator removes a post for everyone; its open reports close. */
export function removePost(postId: string): Promise<RemovalResult> {
  return apiRequest<RemovalResult>(`/admin/posts/${encodeURIComponent(postId)}`, { method: 'DELETE' });
}

/** Not optimistic: a removal cannot be taken back, so the screen says it is done only once it is. */
export function useRemovePostMutation() {
  const queryClient = useQueryClient();
  const viewerId = useViewer().viewerId ?? '';
  return useMutation({
    mutationFn: removePost,
    onSuccess: (_result, postId) => {
      closeReportsOfRemoved(queryClient, viewerId, 'post', postId);
      removePostFromFeeds(queryClient, postId);
      queryClient.removeQueries({ queryKey: postKeys.details(), predicate: (q) => q.queryKey[2] === postId });
      queryClient.removeQueries({ queryKey: [...postKeys.allComments(), postId] });
    },
    onSettled: () => refreshReportLists(queryClient, viewerId),
  });
}
