/** Which list of albums: the typed descriptor is part of the query key. */
export type AlbumListDescriptor =
  | { kind: 'mine'; postId?: string }
  | { kind: 'profile'; username: string }
  | { kind: 'public'; q?: string }
  | { kind: 'saved'; q?: string };

type ViewerId = string | null;

/** Every query key of albums. `all` matches all of them. */
export const albumKeys = {
  all: ['albums'] as const,
  lists: () => [...albumKeys.all, 'list'] as const,
  list: (list: AlbumListDescriptor, viewer: ViewerId) => [...albumKeys.lists(), list, viewer] as const,
  details: () => [...albumKeys.all, 'detail'] as const,
  detail: (albumId: string, viewer: ViewerId) => [...albumKeys.details(), albumId, viewer] as const,
  allPosts: () => [...albumKeys.all, 'posts'] as const,
  posts: (albumId: string, q: string, viewer: ViewerId) =>
    [...albumKeys.allPosts(), albumId, q, viewer] as const,
};
