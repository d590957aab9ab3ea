/** Every query key of the moderation feature. */
export const moderationKeys = {
  all: ['moderation'] as const,
  blocked: (viewerId: string) => [...moderationKeys.all, 'blocked', viewerId] as const,
};
