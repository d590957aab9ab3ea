/**
 * shared/lib/idb.ts over a Map, for tests: jsdom has no IndexedDB. Use it with
 * `vi.mock('@/shared/lib/idb', () => import('@/test/memory-idb'))`, and read or seed `idbFiles`.
 */
export const idbFiles = new Map<string, unknown>();

export async function idbGet<T>(key: string): Promise<T | undefined> {
  return idbFiles.get(key) as T | undefined;
}

export async function idbSetMany(entries: ReadonlyArray<readonly [string, unknown]>): Promise<void> {
  for (const [key, value] of entries) idbFiles.set(key, value);
}

export async function idbDeleteMany(keys: readonly string[]): Promise<void> {
  for (const key of keys) idbFiles.delete(key);
}

export async function idbKeys(prefix: string): Promise<string[]> {
  return [...idbFiles.keys()].filter((key) => key.startsWith(prefix));
}
