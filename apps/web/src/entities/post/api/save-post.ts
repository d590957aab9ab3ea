import type { SaveState } from '@sys/shared';
import {
  MutationObserver,
  type QueryClient,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '@/shared/api/api-client';
import { sendOrQueue } from '@/shared/lib/outbox';
import { findCachedPost, updatePostInCaches } from './post-cache';
import { wishlistKeys } from './wishlist-keys';

/** PUT (save) or DELETE (remove) /api/v1/posts/{id}/save: the viewer's wishlist of posts. */
export function setPostSaved(postId: string, saved: boolean): Promise<SaveState> {
  return apiRequest<SaveState>(`/posts/${encodeURIComponent(postId)}/save`, {
    method: saved ? 'PUT' : 'DELETE',
  });
}

/** The outbox item of a save made offline (sent by app/outbox.ts); one per post, the newest wins. */
export interface QueuedSave {
  postId: string;
  saved: boolean;
}
export const saveOutboxKey = (postId: string) => `post-save:${postId}`;

export const applySaved =
  (saved: boolean) =>
  <P extends { saved_by_me: boolean }>(post: P): P =>
    post.saved_by_me === saved ? post : { ...post, saved_by_me: saved };

type SaveContext = { before: boolean | undefined };

/**
 * The one cache path of saving a post, wherever it is saved (the save button, a like-swipe): optimistic
 * in every cached copy, rolled back on error, one request at a time per post, and the wishlist refetched
 * when it settles. Offline, the save waits in the outbox (shared/lib/outbox.ts) and stays shown.
 */
export function savePostMutationOptions(
  queryClient: QueryClient,
  postId: string,
): UseMutationOptions<SaveState | null, Error, boolean, SaveContext> {
  return {
    scope: { id: `post-save:${postId}` },
    // Offline too: then the save joins the outbox (and the mutation resolves with null).
    networkMode: 'always',
    mutationFn: (saved: boolean) =>
      sendOrQueue<SaveState, QueuedSave>(() => setPostSaved(postId, saved), {
        kind: 'post-save',
        key: saveOutboxKey(postId),
        payload: { postId, saved },
      }),
    onMutate: (saved) => {
      const before = findCachedPost(queryClient, postId)?.saved_by_me;
      updatePostInCaches(queryClient, postId, applySaved(saved));
      return { before };
    },
    onError: (_error, _saved, context) => {
      if (context?.before !== undefined) updatePostInCaches(queryClient, postId, applySaved(context.before));
    },
    onSuccess: (state) => {
      if (state) updatePostInCaches(queryClient, postId, applySaved(state.saved));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  };
}

/** Save to or remove from the wishlist: the save button's mutation. */
export function useSavePostMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation(savePostMutationOptions(queryClient, postId));
}

/**
 * Saving posts that are not known when the component renders (each card of a swipe deck): runs the same
 * mutation as the save button for the post given. Resolves with the new state (null when it waits in the outbox); rejects on error.
 */
export function useSavePostAction(): (postId: string, saved: boolean) => Promise<SaveState | null> {
  const queryClient = useQueryClient();
  return useCallback(
    (postId, saved) =>
      new MutationObserver(queryClient, savePostMutationOptions(queryClient, postId)).mutate(saved),
    [queryClient],
  );
}
