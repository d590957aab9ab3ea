import type { Suggestions } from '@sys/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { exploreKeys } from '@/entities/post/api/explore-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';

/** GET /api/v1/search/suggestions: people, brands and styles whose names hold the text. */
export function getSuggestions(q: string, signal?: AbortSignal): Promise<Suggestions> {
  return apiRequest<Suggestions>('/search/suggestions', { query: { q }, signal });
}

/**
 * The suggestions for `q` (already debounced by the caller). A request whose text is outdated is aborted:
 * the query it belongs to loses its observer and react-query cancels it through `signal`.
 */
export function useSuggestionsQuery(q: string) {
  const { viewerId, isLoading } = useViewer();
  return useQuery({
    queryKey: exploreKeys.suggestions(q, viewerId),
    queryFn: ({ signal }) => getSuggestions(q, signal),
    enabled: !isLoading && q !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
