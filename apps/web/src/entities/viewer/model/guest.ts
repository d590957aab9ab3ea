import { createGuestProfile, type GuestProfile, parseStoredGuestProfile } from '@sys/shared';
import { readGuestProfileJson, removeGuestProfile, writeGuestProfile } from '@/shared/lib/local-storage';

/**
 * Guests (spec section 4): a visitor who continues without an account gets a random local profile,
 * kept in local storage until a real sign-in replaces it.
 */

/** Creates and stores a new guest profile and marks the visitor a guest (isGuestUser 'true'). */
export function continueAsGuest(): GuestProfile {
  const profile = createGuestProfile();
  writeGuestProfile(profile);
  return profile;
}

/** The stored guest profile, or null (none, or unreadable). */
export function readGuestProfile(): GuestProfile | null {
  return parseStoredGuestProfile(readGuestProfileJson());
}

/** A real sign-in ends the guest: the profile and the flag go. */
export function clearGuest(): void {
  removeGuestProfile();
}
