import type { SwipeBatchBody, SwipeResult } from '@sys/shared';
import { apiRequest } from '@/shared/api/api-client';
import { clearLocalSwipeEvents, readLocalSwipeEvents } from '../lib/swipe-storage';

/** POST /api/v1/swipes/batch: a guest's local history, once, after sign-in. */
export function postSwipeBatch(body: SwipeBatchBody): Promise<SwipeResult> {
  return apiRequest<SwipeResult>('/swipes/batch', { method: 'POST', body });
}

let running: Promise<void> | null = null;

/**
 * Merges the locally kept swipes into the signed-in user's history, then clears them (spec section 4).
 * Runs once at a time; cleared after success, so a second SIGNED_IN finds nothing to send. The server
 * stores an event it already has once (same outfit and time), so a retry after a failed clear is harmless.
 */
export function mergeLocalSwipes(): Promise<void> {
  running ??= (async () => {
    try {
      const events = readLocalSwipeEvents();
      if (events.length === 0) return;
      await postSwipeBatch({ events });
      clearLocalSwipeEvents();
    } catch (error) {
      console.warn('The local swipes were not merged yet', error);
    } finally {
      running = null;
    }
  })();
  return running;
}
