import { useSyncExternalStore } from 'react';
import {
  RECENT_SEARCHES_STORAGE_KEY,
  readItem,
  removeItem,
  subscribeToStorage,
  writeItem,
} from '@/shared/lib/local-storage';

/** Recent searches kept on this device, newest first. */
export const RECENT_SEARCHES_MAX = 10;
const TEXT_MAX = 100;

let cachedJson: string | null = null;
let cached: string[] = [];

function read(): string[] {
  const json = readItem(RECENT_SEARCHES_STORAGE_KEY);
  if (json === cachedJson) return cached;
  cachedJson = json;
  try {
    const parsed: unknown = json === null ? [] : JSON.parse(json);
    cached = Array.isArray(parsed)
      ? parsed.filter((entry): entry is string => typeof entry === 'string').slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    cached = [];
  }
  return cached;
}

function write(list: string[]) {
  if (list.length === 0) removeItem(RECENT_SEARCHES_STORAGE_KEY);
  else writeItem(RECENT_SEARCHES_STORAGE_KEY, JSON.stringify(list));
}

/** Puts `text` first (once, whatever its case), keeping at most RECENT_SEARCHES_MAX. */
export function rememberSearch(text: string) {
  const entry = text.trim().slice(0, TEXT_MAX);
  if (entry === '') return;
  const rest = read().filter((old) => old.toLowerCase() !== entry.toLowerCase());
  write([entry, ...rest].slice(0, RECENT_SEARCHES_MAX));
}

export function forgetSearch(text: string) {
  write(read().filter((old) => old !== text));
}

export function clearSearches() {
  write([]);
}

/** The recent searches, updated when they change here or in another tab. */
export function useRecentSearches(): string[] {
  return useSyncExternalStore(subscribeToStorage, read, () => []);
}
