import type { SaveState } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { findCachedPost, updatePostInCaches } from './post-cache';

/** PUT (save) or DELETE (remove) /api/v1/posts/{id}/save: the viewer's wishlist of posts. */
export function setPostSaved(postId: string, saved: boolean): Promise<SaveState> {
  return apiRequest<SaveState>(`/posts/${encodeURIComponent(postId)}/save`, {
    method: saved ? 'PUT' : 'DELETE',
  });
}

const applySaved =
  (saved: boolean) =>
  <P extends { saved_by_me: boolean }>(post: P): P =>
    post.saved_by_me === saved ? post : { ...post, saved_by_me: saved };

/** Save to or remove from the wishlist, optimistic in every cached copy, rolled back on error. */
export function useSavePostMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `post-save:${postId}` },
    mutationFn: (saved: boolean) => setPostSaved(postId, saved),
    onMutate: (saved) => {
      const before = findCachedPost(queryClient, postId)?.saved_by_me;
      updatePostInCaches(queryClient, postId, applySaved(saved));
      return { before };
    },
    onError: (_error, _saved, context) => {
      if (context?.before !== undefined) updatePostInCaches(queryClient, postId, applySaved(context.before));
    },
    onSuccess: (state) => updatePostInCaches(queryClient, postId, applySaved(state.saved)),
  });
}
