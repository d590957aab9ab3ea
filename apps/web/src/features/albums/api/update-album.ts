import type { Album, UpdateAlbumBody } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { albumKeys } from '@/entities/album/api/album-keys';
import { wishlistKeys } from '@/entities/post/api/wishlist-keys';
import { apiRequest } from '@/shared/api/api-client';

/** PATCH /api/v1/albums/{id}: rename own album, or make it public or private. */
export function updateAlbum(albumId: string, body: UpdateAlbumBody): Promise<Album> {
  return apiRequest<Album>(`/albums/${encodeURIComponent(albumId)}`, { method: 'PATCH', body });
}

/** The album page shows the answer at once; every list (profile, explore, wishlist) is refetched. */
export function useUpdateAlbumMutation(albumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAlbumBody) => updateAlbum(albumId, body),
    onSuccess: (album) => {
      queryClient.setQueriesData<Album>({ queryKey: albumKeys.details() }, (cached) =>
        cached?.id === album.id ? { ...cached, ...album } : cached,
      );
      void queryClient.invalidateQueries({ queryKey: albumKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
    },
  });
}
