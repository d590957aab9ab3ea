import type { QueryClient } from '@tanstack/react-query';
import { applyLike, type QueuedLike, setPostLike } from '@/entities/post/api/like-post';
import { updatePostInCaches } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';
import { applySaved, type QueuedSave, setPostSaved } from '@/entities/post/api/save-post';
import { wishlistKeys } from '@/entities/post/api/wishlist-keys';
import { addComment, addCommentToCache, type QueuedComment } from '@/features/comments/api/add-comment';
import { messageKeys } from '@/features/messages/api/message-keys';
import { messageSent, type QueuedMessage, sendMessage } from '@/features/messages/api/send-message';
import type { OutboxItem, OutboxSender } from '@/shared/lib/outbox';

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
          addCommentToCache(queryClient, postId, await addComment(postId, body));
          return;
        }
        case 'message': {
          const { conversationId, body } = item.payload as QueuedMessage;
          messageSent(queryClient, viewerId, await sendMessage(conversationId, body));
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
