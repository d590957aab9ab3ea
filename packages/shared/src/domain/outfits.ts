import { z } from 'zod';
import {
  PREFERENCE_ADJUSTMENTS,
  PREFERENCE_WEIGHTS,
  type PreferenceDimension,
} from '../constants/preferences.ts';
import { tagKey } from './captions.ts';
import type { PreferenceAdjustments, SwipeEvent } from './preference-scoring.ts';
import { foldCase } from './text.ts';

// The outfit builders (swipedOutfitFromPost, scorableOutfit...) are in swipe-outfits.ts, without zod.
export * from './swipe-outfits.ts';

// ---------------------------------------------------------------------------------------------------------
// The preferences summary: what the swipes taught, for people to read
// ---------------------------------------------------------------------------------------------------------

export const PreferencesEntrySchema = z.object({
  /** The comparison key (tagKey for tags and categories, foldCase for brands and colours). */
  key: z.string(),
  /** The value as most recently swiped, for display. */
  label: z.string(),
  count: z.number().int().positive(),
  /** The person's 'more/less like this' of the value, when they made one (only adjustable dimensions). */
  adjustment: z.enum(PREFERENCE_ADJUSTMENTS).optional(),
});
export type PreferencesEntry = z.infer<typeof PreferencesEntrySchema>;

const PreferencesGroupSchema = z.object({
  tags: z.array(PreferencesEntrySchema),
  /** The authors (the spec's swipe brand). */
  brands: z.array(PreferencesEntrySchema),
  /** The brands of the tagged products. */
  product_brands: z.array(PreferencesEntrySchema),
  categories: z.array(PreferencesEntrySchema),
  colors: z.array(PreferencesEntrySchema),
});
export type PreferencesGroup = z.infer<typeof PreferencesGroupSchema>;

export const PreferencesSummarySchema = z.object({
  /** How many swipes the summary is made of (at most the preference load limit). */
  event_count: z.number().int(),
  like_count: z.number().int(),
  dislike_count: z.number().int(),
  liked: PreferencesGroupSchema,
  disliked: PreferencesGroupSchema,
});
export type PreferencesSummary = z.infer<typeof PreferencesSummarySchema>;

/**
 * The most entries of one dimension on one side: all that 500 swipes usually teach (a person who swiped
 * more distinct values sees the strongest 100).
 */
export const PREFERENCES_TOP_ENTRIES = 100;

/** How each preferences dimension is weighed (section 9's scoring), by the summary's group names. */
const WEIGHTS: Record<keyof PreferencesGroup, (typeof PREFERENCE_WEIGHTS)[PreferenceDimension]> = {
  tags: PREFERENCE_WEIGHTS.tag,
  brands: PREFERENCE_WEIGHTS.brand,
  product_brands: PREFERENCE_WEIGHTS.productBrand,
  categories: PREFERENCE_WEIGHTS.category,
  colors: PREFERENCE_WEIGHTS.color,
};

type Tally = Map<string, { label: string; likes: number; dislikes: number }>;

function tallyOf(): Record<keyof PreferencesGroup, Tally> {
  return {
    tags: new Map(),
    brands: new Map(),
    product_brands: new Map(),
    categories: new Map(),
    colors: new Map(),
  };
}

function count(tally: Tally, value: string, key: string, seen: Set<string>, liked: boolean): void {
  if (key === '' || seen.has(key)) return;
  seen.add(key);
  const entry = tally.get(key) ?? { label: '', likes: 0, dislikes: 0 };
  entry.label = value.trim();
  if (liked) entry.likes += 1;
  else entry.dislikes += 1;
  tally.set(key, entry);
}

/**
 * The values on one side of the preferences: a value counts as liked when its score (likes and passes weighed
 * as the deck weighs them) is positive, as passed on when it is negative, and on neither side at zero; so
 * a style liked twice and passed on once is liked, not both. A value at zero that the person adjusted is on
 * the side of the adjustment, so that it can be seen and changed. Strongest first, ties by key.
 */
function top(
  tally: Tally,
  dimension: keyof PreferencesGroup,
  side: 'liked' | 'disliked',
  limit: number,
  adjustments: PreferenceAdjustments | undefined,
): PreferencesEntry[] {
  const weights = WEIGHTS[dimension];
  const adjusted = adjustments && dimension !== 'categories' ? adjustments[dimension] : undefined;
  return [...tally.entries()]
    .map(([key, { label, likes, dislikes }]) => {
      const adjustment = adjusted && Object.hasOwn(adjusted, key) ? adjusted[key] : undefined;
      const base = Math.round((likes * weights.like + dislikes * weights.dislike) * 1e6) / 1e6;
      const sideScore = base !== 0 ? base : adjustment === 'more' ? 1 : adjustment === 'less' ? -1 : 0;
      return {
        key,
        label,
        count: side === 'liked' ? likes : dislikes,
        adjustment,
        sideScore,
      };
    })
    .filter((entry) => (side === 'liked' ? entry.sideScore > 0 : entry.sideScore < 0) && entry.count > 0)
    .sort(
      (a, b) => Math.abs(b.sideScore) - Math.abs(a.sideScore) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    )
    .slice(0, limit)
    .map(({ key, label, count, adjustment }) =>
      adjustment ? { key, label, count, adjustment } : { key, label, count },
    );
}

/**
 * The liked and passed-on tags, brands (authors), product brands, categories and colours (at most `limit` of each), counted as
 * buildPreferenceCounters counts them (same keys, a value once per event) and sided by their score (see
 * top), each with the person's adjustment. Pass the events oldest first: the label of a value is its
 * spelling in the newest event.
 */
export function summarizePreferences(
  events: readonly SwipeEvent[],
  limit: number = PREFERENCES_TOP_ENTRIES,
  adjustments?: PreferenceAdjustments,
): PreferencesSummary {
  const tally = tallyOf();
  let likeCount = 0;
  for (const event of events) {
    const liked = event.action === 'like';
    if (liked) likeCount += 1;
    const seenTags = new Set<string>();
    for (const tag of event.tags) count(tally.tags, tag, tagKey(tag), seenTags, liked);
    const seenColors = new Set<string>();
    for (const color of event.colors) count(tally.colors, color, foldCase(color), seenColors, liked);
    const seenBrands = new Set<string>();
    for (const brand of event.product_brands ?? [])
      count(tally.product_brands, brand, foldCase(brand), seenBrands, liked);
    if (event.brand != null) count(tally.brands, event.brand, foldCase(event.brand), new Set(), liked);
    if (event.category != null)
      count(tally.categories, event.category, tagKey(event.category), new Set(), liked);
  }
  const summarize = (side: 'liked' | 'disliked'): PreferencesGroup => ({
    tags: top(tally.tags, 'tags', side, limit, adjustments),
    brands: top(tally.brands, 'brands', side, limit, adjustments),
    product_brands: top(tally.product_brands, 'product_brands', side, limit, adjustments),
    categories: top(tally.categories, 'categories', side, limit, adjustments),
    colors: top(tally.colors, 'colors', side, limit, adjustments),
  });
  return {
    event_count: events.length,
    like_count: likeCount,
    dislike_count: events.length - likeCount,
    liked: summarize('liked'),
    disliked: summarize('disliked'),
  };
}
