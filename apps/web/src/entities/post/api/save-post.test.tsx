import type { Post, PostPage } from '@sys/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { PostFeedData } from './post-cache';
import { postKeys } from './post-keys';
import { useSavePostMutation } from './save-post';
import { wishlistKeys } from './wishlist-keys';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('@/shared/api/api-client', () => ({ apiRequest: api.request }));

const post = { id: 'p1', saved_by_me: false, author: { id: 'a1' } } as unknown as Post;

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const feed: PostFeedData = {
    pages: [{ items: [post], next_cursor: null } as PostPage],
    pageParams: [undefined],
  };
  queryClient.setQueryData(postKeys.feed({ kind: 'home' }, 'viewer'), feed);
  for (const key of [
    wishlistKeys.summary('', 'viewer'),
    wishlistKeys.posts('', 'viewer'),
    wishlistKeys.products('', 'viewer'),
  ])
    queryClient.setQueryData(key, { items: [] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const invalidated = () =>
    [
      wishlistKeys.summary('', 'viewer'),
      wishlistKeys.posts('', 'viewer'),
      wishlistKeys.products('', 'viewer'),
    ].map((key) => queryClient.getQueryState(key)?.isInvalidated);
  return { queryClient, wrapper, invalidated };
}

describe('useSavePostMutation (the save button on a card)', () => {
  it('invalidates every wishlist query when the save settles, not 30 s later', async () => {
    api.request.mockResolvedValueOnce({ saved: true });
    const { queryClient, wrapper, invalidated } = setup();
    const { result } = renderHook(() => useSavePostMutation('p1'), { wrapper });
    expect(invalidated()).toEqual([false, false, false]);
    act(() => result.current.mutate(true));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(api.request).toHaveBeenCalledWith('/posts/p1/save', { method: 'PUT' });
    await waitFor(() => expect(invalidated()).toEqual([true, true, true]));
    const feed = queryClient.getQueryData<PostFeedData>(postKeys.feed({ kind: 'home' }, 'viewer'));
    expect(feed?.pages[0]?.items[0]?.saved_by_me).toBe(true);
  });

  it('invalidates the wishlist also when the save fails, and rolls the copy back', async () => {
    api.request.mockRejectedValueOnce(new Error('offline'));
    const { queryClient, wrapper, invalidated } = setup();
    const { result } = renderHook(() => useSavePostMutation('p1'), { wrapper });
    act(() => result.current.mutate(true));
    await waitFor(() => expect(result.current.isError).toBe(true));
    await waitFor(() => expect(invalidated()).toEqual([true, true, true]));
    const feed = queryClient.getQueryData<PostFeedData>(postKeys.feed({ kind: 'home' }, 'viewer'));
    expect(feed?.pages[0]?.items[0]?.saved_by_me).toBe(false);
  });
});
