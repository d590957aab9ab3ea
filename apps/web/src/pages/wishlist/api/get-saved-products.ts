import type { SavedProductPage } from '@sys/shared';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { wishlistKeys } from '@/entities/post/api/wishlist-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';

const PAGE_SIZE = 30;

/** GET /api/v1/me/saved-products: my saved products, most recently saved first, and how many; `q` searches them. */
export function fetchSavedProducts(q: string, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<SavedProductPage>('/me/saved-products', {
    query: { limit: PAGE_SIZE, cursor, q: q || undefined },
    signal,
  });
}

export function useSavedProductsQuery(q: string) {
  const { viewerId } = useViewer();
  return useInfiniteQuery({
    queryKey: wishlistKeys.products(q, viewerId),
    queryFn: ({ pageParam, signal }) => fetchSavedProducts(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
    enabled: viewerId !== null,
    placeholderData: keepPreviousData,
  });
}
