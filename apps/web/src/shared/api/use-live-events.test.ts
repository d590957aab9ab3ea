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

  it('opens nothing when there is nothing to follow', () => {
    renderHook(() => useLiveEvents({}, () => {}));
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
