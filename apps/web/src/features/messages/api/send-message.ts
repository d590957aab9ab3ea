import type { Message } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { addMessageToCache } from './get-messages';
import { messageKeys } from './message-keys';

/** POST /api/v1/conversations/{id}/messages. */
export function sendMessage(conversationId: string, body: string): Promise<Message> {
  return apiRequest<Message>(`/conversations/${encodeURIComponent(conversationId)}/messages`, {
    method: 'POST',
    body: { body },
  });
}

export function useSendMessageMutation(conversationId: string) {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  return useMutation({
    mutationFn: (body: string) => sendMessage(conversationId, body),
    onSuccess: (message) => {
      addMessageToCache(queryClient, viewerId, message);
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversationLists() });
    },
  });
}
