import type { QueryClient } from '@tanstack/react-query';
import { applyLike, type QueuedLike, setPostLike } from '@/entities/post/api/like-post';
import { updatePostInCaches } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';
import { applySaved, type QueuedSave, setPostSaved } from '@/entities/post/api/save-post';
import { wishlistKeys } from '@/entities/post/api/wishlist-keys';
import { addComment, addCommentToCache, type QueuedComment } from '@/features/comments/api/add-comment';
import { messageKeys } from '@/features/messages/api/message-keys';
import { messageSent, type QueuedMessage, sendMessage } from '@/features/messages/api/send-message';
import { ApiError } from '@/shared/api/api-client';
import type { OutboxItem, OutboxSender } from '@/shared/lib/outbox';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `client_id` a comment or message goes with. Items written before client ids existed have none; their
 * outbox id (a UUID too) stands in, so from their first send here on they are made once as well.
 */
const clientIdOf = (item: OutboxItem, clientId: string | undefined) =>
  clientId ?? (UUID.test(item.id) ? item.id : undefined);

/**
 * The server made this comment or message before (an answer that never arrived) and it was deleted since:
 * the write is done, nothing is made again, and there is nothing to tell the person.
 */
export const wasDeletedSince = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 410 && error.code === 'client_id_deleted';

/** How each kind of waiting write goes out, and what the caches learn when it has. */
export function outboxSender(
  queryClient: QueryClient,
  viewerId: string,
  onFinal: (item: OutboxItem, error: unknown) => void,
): OutboxSender {
  return {
    async send(item) {
      switch (item.kind) {
        case 'post-like': {
          const { postId, liked } = item.payload as QueuedLike;
          const state = await setPostLike(postId, liked);
          updatePostInCaches(queryClient, postId, applyLike(state));
          return;
        }
        case 'post-save': {
          const { postId, saved } = item.payload as QueuedSave;
          const state = await setPostSaved(postId, saved);
          updatePostInCaches(queryClient, postId, applySaved(state.saved));
          void queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
          return;
        }
        case 'comment': {
          const { postId, body } = item.payload as QueuedComment;
          const clientId = clientIdOf(item, body.client_id);
          // Sent again after a lost answer, the server answers the comment it already has (200), or 410
          // when it was deleted since: done either way.
          try {
            const comment = await addComment(postId, clientId ? { ...body, client_id: clientId } : body);
            addCommentToCache(queryClient, postId, comment);
          } catch (error) {
            if (!wasDeletedSince(error)) throw error;
          }
          return;
        }
        case 'message': {
          const { conversationId, body, clientId } = item.payload as QueuedMessage;
          // Sent again after a lost answer, the server answers the message it already has (200), or 410
          // when it was deleted since: done either way.
          try {
            const message = await sendMessage(conversationId, body, clientIdOf(item, clientId));
            messageSent(queryClient, viewerId, message);
          } catch (error) {
            if (!wasDeletedSince(error)) throw error;
          }
          return;
        }
        default:
          // Written by a newer build that knows this kind: dropped rather than blocking the line.
          return;
      }
    },
    onFinal,
    afterRun: () => {
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  };
}
