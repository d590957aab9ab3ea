import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from '@/shared/api/api-client';
import { idbDeleteMany, idbGet, idbKeys, idbSetMany } from './idb';

/**
 * The outbox (issue 18): what a signed-in person writes while offline (a like, a save, a comment, a
 * message) waits here, in IndexedDB under the person's id, so a reload keeps it, and goes out in the order
 * it was made once the connection returns. Only the person whose outbox is open (openOutbox) sends: the
 * items of another person are never read, and sign-out removes them all (forgetOutbox).
 *
 * Items with the same `key` replace each other, the newest winning (a like then an unlike sends one
 * unlike). Every item must be safe to send twice (see run). A send that fails because of the network stops the run, to be tried again later; one the server
 * refuses for good (forbidden, not found, invalid) drops the item and tells the person (onFinal). While
 * anything waits, new writes join the end of the line too, so nothing overtakes what waits.
 */

export interface OutboxItem<P = unknown> {
  /** Unique per item. */
  id: string;
  /** What to do (the sender's switch): 'post-like', 'post-save', 'comment', 'message'. */
  kind: string;
  /** Items with the same key replace each other (newest wins); unique by default. */
  key: string;
  payload: P;
  /** When it was made (milliseconds). */
  createdAt: number;
}

export interface NewOutboxItem<P = unknown> {
  kind: string;
  key?: string;
  payload: P;
}

export interface OutboxSender {
  /** Sends one item; rejects with the API's error. */
  send: (item: OutboxItem) => Promise<unknown>;
  /** The server refused the item for good: it is dropped, and the person should be told. */
  onFinal?: (item: OutboxItem, error: unknown) => void;
  /**
   * A run sent (or dropped) something: reads started before it ended (a refetch on reconnect) may hold
   * the state from before, so the caller fetches what it shows again.
   */
  afterRun?: () => void;
}

/** The IndexedDB keys of the outboxes start with this (one key per person). */
export const OUTBOX_PREFIX = 'outbox:';
const storeKey = (personId: string) => `${OUTBOX_PREFIX}${personId}`;

const RETRYABLE = new Set([401, 408, 425, 429]);

/** A failure that says nothing about the write itself: the network, or the server for now. */
export function isOfflineFailure(error: unknown): boolean {
  return (error instanceof ApiError && error.status === 0) || error instanceof TypeError;
}

/** The server refused the write for good (403, 404, 409, 410, 400...): sending it again cannot help. */
export function isFinalSendError(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status >= 400 && error.status < 500 && !RETRYABLE.has(error.status)
  );
}

/**
 * Online as far as anyone can tell: TanStack Query's onlineManager starts out online and learns only from
 * 'online'/'offline' events, so a page loaded offline also asks the browser.
 */
export const deviceOnline = (): boolean =>
  onlineManager.isOnline() && (typeof navigator === 'undefined' || navigator.onLine !== false);

