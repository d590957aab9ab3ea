import { type GuestProfile, LOCAL_STORAGE_KEYS, type LocalStorageKey } from '@sys/shared';

/**
 * The one owner of the browser's local storage. Every key the app uses is named here: the spec's keys
 * (from @sys/shared) plus the chosen language. Reads never throw (private mode, blocked storage), and
 * components can subscribe to changes made in this tab or in another one.
 */

/** Our own key for the chosen interface language, read by the i18next language detector. */
export const LANGUAGE_STORAGE_KEY = 'lang';

/** Where auth-js keeps the session (written by auth-js itself, through its storageKey option). */
export const AUTH_SESSION_STORAGE_KEY = 'sys-auth';

/** Our own key for this browser's recent searches (a JSON array of strings, newest first). */
export const RECENT_SEARCHES_STORAGE_KEY = 'recent_searches';

/** Our own key: 'true' once this device asked about notifications (answered either way; features/push). */
export const PUSH_ASKED_STORAGE_KEY = 'push_asked';

export type StorageKey =
  | LocalStorageKey
  | typeof LANGUAGE_STORAGE_KEY
  | typeof AUTH_SESSION_STORAGE_KEY
  | typeof RECENT_SEARCHES_STORAGE_KEY
  | typeof PUSH_ASKED_STORAGE_KEY;

const listeners = new Set<(key: StorageKey | null) => void>();

function notify(key: StorageKey | null) {
  for (const listener of listeners) listener(key);
}

/**
 * What could not be stored because storage is blocked or full (private modes, a browser set to refuse
 * site data): kept here for this visit, so that a step such as finishing onboarding still counts until the
 * page is closed, instead of sending the visitor round the same loop.
 */
const unstored = new Map<StorageKey, string>();

export function readItem(key: StorageKey): string | null {
  const kept = unstored.get(key);
  if (kept !== undefined) return kept;
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
    unstored.delete(key);
  } catch {
    unstored.set(key, value);
  }
  notify(key);
}

export function removeItem(key: StorageKey): void {
  unstored.delete(key);
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Blocked storage: nothing was stored there.
  }
  notify(key);
}

/** Calls `listener` when a key changes here or in another tab (`null`: storage was cleared). */
export function subscribeToStorage(listener: (key: StorageKey | null) => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => listener(event.key as StorageKey | null);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Is a session stored? (Nothing stored means signed out, without loading the auth client.) */
export function hasStoredAuthSession(): boolean {
  return readItem(AUTH_SESSION_STORAGE_KEY) !== null;
}

// ---------------------------------------------------------------------------------------------------
// Flags stored as the string 'true'.

function readFlag(key: LocalStorageKey): boolean {
  return readItem(key) === 'true';
}

export const onboardedFlag = {
  key: LOCAL_STORAGE_KEYS.onboarded,
  get: () => readFlag(LOCAL_STORAGE_KEYS.onboarded),
  set: () => writeItem(LOCAL_STORAGE_KEYS.onboarded, 'true'),
};

export const hasAccountFlag = {
  key: LOCAL_STORAGE_KEYS.hasAccount,
  get: () => readFlag(LOCAL_STORAGE_KEYS.hasAccount),
  set: () => writeItem(LOCAL_STORAGE_KEYS.hasAccount, 'true'),
};

export const pushAskedFlag = {
  key: PUSH_ASKED_STORAGE_KEY,
  get: () => readItem(PUSH_ASKED_STORAGE_KEY) === 'true',
  set: () => writeItem(PUSH_ASKED_STORAGE_KEY, 'true'),
};

export const isGuestUserFlag = {
  key: LOCAL_STORAGE_KEYS.isGuestUser,
  get: () => readFlag(LOCAL_STORAGE_KEYS.isGuestUser),
};

// ---------------------------------------------------------------------------------------------------
// The guest profile: its JSON under guestProfile, and isGuestUser 'true' while the visitor is a guest.
// (Parsing lives with the guest logic in features/auth/guest.ts, so zod stays off the first screen.)

export function readGuestProfileJson(): string | null {
  return readItem(LOCAL_STORAGE_KEYS.guestProfile);
}

export function writeGuestProfile(profile: GuestProfile): void {
  writeItem(LOCAL_STORAGE_KEYS.guestProfile, JSON.stringify(profile));
  writeItem(LOCAL_STORAGE_KEYS.isGuestUser, 'true');
}

export function removeGuestProfile(): void {
  removeItem(LOCAL_STORAGE_KEYS.guestProfile);
  removeItem(LOCAL_STORAGE_KEYS.isGuestUser);
}

// ---------------------------------------------------------------------------------------------------
// The post draft: a guest's, saved when they try to publish, or a signed-in author's, saved as they go.

export function hasStoredPostDraft(): boolean {
  return readItem(LOCAL_STORAGE_KEYS.postDraft) !== null;
}

/** Whether a visitor's or guest's draft waits (one saved with no owner): signing in leads back to it. */
export function hasGuestPostDraft(): boolean {
  const json = readItem(LOCAL_STORAGE_KEYS.postDraft);
  if (json === null) return false;
  try {
    const draft: unknown = JSON.parse(json);
    return (
      typeof draft === 'object' && draft !== null && typeof (draft as { owner?: unknown }).owner !== 'string'
    );
  } catch {
    return false;
  }
}

/** The draft's JSON (its fields; the media files themselves wait in IndexedDB, see shared/lib/idb.ts). */
export function readPostDraftJson(): string | null {
  return readItem(LOCAL_STORAGE_KEYS.postDraft);
}

export function writePostDraftJson(json: string): void {
  writeItem(LOCAL_STORAGE_KEYS.postDraft, json);
}

export function removePostDraft(): void {
  removeItem(LOCAL_STORAGE_KEYS.postDraft);
}
