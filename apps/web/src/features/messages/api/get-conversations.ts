import { type ConversationPage, POST_LIMITS } from '@sys/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { messageKeys } from './message-keys';

const PAGE_SIZE = POST_LIMITS.pageSizeMax;

/** GET /api/v1/conversations: my conversations, most recent activity first; `q` searches them. */
export function fetchConversations(
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<ConversationPage> {
  return apiRequest<ConversationPage>('/conversations', {
    query: { limit: PAGE_SIZE, q: q || undefined, cursor },
    signal,
  });
}

export function useConversationsQuery(q: string) {
  const { viewerId } = useViewer();
  // Page by page: older conversations stay reachable past the first page.
  return useInfiniteQuery({
    queryKey: messageKeys.conversations(q, viewerId),
    queryFn: ({ pageParam, signal }) => fetchConversations(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
    enabled: viewerId !== null,
    placeholderData: keepPreviousData,
  });
}
