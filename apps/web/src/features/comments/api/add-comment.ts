import type { Comment, CreateCommentBody, Post } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updatePostInCaches } from '@/entities/post/api/post-cache';
import { postKeys, postMutationKeys } from '@/entities/post/api/post-keys';
import { apiRequest } from '@/shared/api/api-client';
import { MEANINGFUL_ACTION_META } from '@/shared/api/meaningful-action';
import type { CommentsData } from './get-comments';

/** POST /api/v1/posts/{id}/comments: a comment, or a reply when `parent_id` is set. */
export function addComment(postId: string, body: CreateCommentBody): Promise<Comment> {
  return apiRequest<Comment>(`/posts/${encodeURIComponent(postId)}/comments`, { method: 'POST', body });
}

/** Adds the comment; it joins the end of the cached list and the post's comment count goes up. */
export function useAddCommentMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: postMutationKeys.comments(postId),
    mutationFn: (body: CreateCommentBody) => addComment(postId, body),
    meta: MEANINGFUL_ACTION_META,
    onSuccess: (comment) => {
      queryClient.setQueriesData<CommentsData>({ queryKey: [...postKeys.allComments(), postId] }, (data) => {
        if (!data) return data;
        const pages = [...data.pages];
        const last = pages.at(-1);
        // More pages to load: the new comment arrives with the last one.
        if (!last || last.next_cursor !== null) return data;
        pages[pages.length - 1] = { ...last, items: [...last.items, comment] };
        return { ...data, pages };
      });
      updatePostInCaches(
        queryClient,
        postId,
        (post): Post => ({ ...post, comment_count: post.comment_count + 1 }),
      );
    },
  });
}
