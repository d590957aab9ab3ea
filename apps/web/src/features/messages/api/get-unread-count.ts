import type { UnreadCount } from '@sys/shared';
import { useQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { messageKeys } from './message-keys';

/** GET /api/v1/me/unread-count: messages from others I have not read yet, in all conversations. */
export function fetchUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return apiRequest<UnreadCount>('/me/unread-count', { signal });
}

/**
 * The unread total. It is not fetched: every events stream of a signed-in user starts with the current
 * count (unread.changed), and reading a conversation answers with the new one; useMessageEvents and
 * useMarkReadMutation put both here. So the bottom navigation costs no request of its own.
 */
export function useUnreadCountQuery() {
  const { viewerId } = useViewer();
  return useQuery({
    queryKey: messageKeys.unread(viewerId),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled: false,
  });
}
