import { createStore, delMany, get, keys, setMany, type UseStore } from 'idb-keyval';

/**
 * A key-value store on IndexedDB (idb-keyval), for what local storage cannot hold: files (a post draft's
 * photos and videos survive the trip to /auth and back). Values are anything the structured clone
 * algorithm copies (File and Blob included). The database and store keep the names they had before
 * idb-keyval ('sys', 'files'), so a draft saved by an older build is still found.
 */
let files: UseStore | undefined;

/**
 * Opened on first use: importing this module touches no IndexedDB, and where there is none every call
 * rejects (the callers are async) rather than the import failing.
 */
function store(): UseStore {
  files ??= createStore('sys', 'files');
  return files;
}

export async function idbGet<T>(key: string): Promise<T | undefined> {
  return get<T>(key, store());
}

/** Stores several values in one transaction: all of them or none. */
export async function idbSetMany(entries: ReadonlyArray<readonly [string, unknown]>): Promise<void> {
  await setMany(
    entries.map(([key, value]) => [key, value]),
    store(),
  );
}

export async function idbDeleteMany(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await delMany([...keys], store());
}

/** Every key that starts with `prefix`. */
export async function idbKeys(prefix: string): Promise<string[]> {
  return (await keys(store())).map(String).filter((key) => key.startsWith(prefix));
}
