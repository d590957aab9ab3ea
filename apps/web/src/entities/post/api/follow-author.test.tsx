import type { Post, PostPage } from '@sys/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useFollowAuthorMutation } from './follow-author';
import type { PostFeedData } from './post-cache';
import { postKeys } from './post-keys';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('@/shared/api/api-client', () => ({ apiRequest: api.request }));

const post = (id: string) => ({ id, following_author: false, author: { id: 'a1' } }) as unknown as Post;

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const feed: PostFeedData = {
    pages: [{ items: [post('p1'), post('p2')], next_cursor: null } as PostPage],
    pageParams: [undefined],
  };
  queryClient.setQueryData(postKeys.feed({ kind: 'home' }, 'viewer'), feed);
  queryClient.setQueryData(postKeys.detail('p1', 'viewer'), post('p1'));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const following = () => [
    ...(queryClient
      .getQueryData<PostFeedData>(postKeys.feed({ kind: 'home' }, 'viewer'))
      ?.pages[0]?.items.map((item) => item.following_author) ?? []),
    queryClient.getQueryData<Post>(postKeys.detail('p1', 'viewer'))?.following_author,
  ];
  return { wrapper, following };
}

describe('useFollowAuthorMutation', () => {
  it('follows at once on every cached post of the author', async () => {
    let answer: (value: unknown) => void = () => undefined;
    api.request.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const { wrapper, following } = setup();
    const { result } = renderHook(() => useFollowAuthorMutation('a1'), { wrapper });

    act(() => result.current.mutate(true));
    await waitFor(() => expect(following()).toEqual([true, true, true]));
    expect(api.request).toHaveBeenCalledWith('/follows/a1', { method: 'PUT' });
    act(() => answer({ following: true, stats: { posts_count: 0, followers_count: 1, following_count: 0 } }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(following()).toEqual([true, true, true]);
  });

  it('rolls every copy back when the server refuses', async () => {
    api.request.mockRejectedValueOnce(new Error('offline'));
    const onError = vi.fn();
    const { wrapper, following } = setup();
    const { result } = renderHook(() => useFollowAuthorMutation('a1'), { wrapper });

    act(() => result.current.mutate(true, { onError }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(following()).toEqual([false, false, false]);
  });
});
