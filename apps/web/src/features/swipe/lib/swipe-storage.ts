import {
  appendSwipeEvent,
  applyPreferenceEntryChange,
  LOCAL_STORAGE_KEYS,
  type PreferenceEntryChange,
  type PreferenceEntryState,
  parseStoredPreferenceEntries,
  parseStoredSwipeEvents,
  type SwipeEvent,
} from '@sys/shared';
import { readItem, removeItem, writeItem } from '@/shared/lib/local-storage';

/** Visitors' and guests' swipes (spec section 6): the newest 100 under 'swipeEvents'. */
export function readLocalSwipeEvents(): SwipeEvent[] {
  return parseStoredSwipeEvents(readItem(LOCAL_STORAGE_KEYS.swipeEvents));
}

export function storeLocalSwipeEvent(event: SwipeEvent): void {
  const history = appendSwipeEvent(readLocalSwipeEvents(), event);
  writeItem(LOCAL_STORAGE_KEYS.swipeEvents, JSON.stringify(history));
}

export function clearLocalSwipeEvents(): void {
  removeItem(LOCAL_STORAGE_KEYS.swipeEvents);
}

/**
 * What a visitor or guest said on the preferences screen (turned up, down, removed), kept as the server
 * keeps a signed-in person's, under 'preferenceEntries'; merged into the account with the swipes.
 */
export function readLocalPreferenceEntries(): PreferenceEntryState[] {
  return parseStoredPreferenceEntries(readItem(LOCAL_STORAGE_KEYS.preferenceEntries));
}

export function storeLocalPreferenceChange(change: PreferenceEntryChange): void {
  const entries = applyPreferenceEntryChange(readLocalPreferenceEntries(), change, new Date());
  if (entries.length === 0) removeItem(LOCAL_STORAGE_KEYS.preferenceEntries);
  else writeItem(LOCAL_STORAGE_KEYS.preferenceEntries, JSON.stringify(entries));
}

export function clearLocalPreferenceEntries(): void {
  removeItem(LOCAL_STORAGE_KEYS.preferenceEntries);
}
