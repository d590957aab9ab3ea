import { type Message, type MessagePage, POST_LIMITS } from '@sys/shared';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { messageKeys } from './message-keys';

const PAGE_SIZE = POST_LIMITS.pageSizeMax;

export type MessagesData = InfiniteData<MessagePage, string | undefined>;

/** GET /api/v1/conversations/{id}/messages: newest first; the next page continues with older ones. */
export function fetchMessages(conversationId: string, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<MessagePage>(`/conversations/${encodeURIComponent(conversationId)}/messages`, {
    query: { limit: PAGE_SIZE, cursor },
    signal,
  });
}

export function useMessagesQuery(conversationId: string) {
  const { viewerId } = useViewer();
  return useInfiniteQuery({
    queryKey: messageKeys.messages(conversationId, viewerId),
    queryFn: ({ pageParam, signal }) => fetchMessages(conversationId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
    enabled: viewerId !== null && !!conversationId,
  });
}

/** Puts a new message at the front of its cached thread (once, whether it came from a send or an event). */
export function addMessageToCache(queryClient: QueryClient, viewerId: string | null, message: Message): void {
  queryClient.setQueryData<MessagesData>(messageKeys.messages(message.conversation_id, viewerId), (data) => {
    if (!data || data.pages.some((page) => page.items.some((item) => item.id === message.id))) return data;
    const [first, ...rest] = data.pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, items: [message, ...first.items] }, ...rest] };
  });
}

/** A deleted message leaves its cached thread (the sender's own deletion, or the live event of it). */
export function removeMessageFromCache(
  queryClient: QueryClient,
  viewerId: string | null,
  conversationId: string,
  messageId: string,
): void {
  queryClient.setQueryData<MessagesData>(messageKeys.messages(conversationId, viewerId), (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.filter((item) => item.id !== messageId),
      })),
    };
  });
}
