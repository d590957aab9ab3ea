import type { Album } from '@sys/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { ApiError, apiRequest } from '@/shared/api/api-client';
import { albumKeys } from './album-keys';

/** GET /api/v1/albums/{id}: one album (a private one for its owner only, 404 for everyone else). */
export function fetchAlbum(albumId: string, signal?: AbortSignal): Promise<Album> {
  return apiRequest<Album>(`/albums/${encodeURIComponent(albumId)}`, { signal });
}

export function albumQueryOptions(albumId: string, viewerId: string | null) {
  return queryOptions({
    queryKey: albumKeys.detail(albumId, viewerId),
    queryFn: ({ signal }) => fetchAlbum(albumId, signal),
    retry: (failures, error) =>
      !(error instanceof ApiError && (error.status === 404 || error.status === 400)) && failures < 2,
  });
}

export function useAlbumQuery(albumId: string) {
  const { viewerId, isLoading } = useViewer();
  return useQuery({ ...albumQueryOptions(albumId, viewerId), enabled: !isLoading && !!albumId });
}
