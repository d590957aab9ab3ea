import { createSwipeEvent } from '@sys/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  readLocalPreferenceEntries,
  readLocalSwipeEvents,
  storeLocalPreferenceChange,
  storeLocalSwipeEvent,
} from '../lib/swipe-storage';
import { mergeLocalSwipes } from './merge-local-swipes';

const apiRequest = vi.fn(async (..._args: unknown[]) => ({ inserted: 2, duplicates: 0, skipped: 0 }));
vi.mock('@/shared/api/api-client', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));

describe('mergeLocalSwipes', () => {
  // Each test counts its own calls (the other test calls the server too).
  beforeEach(() => apiRequest.mockClear());

  it('sends the local events once in one batch and clears them', async () => {
    const outfit = { id: '00000000-0000-4000-8000-000000000001', tags: ['Casual'], authorName: 'maya' };
    storeLocalSwipeEvent(createSwipeEvent(outfit, 'like'));
    storeLocalSwipeEvent(createSwipeEvent(outfit, 'dislike'));
    await Promise.all([mergeLocalSwipes(), mergeLocalSwipes()]);
    await mergeLocalSwipes();
    expect(apiRequest).toHaveBeenCalledTimes(1);
    expect(apiRequest).toHaveBeenCalledWith('/swipes/batch', {
      method: 'POST',
      body: {
        events: [expect.objectContaining({ action: 'like' }), expect.objectContaining({ action: 'dislike' })],
      },
    });
    expect(readLocalSwipeEvents()).toEqual([]);
  });

  it("carries the guest's turned-up, turned-down and removed values with the swipes, then clears them", async () => {
    const outfit = { id: '00000000-0000-4000-8000-000000000002', tags: ['Casual'], authorName: 'maya' };
    storeLocalSwipeEvent(createSwipeEvent(outfit, 'like'));
    storeLocalPreferenceChange({ dimension: 'tags', key: 'Casual', adjustment: 'less' });
    storeLocalPreferenceChange({ dimension: 'brands', key: 'Maya', remove: true });
    await mergeLocalSwipes();
    expect(apiRequest).toHaveBeenCalledWith('/swipes/batch', {
      method: 'POST',
      body: {
        events: [expect.objectContaining({ action: 'like' })],
        preferences: [
          { dimension: 'tags', key: 'casual', adjustment: 'less', removed_at: null },
          { dimension: 'brands', key: 'maya', adjustment: null, removed_at: expect.any(String) },
        ],
      },
    });
    expect(readLocalSwipeEvents()).toEqual([]);
    expect(readLocalPreferenceEntries()).toEqual([]);
  });

  it('keeps the events when the server fails, to try again at the next sign-in', async () => {
    apiRequest.mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    storeLocalSwipeEvent(createSwipeEvent({ id: 'x', tags: [] }, 'like'));
    await mergeLocalSwipes();
    expect(readLocalSwipeEvents()).toHaveLength(1);
  });
});
