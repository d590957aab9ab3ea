/** The signed-in viewer (null: visitor); public profiles answer with the viewer's follow state and measurements. */
type ViewerId = string | null;

/** Every query key of profiles. Usernames are unique regardless of case, so keys use lower case. */
export const profileKeys = {
  all: ['profiles'] as const,
  me: (viewerId: string) => [...profileKeys.all, 'me', viewerId] as const,
  publics: () => [...profileKeys.all, 'public'] as const,
  public: (username: string, viewer: ViewerId) =>
    [...profileKeys.publics(), username.toLowerCase(), viewer] as const,
  allStats: () => [...profileKeys.all, 'stats'] as const,
  stats: (username: string) => [...profileKeys.allStats(), username.toLowerCase()] as const,
  /** Whom '@' + `query` may mean for the signed-in viewer. */
  mentionSuggestions: (viewerId: string, query: string) =>
    [...profileKeys.all, 'mentions', viewerId, query.toLowerCase()] as const,
};
