import { LIMITS, type PostPage } from '@sys/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { albumKeys } from './album-keys';

/** GET /api/v1/albums/{id}/posts: the album's posts in album order, `q` searching them; 8 per page. */
export function fetchAlbumPosts(
  albumId: string,
  q: string,
  cursor: string | undefined,
  signal?: AbortSignal,
) {
  return apiRequest<PostPage>(`/albums/${encodeURIComponent(albumId)}/posts`, {
    query: { limit: LIMITS.albumPagePostsMax, cursor, q: q || undefined },
    signal,
  });
}

export function albumPostsQueryOptions(albumId: string, q: string, viewerId: string | null) {
  return infiniteQueryOptions({
    queryKey: albumKeys.posts(albumId, q, viewerId),
    queryFn: ({ pageParam, signal }) => fetchAlbumPosts(albumId, q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

export function useAlbumPostsQuery(albumId: string, q: string, { enabled = true } = {}) {
  const { viewerId, isLoading } = useViewer();
  return useInfiniteQuery({
    ...albumPostsQueryOptions(albumId, q, viewerId),
    enabled: enabled && !isLoading,
  });
}
