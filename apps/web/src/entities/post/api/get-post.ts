import type { Post } from '@sys/shared';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { ApiError, apiRequest } from '@/shared/api/api-client';
import { findCachedPost } from './post-cache';
import { postKeys } from './post-keys';

/** GET /api/v1/posts/{id}. */
export function fetchPost(postId: string, signal?: AbortSignal): Promise<Post> {
  return apiRequest<Post>(`/posts/${encodeURIComponent(postId)}`, { signal });
}

export function postQueryOptions(postId: string, viewerId: string | null) {
  return queryOptions({
    queryKey: postKeys.detail(postId, viewerId),
    queryFn: ({ signal }) => fetchPost(postId, signal),
    // A missing post stays missing: no retry.
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** One post; a copy from a feed shows at once while the fresh one loads. `enabled: false` loads nothing. */
export function usePostQuery(postId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  const { viewerId, isLoading } = useViewer();
  return useQuery({
    ...postQueryOptions(postId, viewerId),
    enabled: enabled && !isLoading,
    placeholderData: () => findCachedPost(queryClient, postId),
  });
}
