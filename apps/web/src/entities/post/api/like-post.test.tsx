import type { Post, PostPage } from '@sys/shared';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OutboxItem, openOutbox } from '@/shared/lib/outbox';
import { idbFiles } from '@/test/memory-idb';
import { useLikePostMutation } from './like-post';
import type { PostFeedData } from './post-cache';
import { postKeys } from './post-keys';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('@/shared/api/api-client', () => ({ apiRequest: api.request, ApiError: class extends Error {} }));
vi.mock('@/shared/lib/idb', () => import('@/test/memory-idb'));

afterEach(() => onlineManager.setOnline(true));

const post = { id: 'p1', liked_by_me: false, like_count: 4, author: { id: 'a1' } } as unknown as Post;

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const feed: PostFeedData = {
    pages: [{ items: [post], next_cursor: null } as PostPage],
    pageParams: [undefined],
  };
  queryClient.setQueryData(postKeys.feed({ kind: 'home' }, 'viewer'), feed);
  queryClient.setQueryData(postKeys.feed({ kind: 'profile', username: 'maya' }, 'viewer'), feed);
  queryClient.setQueryData(postKeys.detail('p1', 'viewer'), post);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const copies = () => [
    queryClient.getQueryData<PostFeedData>(postKeys.feed({ kind: 'home' }, 'viewer'))?.pages[0]?.items[0],
    queryClient.getQueryData<PostFeedData>(postKeys.feed({ kind: 'profile', username: 'maya' }, 'viewer'))
      ?.pages[0]?.items[0],
    queryClient.getQueryData<Post>(postKeys.detail('p1', 'viewer')),
  ];
  return { wrapper, copies };
}

describe('useLikePostMutation', () => {
  it('likes at once in every cached copy, then takes the server count', async () => {
    let answer: (value: unknown) => void = () => undefined;
    api.request.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const { wrapper, copies } = setup();
    const { result } = renderHook(() => useLikePostMutation('p1'), { wrapper });

    act(() => result.current.mutate(true));
    await waitFor(() =>
      expect(copies().map((copy) => [copy?.liked_by_me, copy?.like_count])).toEqual([
        [true, 5],
        [true, 5],
        [true, 5],
      ]),
    );
    expect(api.request).toHaveBeenCalledWith('/posts/p1/like', { method: 'PUT' });

    act(() => answer({ liked: true, like_count: 9 }));
    await waitFor(() => expect(copies().map((copy) => copy?.like_count)).toEqual([9, 9, 9]));
  });

  it('rolls every copy back when the server refuses', async () => {
    api.request.mockRejectedValueOnce(new Error('offline'));
    const onError = vi.fn();
    const { wrapper, copies } = setup();
    const { result } = renderHook(() => useLikePostMutation('p1', onError), { wrapper });

    act(() => result.current.mutate(true));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(copies().map((copy) => [copy?.liked_by_me, copy?.like_count])).toEqual([
      [false, 4],
      [false, 4],
      [false, 4],
    ]);
  });

  it('offline, keeps the like shown in every copy and leaves one wish for the post in the outbox', async () => {
    idbFiles.clear();
    api.request.mockClear();
    const close = openOutbox('viewer', { send: async () => undefined });
    onlineManager.setOnline(false);
    const onError = vi.fn();
    const { wrapper, copies } = setup();
    const { result } = renderHook(() => useLikePostMutation('p1', onError), { wrapper });

    await act(() => result.current.mutateAsync(true));
    await act(() => result.current.mutateAsync(false));
    await act(() => result.current.mutateAsync(true));
    expect(copies().map((copy) => [copy?.liked_by_me, copy?.like_count])).toEqual([
      [true, 5],
      [true, 5],
      [true, 5],
    ]);
    expect(api.request).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    expect((idbFiles.get('outbox:viewer') as OutboxItem[]).map((item) => item.payload)).toEqual([
      { postId: 'p1', liked: true },
    ]);
    close();
  });
});
