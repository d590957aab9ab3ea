import type { Message } from '@sys/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { newClientId } from '@/shared/lib/client-id';
import { sendOrQueue } from '@/shared/lib/outbox';
import { addMessageToCache } from './get-messages';
import { messageKeys } from './message-keys';

/**
 * POST /api/v1/conversations/{id}/messages. With a `clientId`, sending it again answers the message already
 * sent (the outbox relies on it).
 */
export function sendMessage(conversationId: string, body: string, clientId?: string): Promise<Message> {
  return apiRequest<Message>(`/conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: 'POST',
    body: clientId ? { body, client_id: clientId } : { body },
  });
}

/** The outbox item of a message written offline (sent by app/outbox.ts, shown in its conversation). */
export interface QueuedMessage {
  conversationId: string;
  body: string;
  /** The message's `client_id` (absent in items written by builds before it: see app/outbox-sender.ts). */
  clientId?: string;
}

/** A sent message joins its cached thread, and the inbox is fetched again. */
export function messageSent(queryClient: QueryClient, viewerId: string | null, message: Message): void {
  addMessageToCache(queryClient, viewerId, message);
  void queryClient.invalidateQueries({ queryKey: messageKeys.conversationLists() });
}

/** Sends the message; offline, it waits in the outbox instead (resolving with null). */
export function useSendMessageMutation(conversationId: string) {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  return useMutation({
    networkMode: 'always',
    mutationFn: (body: string) => {
      // One id for the message, whether it goes now or waits in the outbox: sent twice, it arrives once.
      const clientId = newClientId();
      return sendOrQueue<Message, QueuedMessage>(() => sendMessage(conversationId, body, clientId), {
        kind: 'message',
        payload: { conversationId, body, clientId },
      });
    },
    onSuccess: (message) => {
      if (message) messageSent(queryClient, viewerId, message);
    },
  });
}
