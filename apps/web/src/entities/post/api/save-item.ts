import type { Post, PostItem, SaveState } from '@sys/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import type { PostFeedData } from './post-cache';
import { postKeys } from './post-keys';
import { wishlistKeys } from './wishlist-keys';

/** PUT (save) or DELETE (remove) /api/v1/items/{id}/save: a product in the viewer's wishlist. */
export function setItemSaved(itemId: string, saved: boolean): Promise<SaveState> {
  return apiRequest<SaveState>(`/items/${encodeURIComponent(itemId)}/save`, {
    method: saved ? 'PUT' : 'DELETE',
  });
}

function applyToPost(post: Post, itemId: string, saved: boolean): Post {
  if (!post.items.some((item) => item.id === itemId && item.saved_by_me !== saved)) return post;
  return {
    ...post,
    items: post.items.map((item): PostItem => (item.id === itemId ? { ...item, saved_by_me: saved } : item)),
  };
}

/** Save or remove a product, in every cached copy of its post; the wishlist is refetched. */
export function useSaveItemMutation(itemId: string) {
  const queryClient = useQueryClient();
  const apply = (saved: boolean) => {
    queryClient.setQueriesData<PostFeedData>({ queryKey: postKeys.feeds() }, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              items: page.items.map((p) => applyToPost(p, itemId, saved)),
            })),
          }
        : data,
    );
    queryClient.setQueriesData<Post>({ queryKey: postKeys.details() }, (post) =>
      post ? applyToPost(post, itemId, saved) : post,
    );
  };
  return useMutation({
    scope: { id: `item-save:${itemId}` },
    mutationFn: (saved: boolean) => setItemSaved(itemId, saved),
    onMutate: (saved) => apply(saved),
    onError: (_error, saved) => apply(!saved),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: wishlistKeys.all }),
  });
}
