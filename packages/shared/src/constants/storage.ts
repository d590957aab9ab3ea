/** The browser's local storage keys (section 3); one owner module in the web app reads and writes them. */
export const LOCAL_STORAGE_KEYS = {
  /** 'true' once the onboarding swipe flow is done. */
  onboarded: 'onboarded',
  /** The JSON of the guest profile (GuestProfileSchema). */
  guestProfile: 'guestProfile',
  /** 'true' while the visitor continues as a guest. */
  isGuestUser: 'isGuestUser',
  /** The JSON array of the newest local swipe events (SwipeEventSchema). */
  swipeEvents: 'swipeEvents',
  /** The JSON array of a visitor's or guest's preferences-screen entries (PreferenceEntryState). */
  preferenceEntries: 'preferenceEntries',
  /** 'true' once this browser signed up or signed in; picks the default auth tab. */
  hasAccount: 'has_account',
  /** The unfinished create-post form, saved when a guest tries to publish. */
  postDraft: 'postDraft',
} as const;
export type LocalStorageKey = (typeof LOCAL_STORAGE_KEYS)[keyof typeof LOCAL_STORAGE_KEYS];
