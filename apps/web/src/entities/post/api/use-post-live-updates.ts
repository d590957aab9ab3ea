import type { Post } from '@sys/shared';
import { type MutationFilters, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { useLiveEvents } from '@/shared/api/use-live-events';
import { updatePostInCaches } from './post-cache';
import { postKeys, postMutationKeys } from './post-keys';

/** Runs `work` once none of the viewer's writes matching `filters` is under way. */
function whenSettled(queryClient: QueryClient, filters: MutationFilters, work: () => void): void {
  if (queryClient.isMutating(filters) === 0) {
    work();
    return;
  }
  // A mutation's status changes after its onSuccess updated the caches: then the refetch cannot be
  // overtaken by it (which would count the viewer's own comment twice).
  const unsubscribe = queryClient.getMutationCache().subscribe(() => {
    if (queryClient.isMutating(filters) > 0) return;
    unsubscribe();
    work();
  });
}

/**
 * Keeps one post's like count, comment count and comments live while mounted (GET /api/v1/events with
 * `posts=<id>`). A like count arrives as a number, the same for everyone. A change to the comments
 * arrives only as a signal, because which comments a viewer sees depends on their blocks: the comments
 * and the post are fetched again through the API, which applies them.
 */
export function usePostLiveUpdates(postId: string | undefined): void {
  const queryClient = useQueryClient();
  const { viewerId, isLoading } = useViewer();
  // The newest like count heard while the viewer's own like was under way, applied once it answered.
  const heardLikes = useRef<number | null>(null);
  const applyLikes = (id: string) =>
    whenSettled(queryClient, { mutationKey: postMutationKeys.like(id) }, () => {
      const likeCount = heardLikes.current;
      heardLikes.current = null;
      if (likeCount === null) return;
      updatePostInCaches(
        queryClient,
        id,
        (post): Post => (post.like_count === likeCount ? post : { ...post, like_count: likeCount }),
      );
    });
  const refetchComments = (id: string) =>
    whenSettled(queryClient, { mutationKey: postMutationKeys.comments(id) }, () => {
      void queryClient.invalidateQueries({ queryKey: [...postKeys.allComments(), id] });
      void queryClient.invalidateQueries({ queryKey: [...postKeys.details(), id] });
    });

  useLiveEvents(
    // Signed in, the stream says who is asking: their own hidden posts can be followed too.
    { posts: postId ? [postId] : [], withUser: viewerId !== null, enabled: !!postId && !isLoading },
    (event) => {
      if (!postId) return;
      switch (event.type) {
        case 'post.likes':
          if (event.post_id !== postId) break;
          // Events arrive in order, so the newest one heard is the count to show; the viewer's own like
          // under way answers with a count of its own, which must not overwrite it afterwards.
          heardLikes.current = event.like_count;
          applyLikes(postId);
          break;
        case 'post.comments':
          if (event.post_id === postId) refetchComments(postId);
          break;
        case 'resync':
          refetchComments(postId);
          break;
        default:
          break;
      }
    },
  );
}
