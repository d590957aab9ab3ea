import {
  type DehydratedState,
  dehydrate,
  onlineManager,
  type Query,
  type QueryCacheNotifyEvent,
  type QueryClient,
} from '@tanstack/react-query';
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import { ApiError } from '@/shared/api/api-client';

/**
 * What a signed-in person has viewed recently stays readable offline (issue 18). Each successful read the
 * caller chooses to keep (posts, profiles, conversations) is copied to IndexedDB under the person's id;
 * when a read then cannot reach the server (offline, or the network failed) and has nothing to show, the
 * copy is shown instead, marked stale so it is fetched again as soon as the connection returns. Online,
 * nothing changes: the server's answer always wins. A read the server answers with "gone" or "not
 * allowed" (404, 403, 410) is dropped from the copies. Signing out removes every copy (forgetOfflineReads).
 */

type SavedQuery = DehydratedState['queries'][number];
interface Entry {
  query: SavedQuery;
  savedAt: number;
}
type Snapshot = Record<string, Entry>;

/** At most this many reads are kept per person, the most recently saved first. */
export const OFFLINE_MAX_ENTRIES = 150;
/** Older copies are not shown. */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const SAVE_DELAY_MS = 1_000;
const GONE = new Set([403, 404, 410]);

let store: UseStore | undefined;
const offlineStore = () => {
  store ??= createStore('sys-offline', 'reads');
  return store;
};
const snapshotKey = (viewerId: string) => `viewer:${viewerId}`;
/** Bumped when the copies are forgotten (sign-out): a keeper started before never writes again. */
let generation = 0;

const isNetworkFailure = (error: unknown) =>
  (error instanceof ApiError && error.status === 0) || error instanceof TypeError;

/**
 * Starts keeping `viewerId`'s reads that `shouldKeep` accepts; returns the function that stops.
 */
export function keepReadsOffline(
  queryClient: QueryClient,
  viewerId: string,
  shouldKeep: (queryKey: readonly unknown[]) => boolean,
): () => void {
  let snapshot: Snapshot = {};
  let loaded = false;
  let stopped = false;
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const started = generation;

  const save = () => {
    clearTimeout(timer);
    if (!dirty || !loaded || stopped || started !== generation) return;
    dirty = false;
    const kept = Object.entries(snapshot)
      .sort(([, a], [, b]) => b.savedAt - a.savedAt)
      .slice(0, OFFLINE_MAX_ENTRIES);
    snapshot = Object.fromEntries(kept);
    (async () => set(snapshotKey(viewerId), snapshot, offlineStore()))().catch(() => undefined);
  };
  const schedule = () => {
    dirty = true;
    clearTimeout(timer);
    timer = setTimeout(save, SAVE_DELAY_MS);
  };

  const remember = (query: Query) => {
    const [saved] = dehydrate(queryClient, {
      shouldDehydrateQuery: (candidate) => candidate === query,
    }).queries;
    if (!saved) return;
    snapshot[query.queryHash] = { query: saved, savedAt: Date.now() };
    schedule();
    keepPhotos(saved.state.data);
  };

  /** A read with nothing to show that could not reach the server: its copy, if there is one. */
  const fillFromCopy = (query: Query) => {
    if (query.state.data !== undefined) return;
    const entry = snapshot[query.queryHash];
    if (!entry || Date.now() - entry.savedAt > OFFLINE_MAX_AGE_MS) return;
    queryClient.setQueryData(query.queryKey, entry.query.state.data, {
      updatedAt: entry.query.state.dataUpdatedAt,
    });
    // Marked out of date: fetched again as soon as it can be (on reconnect, or the next screen using it).
    void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true, refetchType: 'none' });
  };

  const onEvent = (event: QueryCacheNotifyEvent) => {
    const { query } = event;
    if (stopped || !shouldKeep(query.queryKey)) return;
    if (event.type === 'added' && !onlineManager.isOnline()) {
      fillFromCopy(query);
      return;
    }
    if (event.type !== 'updated') return;
    if (event.action.type === 'success' && !event.action.manual) {
      remember(query);
    } else if (event.action.type === 'success') {
      // Written by the app itself (a like, a new comment): keep the change, unless it is a copy just shown.
      if (query.state.dataUpdatedAt !== snapshot[query.queryHash]?.query.state.dataUpdatedAt) remember(query);
    } else if (event.action.type === 'error') {
      const { error } = event.action;
      if (error instanceof ApiError && GONE.has(error.status)) {
        delete snapshot[query.queryHash];
        schedule();
      } else if (isNetworkFailure(error)) {
        fillFromCopy(query);
      }
    }
  };

  const unsubscribe = queryClient.getQueryCache().subscribe(onEvent);
  // Reads that succeeded before this keeper started (its code loads after the first screen).
  for (const query of queryClient.getQueryCache().getAll()) {
    if (shouldKeep(query.queryKey) && query.state.status === 'success') remember(query);
  }
  // Inside an async function: where there is no IndexedDB at all, opening it throws at once.
  (async () => get<Snapshot>(snapshotKey(viewerId), offlineStore()))()
    .then((saved) => {
      if (stopped) return;
      snapshot = { ...(saved ?? {}), ...snapshot };
      loaded = true;
      if (dirty) schedule();
      // Reads that failed or waited for the network before the copies were read.
      for (const query of queryClient.getQueryCache().getAll()) {
        if (!shouldKeep(query.queryKey) || query.state.data !== undefined) continue;
        if (!onlineManager.isOnline() || isNetworkFailure(query.state.error)) fillFromCopy(query);
      }
    })
    .catch(() => {
      // No IndexedDB (some private modes): nothing is kept, everything else works.
    });

  // The page going away (a reload, a closed tab): what is pending is written now.
  window.addEventListener('pagehide', save);
  return () => {
    // Stopping means the person signed out or changed: nothing more is written for them.
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('pagehide', save);
    unsubscribe();
  };
}

