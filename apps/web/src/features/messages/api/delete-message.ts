import type { Message } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { removeMessageFromCache } from './get-messages';
import { messageKeys } from './message-keys';

/** DELETE /api/v1/messages/{id}: the viewer's own message, for both people (already gone is fine too). */
export function deleteMessage(messageId: string): Promise<void> {
  return apiRequest<void>(`/messages/${encodeURIComponent(messageId)}`, { method: 'DELETE' });
}

/** Deletes the message; it leaves the thread at once and the inbox is fetched again. */
export function useDeleteMessageMutation() {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  return useMutation({
    mutationFn: (message: Message) => deleteMessage(message.id),
    onSuccess: (_nothing, message) => {
      removeMessageFromCache(queryClient, viewerId, message.conversation_id, message.id);
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversationLists() });
    },
  });
}
