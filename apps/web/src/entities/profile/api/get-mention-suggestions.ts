import type { MentionSuggestions } from '@sys/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/shared/api/api-client';
import { profileKeys } from './profile-keys';

/** GET /api/v1/mentions/suggestions?q=: people the viewer follows first, then others (signed in only). */
export function fetchMentionSuggestions(query: string, signal?: AbortSignal): Promise<MentionSuggestions> {
  return apiRequest<MentionSuggestions>(`/mentions/suggestions?q=${encodeURIComponent(query)}`, { signal });
}

/** The suggestions for the mention being typed; null `query` (no mention at the caret) asks nothing. */
export function useMentionSuggestionsQuery(viewerId: string | null, query: string | null) {
  return useQuery({
    queryKey: profileKeys.mentionSuggestions(viewerId ?? '', query ?? ''),
    queryFn: ({ signal }) => fetchMentionSuggestions(query ?? '', signal),
    enabled: viewerId !== null && query !== null,
    staleTime: 30_000,
    // The list keeps its place while the next letters are asked about.
    placeholderData: keepPreviousData,
  });
}
