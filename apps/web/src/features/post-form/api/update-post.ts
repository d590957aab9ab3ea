import type { Post, SavedPost, UpdatePostBody } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updatePostInCaches } from '@/entities/post/api/post-cache';
import { postKeys } from '@/entities/post/api/post-keys';
import { apiRequest } from '@/shared/api/api-client';

/** PATCH /api/v1/posts/{id}: the owner's edit; given media or items replace the old ones (see createPost). */
export function updatePost(postId: string, body: UpdatePostBody): Promise<SavedPost> {
  return apiRequest<SavedPost>(`/posts/${encodeURIComponent(postId)}`, { method: 'PATCH', body });
}

/** Saves the edit and puts the server's post into every cached copy. */
export function useUpdatePostMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePostBody) => updatePost(postId, body),
    onSuccess: ({ dropped_item_images: _dropped, ...post }: SavedPost) => {
      // The caches hold posts as every read answers them.
      updatePostInCaches(queryClient, postId, () => post as Post);
      void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
    },
  });
}