let person: string | null = null;
let sender: OutboxSender | null = null;
let items: readonly OutboxItem[] = [];
/** Bumped whenever the person changes or the outboxes are forgotten: older work writes nothing more. */
let generation = 0;
let loading: Promise<void> = Promise.resolve();
let flushing: Promise<void> | null = null;
let flushingFor = -1;
/** Bumped when every outbox is forgotten (sign-out). */
let forgotten = 0;
let inFlight: string | null = null;
const listeners = new Set<() => void>();

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function publish(next: readonly OutboxItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

async function read(personId: string): Promise<OutboxItem[]> {
  try {
    return (await idbGet<OutboxItem[]>(storeKey(personId))) ?? [];
  } catch {
    return [];
  }
}

async function write(personId: string, next: readonly OutboxItem[]): Promise<void> {
  try {
    if (next.length === 0) await idbDeleteMany([storeKey(personId)]);
    else await idbSetMany([[storeKey(personId), next]]);
  } catch {
    // No IndexedDB (some private modes): the outbox lives as long as the page.
  }
}

/**
 * Read, change and write back the open person's outbox, one change at a time; `change` returns the new
 * list. Does nothing (and returns null) if the person changed meanwhile.
 */
let chain: Promise<unknown> = Promise.resolve();
function update(change: (current: OutboxItem[]) => OutboxItem[]): Promise<readonly OutboxItem[] | null> {
  const started = generation;
  const personId = person;
  const run = chain.then(async () => {
    await loading;
    if (personId === null || started !== generation) return null;
    const current = await read(personId);
    if (started !== generation) return null;
    const next = change(current);
    await write(personId, next);
    if (started !== generation) return null;
    publish(next);
    return next;
  });
  chain = run.catch(() => undefined);
  return run;
}

/** Takes a sent (or refused) item out of `personId`'s outbox, whoever's is open now; not after sign-out. */
function remove(personId: string, id: string): Promise<unknown> {
  const cleared = forgotten;
  const run = chain.then(async () => {
    if (cleared !== forgotten) return;
    const next = (await read(personId)).filter((item) => item.id !== id);
    if (cleared !== forgotten) return;
    await write(personId, next);
    if (person === personId) publish(next);
  });
  chain = run.catch(() => undefined);
  return run;
}

/**
 * Opens `personId`'s outbox with the function that sends its items; returns the function that closes it.
 * Items are sent at once if the device is online, and again whenever flushOutbox is called.
 */
export function openOutbox(personId: string, send: OutboxSender): () => void {
  generation += 1;
  const opened = generation;
  person = personId;
  sender = send;
  publish([]);
  loading = read(personId).then((saved) => {
    if (opened === generation) publish(saved);
  });
  void loading.then(() => flushOutbox());
  return () => {
    if (opened !== generation) return;
    generation += 1;
    person = null;
    sender = null;
    publish([]);
  };
}

/** The person whose outbox is open, or null. */
export const outboxPerson = (): string | null => person;

/** Adds an item to the open outbox (or replaces the waiting one with its key). */
export async function enqueueOutbox<P>(entry: NewOutboxItem<P>): Promise<OutboxItem<P>> {
  if (person === null) throw new Error('No outbox is open');
  const item: OutboxItem<P> = {
    id: newId(),
    kind: entry.kind,
    key: entry.key ?? '',
    payload: entry.payload,
    createdAt: Date.now(),
  };
  item.key ||= item.id;
  let stored: OutboxItem<P> = item;
  const saved = await update((current) => {
    // The one being sent right now stays; a newer wish for the same key goes after it.
    const index = current.findIndex((waiting) => waiting.key === item.key && waiting.id !== inFlight);
    const waiting = current[index];
    if (!waiting) return [...current, item];
    // Keeps its place in the line; the newest wish wins. A new id: a run that read the older wish just
    // before must not take this one out when that older one has gone.
    stored = { ...item, createdAt: waiting.createdAt };
    return current.map((entry, at) => (at === index ? stored : entry));
  });
  if (saved === null) throw new Error('The outbox was closed');
  return stored;
}

/** Takes a waiting item out of the outbox (the person discards it); false if it is being sent. */
export async function discardOutboxItem(id: string): Promise<boolean> {
  if (id === inFlight) return false;
  const saved = await update((current) => current.filter((item) => item.id !== id || item.id === inFlight));
  return saved !== null && !saved.some((item) => item.id === id);
}

/** Whether anything waits in the open outbox. */
export const outboxWaiting = (): boolean => items.length > 0;

/**
 * Sends the waiting items in order, one at a time, while the device is online. Runs once at a time (and,
 * where the browser has Web Locks, once across this person's tabs); resolves when the run ends.
 */
export function flushOutbox(): Promise<void> {
  // A run for an earlier person (or before sign-out) ends at its next item; this person's follows it.
  if (flushing && flushingFor === generation) return flushing;
  flushingFor = generation;
  const next: Promise<void> = (flushing ?? Promise.resolve()).then(run).finally(() => {
    if (flushing === next) flushing = null;
  });
  flushing = next;
  return next;
}

async function run(): Promise<void> {
  await loading;
  const personId = person;
  const started = generation;
  const send = sender;
  if (personId === null || send === null || !deviceOnline()) return;
  let done = 0;
  const drain = async () => {
    for (;;) {
      if (started !== generation || !deviceOnline()) return;
      // Read again each time: another tab may have sent or discarded items.
      const current = await read(personId);
      if (started !== generation) return;
      publish(current);
      const next = current[0];
      if (!next) return;
      // A page closed or a connection lost during an earlier send leaves it unknown whether the server got
      // it; every write is safe to send again (a like or save says the state wanted, a comment or message
      // carries its client_id, which the server makes once), so it simply goes again.
      inFlight = next.id;
      let outcome: 'sent' | 'final' | 'retry';
      let failure: unknown;
      try {
        await send.send(next);
        outcome = 'sent';
      } catch (error) {
        failure = error;
        outcome = isFinalSendError(error) ? 'final' : 'retry';
      } finally {
        inFlight = null;
      }
      if (outcome === 'retry') return;
      // Out of the person's outbox even if they changed meanwhile: it must not go out twice.
      await remove(personId, next.id);
      done += 1;
      if (outcome === 'final') send.onFinal?.(next, failure);
    }
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  try {
    if (locks) await locks.request(storeKey(personId), drain);
    else await drain();
  } finally {
    if (done > 0) send.afterRun?.();
  }
}

/** Removes every person's outbox from this device (called at sign-out). */
export async function forgetOutbox(): Promise<void> {
  generation += 1;
  forgotten += 1;
  person = null;
  sender = null;
  publish([]);
  // In line with the outbox's other writes, so none of them lands after it.
  const run = chain.then(async () => {
    try {
      await idbDeleteMany(await idbKeys(OUTBOX_PREFIX));
    } catch {
      // No IndexedDB: nothing was kept.
    }
  });
  chain = run;
  await run;
}

/**
 * Sends `send` now, or, when the device is offline, the network fails, or something already waits, puts
 * `entry` in the outbox instead and resolves with null (the caller keeps its optimistic state). With no
 * outbox open (no one signed in), just sends.
 */
export async function sendOrQueue<T, P>(send: () => Promise<T>, entry: NewOutboxItem<P>): Promise<T | null> {
  if (person === null) return send();
  await loading;
  if (!deviceOnline() || items.length > 0) {
    await enqueueOutbox(entry);
    void flushOutbox();
    return null;
  }
  try {
    return await send();
  } catch (error) {
    if (!isOfflineFailure(error) || person === null) throw error;
    await enqueueOutbox(entry);
    return null;
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => items;

/** The items waiting in the open outbox, oldest first (re-renders when it changes). */
export function useOutboxItems(): readonly OutboxItem[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
