import type { FitsPage, PostPage } from '@sys/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { apiRequest } from '@/shared/api/api-client';
import { FEED_PAGE_SIZE, homeFeedQueryOptions } from './get-feed';
import { type FeedDescriptor, postKeys } from './post-keys';

/**
 * A page of a discovery feed; the filtered and fits feeds also tell their total ('Showing N filtered
 * results'), `total_capped` when the server stopped counting there ('Showing 10,000+ filtered results').
 */
export type FeedPage = PostPage & Partial<Pick<FitsPage, 'total' | 'total_capped' | 'tolerance'>>;

/** GET /api/v1/posts/filtered?size=M&color=Black...: the home feed through the explore filters. */
export function fetchFilteredFeed(
  query: string,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<FeedPage> {
  return apiRequest<FeedPage>(`/posts/filtered?${query}`, {
    query: { limit: FEED_PAGE_SIZE, cursor },
    signal,
  });
}

/**
 * GET /api/v1/posts/fits-like-me?tolerance=4: closest measurements first, with the total and the tolerance
 * in use (without one, the server chooses it).
 */
export function fetchFitsFeed(
  tolerance: number | undefined,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<FeedPage> {
  return apiRequest<FeedPage>('/posts/fits-like-me', {
    query: { limit: FEED_PAGE_SIZE, cursor, tolerance },
    signal,
  });
}

/**
 * 'For you': GET /api/v1/posts/for-you for a signed-in user; for everyone else the newest posts ranked by
 * the shared scoring over the local swipes (that code loads only here, off the first screen).
 */
export async function fetchForYouFeed(
  signedIn: boolean,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<FeedPage> {
  if (signedIn)
    return apiRequest<FeedPage>('/posts/for-you', { query: { limit: FEED_PAGE_SIZE, cursor }, signal });
  const [page, { rankPostsByLocalPreferences }] = await Promise.all([
    apiRequest<PostPage>('/posts', { query: { limit: 50 }, signal }),
    import('../lib/rank-by-local-preferences'),
  ]);
  return { items: rankPostsByLocalPreferences(page.items), next_cursor: null };
}

interface FitsPageParam {
  cursor: string | undefined;
  tolerance: number | undefined;
}

function feedQueryOptions(feed: FeedDescriptor, viewerId: string | null) {
  if (feed.kind === 'filtered') {
    return infiniteQueryOptions({
      queryKey: postKeys.feed(feed, viewerId),
      queryFn: ({ pageParam, signal }) => fetchFilteredFeed(feed.query, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage: FeedPage) => lastPage.next_cursor ?? undefined,
    });
  }
  if (feed.kind === 'fits') {
    return infiniteQueryOptions({
      queryKey: postKeys.feed(feed, viewerId),
      // Later pages keep the tolerance the first one was answered with (the server may have chosen it).
      queryFn: ({ pageParam, signal }) => fetchFitsFeed(pageParam.tolerance, pageParam.cursor, signal),
      initialPageParam: { cursor: undefined, tolerance: feed.tolerance ?? undefined } as FitsPageParam,
      getNextPageParam: (lastPage: FeedPage): FitsPageParam | undefined =>
        lastPage.next_cursor ? { cursor: lastPage.next_cursor, tolerance: lastPage.tolerance } : undefined,
    });
  }
  if (feed.kind === 'for-you') {
    return infiniteQueryOptions({
      queryKey: postKeys.feed(feed, viewerId),
      queryFn: ({ pageParam, signal }) => fetchForYouFeed(viewerId !== null, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (lastPage: FeedPage) => lastPage.next_cursor ?? undefined,
    });
  }
  return homeFeedQueryOptions(viewerId);
}

/** The feed a descriptor names (home, filtered, for you, fits like me). */
export function useFeedQuery(feed: FeedDescriptor) {
  const { viewerId, isLoading } = useViewer();
  return useInfiniteQuery({
    ...(feedQueryOptions(feed, viewerId) as ReturnType<typeof homeFeedQueryOptions>),
    enabled: !isLoading,
  });
}
