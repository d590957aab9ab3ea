import { appendSwipeEvent, LOCAL_STORAGE_KEYS, parseStoredSwipeEvents, type SwipeEvent } from '@sys/shared';
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
