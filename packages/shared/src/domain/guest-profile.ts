import { z } from 'zod';
import {
  GUEST_AVATAR_COUNT,
  GUEST_BIO,
  GUEST_DISPLAY_NAME,
  GUEST_MEASUREMENT_BASES,
  GUEST_MEASUREMENT_VARIATION,
  GUEST_SIZES,
} from '../constants/profile.ts';

/**
 * The guest profile kept in local storage (section 3), with the spec's field names. It never reaches the
 * server; on a real sign-in it is removed.
 */
export const GuestProfileSchema = z.object({
  id: z.string().startsWith('guest_'),
  username: z.string().min(1),
  display_name: z.string(),
  avatar_url: z.string(),
  bio: z.string(),
  size: z.enum(GUEST_SIZES),
  chest_circumference: z.number().int().positive(),
  waist_circumference: z.number().int().positive(),
  hip_circumference: z.number().int().positive(),
  measurements_public: z.boolean(),
  isGuest: z.literal(true),
});
export type GuestProfile = z.infer<typeof GuestProfileSchema>;

/** A source of numbers in [0, 1), like Math.random; tests pass a fixed sequence. */
export type RandomSource = () => number;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A whole number from min to max inclusive. */
export function randomInt(random: RandomSource, min: number, max: number): number {
  const span = max - min + 1;
  // Clamp so that a source returning exactly 1 (or slightly more) cannot step outside the range.
  return min + Math.min(span - 1, Math.max(0, Math.floor(random() * span)));
}

function randomPick<T>(random: RandomSource, values: readonly [T, ...T[]]): T {
  return values[randomInt(random, 0, values.length - 1)] ?? values[0];
}

function randomString(random: RandomSource, length: number): string {
  let result = '';
  for (let i = 0; i < length; i++) result += ID_ALPHABET.charAt(randomInt(random, 0, ID_ALPHABET.length - 1));
  return result;
}

/**
 * Where stock guest avatar `n` (1..GUEST_AVATAR_COUNT) is served: `/guest-avatars/{n}.svg`. The web app
 * generates and serves these files.
 */
export function guestAvatarUrl(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > GUEST_AVATAR_COUNT) {
    throw new RangeError(`Guest avatar number must be 1..${GUEST_AVATAR_COUNT}, got ${n}`);
  }
  return `/guest-avatars/${n}.svg`;
}

/**
 * A new random guest profile: id 'guest_{time}_{9 random chars}', username 'guest_{4 random chars}', the
 * greeting as display name, bio 'Fashion stylist', one of the 8 stock avatars, a size from XS-XL with
 * measurements of that size's base each varied by a whole number from -3 to +3, and a random choice of
 * public or private measurements.
 */
export function createGuestProfile(
  random: RandomSource = Math.random,
  now: number = Date.now(),
): GuestProfile {
  const size = randomPick(random, GUEST_SIZES);
  const base = GUEST_MEASUREMENT_BASES[size];
  const vary = (value: number) =>
    value + randomInt(random, GUEST_MEASUREMENT_VARIATION.min, GUEST_MEASUREMENT_VARIATION.max);
  return {
    id: `guest_${now}_${randomString(random, 9)}`,
    username: `guest_${randomString(random, 4)}`,
    display_name: GUEST_DISPLAY_NAME,
    avatar_url: guestAvatarUrl(randomInt(random, 1, GUEST_AVATAR_COUNT)),
    bio: GUEST_BIO,
    size,
    chest_circumference: vary(base.chest),
    waist_circumference: vary(base.waist),
    hip_circumference: vary(base.hip),
    measurements_public: random() < 0.5,
    isGuest: true,
  };
}

/** The guest profile stored under LOCAL_STORAGE_KEYS.guestProfile, or null when missing or unreadable. */
export function parseStoredGuestProfile(raw: string | null | undefined): GuestProfile | null {
  if (!raw) return null;
  try {
    const parsed = GuestProfileSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
