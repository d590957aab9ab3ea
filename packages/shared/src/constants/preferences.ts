/**
 * Preference scoring weights of section 9: each liked occurrence of a matching value adds `like`,
 * each disliked occurrence adds `dislike` (negative).
 */
export const PREFERENCE_WEIGHTS = {
  tag: { like: 1, dislike: -0.5 },
  brand: { like: 1.5, dislike: -0.8 },
  category: { like: 1.2, dislike: -0.6 },
  color: { like: 0.8, dislike: -0.4 },
} as const;
export type PreferenceDimension = keyof typeof PREFERENCE_WEIGHTS;
