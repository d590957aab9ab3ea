/** Which list of posts: the typed descriptor is part of the query key (one key builder, as in bluesky). */
export type FeedDescriptor =
  | { kind: 'home' }
  | { kind: 'profile'; username: string }
  /** The home feed through the explore filters; `query` is their URL query string. */
  | { kind: 'filtered'; query: string }
  /** Ranked by the viewer's preferences (server for signed-in users, local ranking otherwise). */
  | { kind: 'for-you' }
  /**
   * 'Fits like me': authors whose public measurements are within `tolerance` cm of the viewer's; null lets
   * the server choose it (the default, widened until enough match).
   */
  | { kind: 'fits'; tolerance: number | null };

/** The signed-in viewer (null: visitor). Posts answer with the viewer's likes and saves, so it keys them. */
type ViewerId = string | null;

/** Every query key of posts and their comments. `all` matches all of them. */
export const postKeys = {
  all: ['posts'] as const,
  feeds: () => [...postKeys.all, 'feed'] as const,
  feed: (feed: FeedDescriptor, viewer: ViewerId) => [...postKeys.feeds(), feed, viewer] as const,
  details: () => [...postKeys.all, 'detail'] as const,
  detail: (postId: string, viewer: ViewerId) => [...postKeys.details(), postId, viewer] as const,
  allComments: () => [...postKeys.all, 'comments'] as const,
  comments: (postId: string, viewer: ViewerId) => [...postKeys.allComments(), postId, viewer] as const,
};
