import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { albumKeys } from './album-keys';

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
      void queryClient.invalidateQueries({ queryKey: ['wishlist'] });
    },
  });
}
