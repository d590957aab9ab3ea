import type { Album, SaveState } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { albumKeys } from '@/entities/album/api/album-keys';
import { wishlistKeys } from '@/entities/post/api/wishlist-keys';
import { apiRequest } from '@/shared/api/api-client';

/** PUT (save) or DELETE (remove) /api/v1/albums/{id}/save: someone's public album in my wishlist. */
export function setAlbumSaved(albumId: string, saved: boolean): Promise<SaveState> {
  return apiRequest<SaveState>(`/albums/${encodeURIComponent(albumId)}/save`, {
    method: saved ? 'PUT' : 'DELETE',
  });
}

export function useSaveAlbumMutation(albumId: string) {
  const queryClient = useQueryClient();
  const apply = (saved: boolean) =>
    queryClient.setQueriesData<Album>({ queryKey: albumKeys.details() }, (album): Album | undefined =>
      album?.id === albumId ? { ...album, saved_by_me: saved } : album,
    );
  return useMutation({
    mutationFn: (saved: boolean) => setAlbumSaved(albumId, saved),
    onMutate: (saved) => apply(saved),
    onError: (_error, saved) => apply(!saved),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: albumKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
    },
  });
}
