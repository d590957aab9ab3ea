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
 * Called at sign-out: the post draft (fields and files), the reads kept for offline use and their media, and
 * the outbox's waiting likes, saves, comments and messages.
 */
export async function forgetPersonalData(): Promise<void> {
  removePostDraft();
  const { forgetOfflineReads } = await import('./offline-queries');
  await Promise.all([forgetPostDraft(), forgetOfflineReads(), forgetOutbox()]);
}
