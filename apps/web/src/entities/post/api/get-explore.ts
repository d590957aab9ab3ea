import type { Explore } from '@sys/shared';
import { useQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { exploreKeys } from './explore-keys';

/** GET /api/v1/explore: the hub's sections, each cut to the spec's size. */
export function fetchExplore(signal?: AbortSignal): Promise<Explore> {
  return apiRequest<Explore>('/explore', { signal });
}

export function useExploreQuery() {
  const { viewerId, isLoading } = useViewer();
  return useQuery({
    queryKey: exploreKeys.hub(viewerId),
    queryFn: ({ signal }) => fetchExplore(signal),
    enabled: !isLoading,
  });
}
