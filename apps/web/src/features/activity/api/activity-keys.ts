/** Every query key of the activity feature, per signed-in user. */
export const activityKeys = {
  all: ['activity'] as const,
  list: (viewerId: string | null) => ['activity', 'list', viewerId] as const,
  unread: (viewerId: string | null) => ['activity', 'unread', viewerId] as const,
};
