import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '@/test/fake-event-source';
import { useLiveEvents } from './use-live-events';

vi.mock('./api-client', () => ({ API_BASE: '/api/v1', accessToken: async () => 'token-1' }));

FakeEventSource.install();
afterEach(() => {
  FakeEventSource.instances = [];
});

describe('useLiveEvents', () => {
  it('subscribes to the profiles, hands events over, and closes on unmount', async () => {
    const onEvent = vi.fn();
    const id = '0b5c9f4e-2f5a-4b7c-9a53-1f0f6d2c1a11';
    const { unmount } = renderHook(() => useLiveEvents({ profiles: [id] }, onEvent));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0] as FakeEventSource;
    expect(source.url).toBe(`/api/v1/events?profiles=${id}`);
    const stats = { posts_count: 1, followers_count: 2, following_count: 3 };
    source.emit('profile.stats', { type: 'profile.stats', profile_id: id, stats });
    expect(onEvent).toHaveBeenCalledWith({ type: 'profile.stats', profile_id: id, stats });
    unmount();
    expect(source.closed).toBe(true);
  });

  it('sends the access token for the user stream', async () => {
    renderHook(() => useLiveEvents({ withUser: true }, () => {}));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.instances[0]?.url).toBe('/api/v1/events?access_token=token-1');
  });

  it('follows posts, with the access token when asked for the user', async () => {
    const post = '0b5c9f4e-2f5a-4b7c-9a53-1f0f6d2c1a22';
    const onEvent = vi.fn();
    renderHook(() => useLiveEvents({ posts: [post], withUser: true }, onEvent));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0] as FakeEventSource;
    expect(source.url).toBe(`/api/v1/events?posts=${post}&access_token=token-1`);
    source.emit('post.likes', { type: 'post.likes', post_id: post, like_count: 3 });
    source.emit('post.comments', { type: 'post.comments', post_id: post });
    expect(onEvent.mock.calls.map(([event]) => event.type)).toEqual(['post.likes', 'post.comments']);
  });

  it('opens nothing when there is nothing to follow', () => {
    renderHook(() => useLiveEvents({}, () => {}));
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});

describe('useLiveEvents shared', () => {
  it('shares one stream between subscribers asking for the same, and closes it after the last', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const a = renderHook(() => useLiveEvents({ withUser: true }, first));
    const b = renderHook(() => useLiveEvents({ withUser: true }, second));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0] as FakeEventSource;
    source.emit('activity.unread', { type: 'activity.unread', unread_count: 2 });
    expect(first).toHaveBeenCalledWith({ type: 'activity.unread', unread_count: 2 });
    expect(second).toHaveBeenCalledWith({ type: 'activity.unread', unread_count: 2 });
    a.unmount();
    expect(source.closed).toBe(false);
    source.emit('unread.changed', { type: 'unread.changed', unread_count: 1 });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    // A subscriber joining later starts from the latest counts.
    const late = vi.fn();
    const c = renderHook(() => useLiveEvents({ withUser: true }, late));
    expect(late.mock.calls.map(([event]) => event)).toEqual([
      { type: 'activity.unread', unread_count: 2 },
      { type: 'unread.changed', unread_count: 1 },
    ]);
    b.unmount();
    c.unmount();
    expect(source.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(1);
  });
});
