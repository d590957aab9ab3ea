import { idbDeleteMany, idbKeys } from './idb';
import { removePostDraft } from './local-storage';
import { forgetOutbox } from './outbox';

/**
 * What this device keeps for the person signed in, and forgets when they sign out, so that on a shared
 * device one person's unpublished work and what they read never show to the next.
 */

/** The IndexedDB keys of a waiting post draft's files start with this. */
export const POST_DRAFT_FILE_PREFIX = 'post-draft:';

/** Removes a waiting post draft's files (its fields: removePostDraft). */
export async function forgetPostDraft(): Promise<void> {
  try {
    await idbDeleteMany(await idbKeys(POST_DRAFT_FILE_PREFIX));
  } catch {
    // Nothing stored, or no IndexedDB: nothing to remove.
  }
}

/**
 * Ends this device's push subscription, so the next person on it gets none of the last one's
 * notifications (the push service then answers the server 410 and the server forgets it).
 */
export async function forgetPushSubscription(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // No service worker or no push here: nothing to end.
  }
}

/**
 * Called at sign-out: the post draft (fields and files), the reads kept for offline use and their media,
 * the outbox's waiting likes, saves, comments and messages, and the push subscription.
 */
export async function forgetPersonalData(): Promise<void> {
  removePostDraft();
  const { forgetOfflineReads } = await import('./offline-queries');
  await Promise.all([forgetPostDraft(), forgetOfflineReads(), forgetOutbox(), forgetPushSubscription()]);
}
