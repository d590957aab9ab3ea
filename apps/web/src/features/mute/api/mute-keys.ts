/** Every query key of the mute feature, per viewer (sign-out forgets them with the viewer). */
export const muteKeys = {
  all: (viewerId: string) => ['mutes', viewerId] as const,
  state: (viewerId: string, profileId: string) => ['mutes', viewerId, 'state', profileId] as const,
  list: (viewerId: string) => ['mutes', viewerId, 'list'] as const,
};
