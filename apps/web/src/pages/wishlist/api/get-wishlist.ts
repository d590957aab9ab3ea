import type { WishlistSummary } from '@sys/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { wishlistKeys } from '@/entities/post/api/wishlist-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';

/** GET /api/v1/me/wishlist: the first saved posts, products and albums matching `q`, and their counts. */
export function fetchWishlist(q: string, signal?: AbortSignal): Promise<WishlistSummary> {
  return apiRequest<WishlistSummary>('/me/wishlist', { query: { q: q || undefined }, signal });
}

export function useWishlistQuery(q: string) {
  const { viewerId } = useViewer();
  return useQuery({
    queryKey: wishlistKeys.summary(q, viewerId),
    queryFn: ({ signal }) => fetchWishlist(q, signal),
    enabled: viewerId !== null,
    placeholderData: keepPreviousData,
  });
}
