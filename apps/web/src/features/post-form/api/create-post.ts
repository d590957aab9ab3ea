import type { CreatePostBody, SavedPost } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postKeys } from '@/entities/post/api/post-keys';
import { apiRequest } from '@/shared/api/api-client';
import { MEANINGFUL_ACTION_META } from '@/shared/api/meaningful-action';

/**
 * POST /api/v1/posts: the post, its media and items in one go. The answer also lists the product images
 * the server could not store (`dropped_item_images`): those products were saved without one.
 */
export function createPost(body: CreatePostBody): Promise<SavedPost> {
  return apiRequest<SavedPost>('/posts', { method: 'POST', body });
}

/** Publishes; the feeds load again so the new post shows first. */
export function useCreatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    meta: MEANINGFUL_ACTION_META,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
    },
  });
}
