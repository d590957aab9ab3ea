/** Every query key of the block feature (under 'moderation', where they were first kept). */
export const blockKeys = {
  blocked: (viewerId: string) => ['moderation', 'blocked', viewerId] as const,
};
