/**
 * A tiny key-value store on IndexedDB, for what local storage cannot hold: files (a post draft's photos
 * and videos survive the trip to /auth and back). One database, one object store; values are anything
 * the structured clone algorithm copies (File and Blob included).
 */

const DB_NAME = 'sys';
const STORE = 'files';

let opening: Promise<IDBDatabase> | undefined;

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    if (typeof indexedDB === 'undefined') {
      reject(new Error('IndexedDB is not available'));
      return;
    }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading the database: step aside so it can.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** Runs `body` in one transaction and resolves with its request's result once the transaction commits. */
async function run<T>(
  mode: IDBTransactionMode,
  body: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await openDatabase();
  return new Promise<T | undefined>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = body(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request?.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function idbGet<T>(key: string): Promise<T | undefined> {
  return run<T>('readonly', (store) => store.get(key) as IDBRequest<T>);
}

/** Stores several values in one transaction: all of them or none. */
export async function idbSetMany(entries: ReadonlyArray<readonly [string, unknown]>): Promise<void> {
  await run('readwrite', (store) => {
    for (const [key, value] of entries) store.put(value, key);
    return undefined;
  });
}

export async function idbDeleteMany(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await run('readwrite', (store) => {
    for (const key of keys) store.delete(key);
    return undefined;
  });
}

/** Every key that starts with `prefix`. */
export async function idbKeys(prefix: string): Promise<string[]> {
  const keys = await run<IDBValidKey[]>('readonly', (store) =>
    store.getAllKeys(IDBKeyRange.bound(prefix, `${prefix}\uffff`)),
  );
  return (keys ?? []).map(String);
}
