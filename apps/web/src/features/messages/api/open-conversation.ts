import type { Conversation } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { messageKeys } from './message-keys';

/** POST /api/v1/conversations: the conversation with someone (an existing one, or a new one if I follow them). */
export function openConversation(profileId: string): Promise<Conversation> {
  return apiRequest<Conversation>('/conversations', { method: 'POST', body: { profile_id: profileId } });
}

export function useOpenConversationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openConversation,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messageKeys.conversationLists() }),
  });
}
