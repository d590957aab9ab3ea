import type { CommentPage } from '@sys/shared';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { postKeys } from '@/entities/post/api/post-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';

export type CommentsData = InfiniteData<CommentPage, string | undefined>;

const COMMENTS_PAGE_SIZE = 50;

/** GET /api/v1/posts/{id}/comments: comments and replies, oldest first. */
export function fetchComments(postId: string, cursor: string | undefined, signal?: AbortSignal) {
  return apiRequest<CommentPage>(`/posts/${encodeURIComponent(postId)}/comments`, {
    query: { limit: COMMENTS_PAGE_SIZE, cursor },
    signal,
  });
}

export function commentsQueryOptions(postId: string, viewerId: string | null) {
  return infiniteQueryOptions({
    queryKey: postKeys.comments(postId, viewerId),
    queryFn: ({ pageParam, signal }) => fetchComments(postId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.next_cursor ?? undefined,
  });
}

export function useCommentsQuery(postId: string) {
  const { viewerId, isLoading } = useViewer();
  return useInfiniteQuery({ ...commentsQueryOptions(postId, viewerId), enabled: !isLoading });
}
