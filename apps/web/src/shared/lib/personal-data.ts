import { idbDeleteMany, idbKeys } from './idb';
import { removePostDraft } from './local-storage';

/**
 * What this device keeps for the person signed in, and forgets when they sign out, so that on a shared
 * device one person's unpublished work never shows to the next.
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

/** Called at sign-out: the post draft, fields and files. */
export async function forgetPersonalData(): Promise<void> {
  removePostDraft();
  await forgetPostDraft();
}