/** The photos kept for offline reading; the service worker answers from it when the network fails. */
export const OFFLINE_MEDIA_CACHE = 'sys-media';
/** At most this many photos are kept for offline reading (the oldest go first). */
export const OFFLINE_MAX_PHOTOS = 300;
const VIDEO = /\.(mp4|webm|mov|m4v)(\?|$)/i;

/** Every photo address (/media/..., not a video) in a read's data. */
export function photoUrls(data: unknown, found = new Set<string>()): Set<string> {
  if (typeof data === 'string') {
    if (/^\/media\/\S+$/.test(data) && !VIDEO.test(data)) found.add(data);
  } else if (Array.isArray(data)) {
    for (const value of data) photoUrls(value, found);
  } else if (data !== null && typeof data === 'object') {
    for (const value of Object.values(data)) photoUrls(value, found);
  }
  return found;
}

/**
 * Copies a read's photos into the cache the service worker answers from when the network fails
 * (OFFLINE_MEDIA_CACHE). They were just shown, so the browser's HTTP cache usually answers these fetches.
 */
function keepPhotos(data: unknown): void {
  if (typeof caches === 'undefined') return;
  const urls = [...photoUrls(data)];
  if (urls.length === 0) return;
  void (async () => {
    const cache = await caches.open(OFFLINE_MEDIA_CACHE);
    const known = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
    const missing = urls.filter((url) => !known.has(url));
    await Promise.all(missing.map((url) => cache.add(url).catch(() => undefined)));
    const all = await cache.keys();
    await Promise.all(all.slice(0, Math.max(0, all.length - OFFLINE_MAX_PHOTOS)).map((r) => cache.delete(r)));
  })().catch(() => undefined);
}

/** Removes every person's copies, reads and photos (called at sign-out). */
export async function forgetOfflineReads(): Promise<void> {
  generation += 1;
  try {
    await clear(offlineStore());
  } catch {
    // No IndexedDB: nothing was kept.
  }
  try {
    if (typeof caches !== 'undefined') await caches.delete(OFFLINE_MEDIA_CACHE);
  } catch {
    // No Cache Storage (an insecure context): nothing was kept.
  }
}
