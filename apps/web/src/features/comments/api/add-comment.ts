import type { Comment, CreateCommentBody, Post } from '@sys/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { updatePostInCaches } from '@/entities/post/api/post-cache';
import { postKeys, postMutationKeys } from '@/entities/post/api/post-keys';
import { apiRequest } from '@/shared/api/api-client';
import { MEANINGFUL_ACTION_META } from '@/shared/api/meaningful-action';
import { newClientId } from '@/shared/lib/client-id';
import { sendOrQueue } from '@/shared/lib/outbox';
import type { CommentsData } from './get-comments';

/**
 * POST /api/v1/posts/{id}/comments: a comment, or a reply when `parent_id` is set. With the body's
 * `client_id`, sending it again answers the comment already made (the outbox relies on it).
 */
export function addComment(postId: string, body: CreateCommentBody): Promise<Comment> {
  return apiRequest<Comment>(`/posts/${encodeURIComponent(postId)}/comments`, { method: 'POST', body });
}

/** The outbox item of a comment written offline (sent by app/outbox.ts, shown by the comments sheet). */
export interface QueuedComment {
  postId: string;
  /** With its `client_id` (written by builds before it, without: see app/outbox-sender.ts). */
  body: CreateCommentBody;
}

/** A new comment joins the end of the cached list and the post's comment count goes up. */
export function addCommentToCache(queryClient: QueryClient, postId: string, comment: Comment): void {
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
}

/**
 * Adds the comment (addCommentToCache). Offline, it waits in the outbox instead (resolving with null) and the
 * sheet shows it as waiting to send.
 */
export function useAddCommentMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: postMutationKeys.comments(postId),
    meta: MEANINGFUL_ACTION_META,
    networkMode: 'always',
    mutationFn: (input: CreateCommentBody) => {
      // One id for the comment, whether it goes now or waits in the outbox: sent twice, it is made once.
      const body = { ...input, client_id: input.client_id ?? newClientId() };
      return sendOrQueue<Comment, QueuedComment>(() => addComment(postId, body), {
        kind: 'comment',
        payload: { postId, body },
      });
    },
    onSuccess: (comment) => {
      if (comment) addCommentToCache(queryClient, postId, comment);
    },
  });
}
