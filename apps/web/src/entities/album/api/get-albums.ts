import type { AlbumPage, SavedAlbumPage } from '@sys/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { type AlbumListDescriptor, albumKeys } from './album-keys';

export const ALBUMS_PAGE_SIZE = 24;

function pathOf(list: AlbumListDescriptor): string {
  switch (list.kind) {
    case 'mine':
      return '/me/albums';
    case 'saved':
      return '/me/saved-albums';
    case 'profile':
      return `/profiles/${encodeURIComponent(list.username)}/albums`;
    case 'public':
      return '/albums';
  }
}

/**
 * A list of albums: mine (GET /me/albums, `post_id` tells which hold that post), saved (GET
 * /me/saved-albums), a user's public ones (GET /profiles/{username}/albums) or every public one (GET /albums).
 */
export function fetchAlbums(list: AlbumListDescriptor, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<AlbumPage>(pathOf(list), {
    query: {
      limit: ALBUMS_PAGE_SIZE,
      cursor,
      q: 'q' in list ? list.q : undefined,
      post_id: list.kind === 'mine' ? list.postId : undefined,
    },
    signal,
  });
}

export function albumsQueryOptions(list: AlbumListDescriptor, viewerId: string | null) {
  return infiniteQueryOptions({
    queryKey: albumKeys.list(list, viewerId),
    queryFn: ({ pageParam, signal }) => fetchAlbums(list, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

/** Lists of one's own or saved albums need a signed-in viewer; the others are public. */
export function useAlbumsQuery(list: AlbumListDescriptor, { enabled = true }: { enabled?: boolean } = {}) {
  const { viewerId, isLoading } = useViewer();
  const needsUser = list.kind === 'mine' || list.kind === 'saved';
  return useInfiniteQuery({
    ...albumsQueryOptions(list, viewerId),
    enabled: enabled && !isLoading && (!needsUser || viewerId !== null),
  });
}

/**
 * GET /api/v1/me/saved-albums with its total (the See All page's count): the same list and cache entry as
 * useAlbumsQuery({ kind: 'saved', q }), typed with the total.
 */
export function useSavedAlbumsQuery(q: string | undefined) {
  const { viewerId, isLoading } = useViewer();
  const list: AlbumListDescriptor = { kind: 'saved', q };
  return useInfiniteQuery({
    queryKey: albumKeys.list(list, viewerId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SavedAlbumPage>(pathOf(list), {
        query: { limit: ALBUMS_PAGE_SIZE, cursor: pageParam, q },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
    enabled: !isLoading && viewerId !== null,
  });
}
