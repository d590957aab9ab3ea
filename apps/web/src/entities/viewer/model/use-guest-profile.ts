import type { GuestProfile } from '@sys/shared';
import { LOCAL_STORAGE_KEYS, parseStoredGuestProfile } from '@sys/shared';
import { useSyncExternalStore } from 'react';
import { readGuestProfileJson, subscribeToStorage } from '@/shared/lib/local-storage';

function subscribe(onChange: () => void): () => void {
  return subscribeToStorage((key) => {
    if (key === null || key === LOCAL_STORAGE_KEYS.guestProfile) onChange();
  });
}

// useSyncExternalStore needs the same object for the same stored text, so the parse is cached.
let cachedJson: string | null = null;
let cachedProfile: GuestProfile | null = null;

function getSnapshot(): GuestProfile | null {
  const json = readGuestProfileJson();
  if (json !== cachedJson) {
    cachedJson = json;
    cachedProfile = parseStoredGuestProfile(json);
  }
  return cachedProfile;
}

/** The guest profile in local storage (null when the visitor is not a guest); follows changes, also from other tabs. */
export function useGuestProfile(): GuestProfile | null {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
