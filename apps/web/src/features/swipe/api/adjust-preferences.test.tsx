import type { Preferences } from '@sys/shared';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';
import { postKeys } from '@/entities/post/api/post-keys';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { fakeSession, installFakeAuthClient } from '@/test/fake-auth-client';
import { useChangePreferenceMutation } from './adjust-preferences';
import { swipeKeys } from './swipe-keys';

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock('@/shared/api/api-client', () => ({ apiRequest: api.request }));
const session = fakeSession();
installFakeAuthClient(session);
const viewer = session.user.id;

describe('useChangePreferenceMutation', () => {
  it('shows the answered preferences at once and refetches the deck and For you', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(swipeKeys.preferences(viewer), { event_count: 1 });
    queryClient.setQueryData(swipeKeys.deck(viewer), []);
    queryClient.setQueryData(postKeys.feed({ kind: 'for-you' }, viewer), { pages: [], pageParams: [] });
    const answer = { counters: {}, summary: { event_count: 7 } } as unknown as Preferences;
    api.request.mockResolvedValueOnce(answer);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders queryClient={queryClient}>{children}</AppProviders>
    );
    const { result } = renderHook(() => ({ change: useChangePreferenceMutation(), viewer: useViewer() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.viewer.viewerId).toBe(viewer));

    act(() => result.current.change.mutate({ dimension: 'colors', key: 'red', adjustment: 'more' }));
    await waitFor(() => expect(result.current.change.isSuccess).toBe(true));
    expect(api.request).toHaveBeenCalledWith('/swipes/preferences/entries', {
      method: 'PUT',
      body: { dimension: 'colors', key: 'red', adjustment: 'more' },
    });
    expect(queryClient.getQueryData(swipeKeys.preferences(viewer))).toEqual({ event_count: 7 });
    expect(queryClient.getQueryState(swipeKeys.deck(viewer))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(postKeys.feed({ kind: 'for-you' }, viewer))?.isInvalidated).toBe(true);
  });
});
