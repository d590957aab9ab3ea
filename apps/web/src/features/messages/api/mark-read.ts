import type { UnreadCount } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { messageKeys } from './message-keys';

/** POST /api/v1/conversations/{id}/read: answers with my new total of unread messages. */
export function markConversationRead(conversationId: string): Promise<UnreadCount> {
  return apiRequest<UnreadCount>(`/conversations/${encodeURIComponent(conversationId)}/read`, {
    method: 'POST',
  });
}

export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (unread) => {
      queryClient.setQueryData(messageKeys.unread(viewerId), unread);
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversationLists() });
    },
  });
}
