import type { SwipeBatchBody, SwipeResult } from '@sys/shared';
import { apiRequest } from '@/shared/api/api-client';
import {
  clearLocalPreferenceEntries,
  clearLocalSwipeEvents,
  readLocalPreferenceEntries,
  readLocalSwipeEvents,
} from '../lib/swipe-storage';

/** POST /api/v1/swipes/batch: a guest's local history and preference entries, once, after sign-in. */
export function postSwipeBatch(body: SwipeBatchBody): Promise<SwipeResult> {
  return apiRequest<SwipeResult>('/swipes/batch', { method: 'POST', body });
}

let running: Promise<void> | null = null;

/**
 * Merges the locally kept swipes, and what the guest said about them on the preferences screen, into the
 * signed-in user's history, then clears them (spec section 4).
 * Runs once at a time; cleared after success, so a second SIGNED_IN finds nothing to send. The server
 * stores an event it already has once (same outfit and time), so a retry after a failed clear is harmless.
 */
export function mergeLocalSwipes(): Promise<void> {
  // Cleared in a callback, which runs after the assignment: a merge with nothing to send finishes
  // synchronously, and a `finally` inside it would clear `running` before it is set, blocking every later
  // merge of the page.
  running ??= mergeOnce().finally(() => {
    running = null;
  });
  return running;
}

async function mergeOnce(): Promise<void> {
  try {
    const events = readLocalSwipeEvents();
    const preferences = readLocalPreferenceEntries();
    if (events.length === 0 && preferences.length === 0) return;
    await postSwipeBatch(preferences.length > 0 ? { events, preferences } : { events });
    clearLocalSwipeEvents();
    clearLocalPreferenceEntries();
  } catch (error) {
    console.warn('The local swipes were not merged yet', error);
  }
}
