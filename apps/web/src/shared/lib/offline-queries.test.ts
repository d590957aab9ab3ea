import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/api-client';
import { forgetOfflineReads, keepReadsOffline, photoUrls } from './offline-queries';

// jsdom has no IndexedDB: idb-keyval's store is a map here (our code above it is what is tested).
const saved = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: async (key: string) => structuredClone(saved.get(key)),
  set: async (key: string, value: unknown) => void saved.set(key, structuredClone(value)),
  clear: async () => saved.clear(),
}));

const kept = (key: readonly unknown[]) => key[0] === 'posts';
const post = { id: 'p1', caption: 'Linen', media: [{ url: '/media/post-media/u/a.jpg' }] };
let stops: Array<() => void> = [];

function keeper(client: QueryClient, viewerId = 'ada') {
  const stop = keepReadsOffline(client, viewerId, kept);
  stops.push(stop);
  return stop;
}

/** Reads `key` once through an observer, as a screen would; resolves with the query's state. */
async function read(client: QueryClient, key: unknown[], queryFn: () => Promise<unknown>) {
  const observer = new QueryObserver(client, { queryKey: key, queryFn, retry: false });
  const unsubscribe = observer.subscribe(() => undefined);
  await waitFor(() => expect(observer.getCurrentResult().fetchStatus).toBe('idle'));
  unsubscribe();
  return client.getQueryState(key);
}

const newClient = () =>
  new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } });

beforeEach(() => {
  saved.clear();
  onlineManager.setOnline(true);
});

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  onlineManager.setOnline(true);
});

describe('reads kept for offline', () => {
  it('keeps a successful read it is asked to keep, under the person, and no other read', async () => {
    const client = newClient();
    keeper(client);
    await read(client, ['posts', 'detail', 'p1', 'ada'], async () => post);
    await read(client, ['search', 'zara'], async () => ['not kept']);
    await waitFor(() => expect(saved.has('viewer:ada')).toBe(true), { timeout: 3000 });
    const snapshot = saved.get('viewer:ada') as Record<string, { query: { queryKey: unknown[] } }>;
    expect(Object.values(snapshot).map((entry) => entry.query.queryKey)).toEqual([
      ['posts', 'detail', 'p1', 'ada'],
    ]);
  });

  it('also keeps the reads that succeeded before it started', async () => {
    const client = newClient();
    await read(client, ['posts', 'detail', 'p1', 'ada'], async () => post);
    keeper(client);
    await waitFor(() => expect(saved.has('viewer:ada')).toBe(true), { timeout: 3000 });
  });

  it('shows the copy, as stale, when the network fails and there is nothing else to show', async () => {
    const first = newClient();
    keeper(first);
    await read(first, ['posts', 'detail', 'p1', 'ada'], async () => post);
    await waitFor(() => expect(saved.has('viewer:ada')).toBe(true), { timeout: 3000 });

    // A new page load: the network is gone.
    const second = newClient();
    keeper(second);
    const state = await read(second, ['posts', 'detail', 'p1', 'ada'], async () => {
      throw new ApiError(0, 'network_error', 'Failed to fetch');
    });
    await waitFor(() => expect(second.getQueryData(['posts', 'detail', 'p1', 'ada'])).toEqual(post));
    expect(second.getQueryState(['posts', 'detail', 'p1', 'ada'])?.status).toBe('success');
    expect(state?.dataUpdatedAt ?? 0).toBeLessThanOrEqual(Date.now());
    expect(
      second
        .getQueryCache()
        .find({ queryKey: ['posts', 'detail', 'p1', 'ada'] })
        ?.isStale(),
    ).toBe(true);
  });

  it('fills a read at once while the browser is offline', async () => {
    const first = newClient();
    keeper(first);
    await read(first, ['posts', 'detail', 'p1', 'ada'], async () => post);
    await waitFor(() => expect(saved.has('viewer:ada')).toBe(true), { timeout: 3000 });

    onlineManager.setOnline(false);
    const second = newClient();
    keeper(second);
    await waitFor(async () => {
      second.getQueryCache().build(second, { queryKey: ['posts', 'detail', 'p1', 'ada'] });
      expect(second.getQueryData(['posts', 'detail', 'p1', 'ada'])).toEqual(post);
    });
  });

  it("never shows one person's copies to another, and drops a read the server says is gone", async () => {
    const first = newClient();
    keeper(first);
    await read(first, ['posts', 'detail', 'p1', 'ada'], async () => post);
    await waitFor(() => expect(saved.has('viewer:ada')).toBe(true), { timeout: 3000 });

    const other = newClient();
    keeper(other, 'bob');
    await read(other, ['posts', 'detail', 'p1', 'ada'], async () => {
      throw new ApiError(0, 'network_error', 'Failed to fetch');
    });
    expect(other.getQueryData(['posts', 'detail', 'p1', 'ada'])).toBeUndefined();

    const again = newClient();
    keeper(again);
    await read(again, ['posts', 'detail', 'p1', 'ada'], async () => {
      throw new ApiError(404, 'not_found', 'Post not found');
    });
    await waitFor(() => expect(Object.keys(saved.get('viewer:ada') as Record<string, unknown>)).toEqual([]), {
      timeout: 3000,
    });
  });

  it('forgets every copy at sign-out, and a keeper started before never writes again', async () => {
    const client = newClient();
    keeper(client);
    await read(client, ['posts', 'detail', 'p1', 'ada'], async () => post);
    await waitFor(() => expect(saved.has('viewer:ada')).toBe(true), { timeout: 3000 });
    await forgetOfflineReads();
    expect(saved.size).toBe(0);
    await read(client, ['posts', 'detail', 'p2', 'ada'], async () => ({ ...post, id: 'p2' }));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(saved.size).toBe(0);
  });

  it('finds the photos in a read, not the videos', () => {
    expect([
      ...photoUrls({
        posts: [
          { media: [{ url: '/media/a.jpg', srcset: ['/media/a-480.webp'] }, { url: '/media/clip.mp4' }] },
          { avatar_url: 'https://elsewhere.example/b.png', caption: '/media/ in a caption is text' },
        ],
      }),
    ]).toEqual(['/media/a.jpg', '/media/a-480.webp']);
  });
});
