import type { AlbumMembership } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { albumKeys } from './album-keys';

/** PUT (add to the end) or DELETE (take out) /api/v1/albums/{id}/posts/{postId}, own albums only. */
export function setAlbumPost(albumId: string, postId: string, inAlbum: boolean): Promise<AlbumMembership> {
  return apiRequest<AlbumMembership>(
    `/albums/${encodeURIComponent(albumId)}/posts/${encodeURIComponent(postId)}`,
    { method: inAlbum ? 'PUT' : 'DELETE' },
  );
}

export function useSetAlbumPostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ albumId, postId, inAlbum }: { albumId: string; postId: string; inAlbum: boolean }) =>
      setAlbumPost(albumId, postId, inAlbum),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: albumKeys.all }),
  });
}
