import type { ProfileSize } from './lists.ts';

/** Values a new profile row starts with (section 3 and 9). Measurements are in cm. */
export const DEFAULT_PROFILE = {
  size: 'M',
  chestCircumference: 90,
  waistCircumference: 75,
  hipCircumference: 95,
  measurementsPublic: true,
} as const satisfies {
  size: ProfileSize;
  chestCircumference: number;
  waistCircumference: number;
  hipCircumference: number;
  measurementsPublic: boolean;
};

/** What a profile shows when a value is missing. */
export const PROFILE_FALLBACKS = {
  /** The greeting a guest (and a profile without a name) is shown with. */
  displayName: 'Hi Gorgeous',
  bio: 'Fashion stylist',
  /** The last fallback of a feed card's author name (after username, then display name). */
  userName: 'User',
} as const;

/** Sizes a guest profile is drawn from. */
export const GUEST_SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const satisfies readonly ProfileSize[];
export type GuestSize = (typeof GUEST_SIZES)[number];

/** Chest/waist/hip (cm) a guest's measurements are based on, by size. */
export const GUEST_MEASUREMENT_BASES = {
  XS: { chest: 80, waist: 65, hip: 85 },
  S: { chest: 85, waist: 70, hip: 90 },
  M: { chest: 90, waist: 75, hip: 95 },
  L: { chest: 95, waist: 80, hip: 100 },
  XL: { chest: 100, waist: 85, hip: 105 },
} as const satisfies Record<GuestSize, { chest: number; waist: number; hip: number }>;

/** Each guest measurement is its base plus a whole number in this range (inclusive). */
export const GUEST_MEASUREMENT_VARIATION = { min: -3, max: 3 } as const;

export const GUEST_DISPLAY_NAME = PROFILE_FALLBACKS.displayName;
export const GUEST_BIO = PROFILE_FALLBACKS.bio;

/**
 * Number of stock guest avatars. The web app serves them as `/guest-avatars/1.svg` ... `/guest-avatars/8.svg`
 * (see guestAvatarUrl in domain/guest-profile.ts).
 */
export const GUEST_AVATAR_COUNT = 8;

/**
 * Lengths and bounds of a profile's fields. A constant apart from the schemas, so that the web app's
 * mention links (domain/mentions.ts, on every feed card) do not pull zod into the first screen.
 */
export const PROFILE_LIMITS = {
  usernameMinChars: 3,
  usernameMaxChars: 30,
  displayNameMaxChars: 60,
  bioMaxChars: 500,
  /** Measurements beyond this many cm are typing mistakes and count as invalid (stored as 0). */
  measurementMaxCm: 300,
  urlMaxChars: 2048,
} as const;
