import type { QueryClient } from '@tanstack/react-query';
import { applyLike, type QueuedLike, setPostLike } from '@/entities/post/api/like-post';
import { updatePostInCaches } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';
import { applySaved, type QueuedSave, setPostSaved } from '@/entities/post/api/save-post';
import { wishlistKeys } from '@/entities/post/api/wishlist-keys';
import { addComment, addCommentToCache, type QueuedComment } from '@/features/comments/api/add-comment';
import { fetchComments } from '@/features/comments/api/get-comments';
import { fetchMessages } from '@/features/messages/api/get-messages';
import { messageKeys } from '@/features/messages/api/message-keys';
import { messageSent, type QueuedMessage, sendMessage } from '@/features/messages/api/send-message';
import type { OutboxItem, OutboxSender } from '@/shared/lib/outbox';

/** How far the server's clock may be behind this device's when looking for an earlier send. */
const CLOCK_SLACK_MS = 10 * 60 * 1000;
/** A post's comments are looked through this many pages (50 each) for an earlier send. */
const COMMENT_PAGES_CHECKED = 20;

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
    async alreadySent(item) {
      // Written by this person, with this text, since a little before the earlier attempt (clocks differ).
      const since = (item.attemptedAt ?? item.createdAt) - CLOCK_SLACK_MS;
      const matches = (authorId: string, body: string, createdAt: string, expected: string) =>
        authorId === viewerId && body === expected && Date.parse(createdAt) >= since;
      if (item.kind === 'comment') {
        const { postId, body } = item.payload as QueuedComment;
        let cursor: string | undefined;
        for (let page = 0; page < COMMENT_PAGES_CHECKED; page += 1) {
          const found = await fetchComments(postId, cursor);
          if (found.items.some((c) => matches(c.author.id, c.body, c.created_at, body.body))) return true;
          if (!found.next_cursor) return false;
          cursor = found.next_cursor;
        }
        return false;
      }
      if (item.kind === 'message') {
        const { conversationId, body } = item.payload as QueuedMessage;
        // Newest first: a message sent moments ago is on the first page.
        const found = await fetchMessages(conversationId, undefined);
        return found.items.some((m) => matches(m.sender_id, m.body, m.created_at, body));
      }
      // A like or a save says the state wanted: sending it again is harmless.
      return false;
    },
    afterRun: () => {
      void queryClient.invalidateQueries({ queryKey: postKeys.all });
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  };
}
