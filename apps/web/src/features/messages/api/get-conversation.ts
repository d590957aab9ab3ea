import type { Conversation } from '@sys/shared';
import { useQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { ApiError, apiRequest } from '@/shared/api/api-client';
import { messageKeys } from './message-keys';

/** GET /api/v1/conversations/{id}: one conversation of mine (404 for anyone else's). */
export function fetchConversation(id: string, signal?: AbortSignal): Promise<Conversation> {
  return apiRequest<Conversation>(`/conversations/${encodeURIComponent(id)}`, { signal });
}

export function useConversationQuery(id: string) {
  const { viewerId } = useViewer();
  return useQuery({
    queryKey: messageKeys.conversation(id, viewerId),
    queryFn: ({ signal }) => fetchConversation(id, signal),
    enabled: viewerId !== null && !!id,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
  });
}
