import type { UnreadCount } from '@sys/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useLiveEvents } from '@/shared/api/use-live-events';
import { addMessageToCache, removeMessageFromCache } from './get-messages';
import { messageKeys } from './message-keys';

/** Keeps the signed-in user's conversations, threads and unread count live through /api/v1/events. */
export function useMessageEvents(onMessage?: (conversationId: string) => void) {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  useLiveEvents({ withUser: true, enabled: viewerId !== null }, (event) => {
    switch (event.type) {
      case 'message.created':
        addMessageToCache(queryClient, viewerId, event.message);
        void queryClient.invalidateQueries({ queryKey: messageKeys.conversationLists() });
        onMessage?.(event.message.conversation_id);
        break;
      case 'message.deleted':
        // Its sender deleted it (here or on another device): it goes from the thread and the inbox.
        removeMessageFromCache(queryClient, viewerId, event.conversation_id, event.message_id);
        void queryClient.invalidateQueries({ queryKey: messageKeys.conversationLists() });
        break;
      case 'unread.changed':
        queryClient.setQueryData<UnreadCount>(messageKeys.unread(viewerId), {
          unread_count: event.unread_count,
        });
        break;
      case 'resync':
        void queryClient.invalidateQueries({ queryKey: messageKeys.all });
        break;
      default:
        break;
    }
  });
}
