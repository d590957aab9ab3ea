import { useMutation, useQueryClient } from '@tanstack/react-query';
import { albumKeys } from '@/entities/album/api/album-keys';
import { wishlistKeys } from '@/entities/post/api/wishlist-keys';
import { apiRequest } from '@/shared/api/api-client';

/** DELETE /api/v1/albums/{id}: own album only; its posts stay. */
export function deleteAlbum(albumId: string): Promise<void> {
  return apiRequest<void>(`/albums/${encodeURIComponent(albumId)}`, { method: 'DELETE' });
}

export function useDeleteAlbumMutation(albumId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteAlbum(albumId),
    onSuccess: () => {
      // The album is gone: drop its page from the cache instead of refetching a 404.
      queryClient.removeQueries({
        queryKey: albumKeys.details(),
        predicate: (q) => q.queryKey[2] === albumId,
      });
      queryClient.removeQueries({ queryKey: [...albumKeys.allPosts(), albumId] });
      void queryClient.invalidateQueries({ queryKey: albumKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: wishlistKeys.all });
    },
  });
}
