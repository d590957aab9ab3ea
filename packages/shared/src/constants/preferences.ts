/**
 * Preference scoring weights of section 9: each liked occurrence of a matching value adds `like`,
 * each disliked occurrence adds `dislike` (negative).
 */
export const PREFERENCE_WEIGHTS = {
  tag: { like: 1, dislike: -0.5 },
  brand: { like: 1.5, dislike: -0.8 },
  category: { like: 1.2, dislike: -0.6 },
  color: { like: 0.8, dislike: -0.4 },
  /** The brands of the tagged products (not in section 9, which knows only the author as brand). */
  productBrand: { like: 1, dislike: -0.5 },
} as const;
export type PreferenceDimension = keyof typeof PREFERENCE_WEIGHTS;

/** What a person can say about one learned value on the preferences screen ('more/less like this'). */
export const PREFERENCE_ADJUSTMENTS = ['more', 'less'] as const;
export type PreferenceAdjustment = (typeof PREFERENCE_ADJUSTMENTS)[number];

/** The dimensions of the preferences screen a person can adjust or remove (a tag's also counts as category). */
export const ADJUSTABLE_PREFERENCE_DIMENSIONS = ['tags', 'brands', 'product_brands', 'colors'] as const;
export type AdjustablePreferenceDimension = (typeof ADJUSTABLE_PREFERENCE_DIMENSIONS)[number];

/**
 * How strongly an adjustment counts: 'more like this' makes the value count as liked (whatever passes taught)
 * plus this many likes of it; 'less like this' as passed on plus this many passes.
 */
export const PREFERENCE_ADJUSTMENT_SWIPES = 3;
