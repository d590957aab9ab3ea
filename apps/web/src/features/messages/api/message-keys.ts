type ViewerId = string | null;

/** Every query key of direct messages. */
export const messageKeys = {
  all: ['messages'] as const,
  conversationLists: () => [...messageKeys.all, 'conversations'] as const,
  conversations: (q: string, viewer: ViewerId) => [...messageKeys.conversationLists(), q, viewer] as const,
  conversation: (id: string, viewer: ViewerId) => [...messageKeys.all, 'conversation', id, viewer] as const,
  messages: (conversationId: string, viewer: ViewerId) =>
    [...messageKeys.all, 'thread', conversationId, viewer] as const,
  unread: (viewer: ViewerId) => [...messageKeys.all, 'unread', viewer] as const,
  following: (viewer: ViewerId) => [...messageKeys.all, 'following', viewer] as const,
};
