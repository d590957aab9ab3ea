import { type ConversationPage, POST_LIMITS } from '@sys/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useViewer } from '@/features/posts/hooks/use-viewer';
import { apiRequest } from '@/lib/api-client';
import { messageKeys } from './message-keys';

const PAGE_SIZE = POST_LIMITS.pageSizeMax;

/** GET /api/v1/conversations: my conversations, most recent activity first; `q` searches them. */
export function fetchConversations(q: string, signal?: AbortSignal): Promise<ConversationPage> {
  return apiRequest<ConversationPage>('/conversations', {
    query: { limit: PAGE_SIZE, q: q || undefined },
    signal,
  });
}

export function useConversationsQuery(q: string) {
  const { viewerId } = useViewer();
  return useQuery({
    queryKey: messageKeys.conversations(q, viewerId),
    queryFn: ({ signal }) => fetchConversations(q, signal),
    enabled: viewerId !== null,
    placeholderData: keepPreviousData,
  });
}
