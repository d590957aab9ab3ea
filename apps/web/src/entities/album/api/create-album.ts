import type { Album, CreateAlbumBody } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { albumKeys } from './album-keys';

/** POST /api/v1/albums: a new album of mine, optionally with its first post. */
export function createAlbum(body: CreateAlbumBody): Promise<Album> {
  return apiRequest<Album>('/albums', { method: 'POST', body });
}

/** Creates an album; every list of albums is refetched (mine, the owner's public ones, explore). */
export function useCreateAlbumMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlbum,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: albumKeys.lists() }),
  });
}
