import type { RemovalResult } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postKeys } from '@/entities/post/api/post-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { closeReportsOfRemoved, refreshReportLists } from './report-cache';

/** DELETE /api/v1/admin/comments/{id}: an administrator removes a comment and its replies; its open reports close. */
export function removeComment(commentId: string): Promise<RemovalResult> {
  return apiRequest<RemovalResult>(`/admin/comments/${encodeURIComponent(commentId)}`, {
    method: 'DELETE',
  });
}

export interface RemoveCommentVariables {
  commentId: string;
  /** The post the comment is on: its comments and count are loaded again. */
  postId: string | null;
}

/** Not optimistic: a removal cannot be taken back, so the screen says it is done only once it is. */
export function useRemoveCommentMutation() {
  const queryClient = useQueryClient();
  const viewerId = useViewer().viewerId ?? '';
  return useMutation({
    mutationFn: ({ commentId }: RemoveCommentVariables) => removeComment(commentId),
    onSuccess: (_result, { commentId, postId }) => {
      closeReportsOfRemoved(queryClient, viewerId, 'comment', commentId);
      if (postId) {
        void queryClient.invalidateQueries({ queryKey: [...postKeys.allComments(), postId] });
        void queryClient.invalidateQueries({
          queryKey: postKeys.details(),
          predicate: (q) => q.queryKey[2] === postId,
        });
      }
    },
    onSettled: () => refreshReportLists(queryClient, viewerId),
  });
}
