import { z } from 'zod';
import { PREFERENCE_WEIGHTS, type PreferenceDimension } from '../constants/preferences.ts';
import { tagKey } from './captions.ts';
import type { SwipeEvent } from './preference-scoring.ts';
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
});
export type PreferencesEntry = z.infer<typeof PreferencesEntrySchema>;

const PreferencesGroupSchema = z.object({
  tags: z.array(PreferencesEntrySchema),
  brands: z.array(PreferencesEntrySchema),
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

export const PREFERENCES_TOP_ENTRIES = 5;

/** How each preferences dimension is weighed (section 9's scoring), by the summary's group names. */
const WEIGHTS: Record<keyof PreferencesGroup, (typeof PREFERENCE_WEIGHTS)[PreferenceDimension]> = {
  tags: PREFERENCE_WEIGHTS.tag,
  brands: PREFERENCE_WEIGHTS.brand,
  categories: PREFERENCE_WEIGHTS.category,
  colors: PREFERENCE_WEIGHTS.color,
};

type Tally = Map<string, { label: string; likes: number; dislikes: number }>;

function tallyOf(): Record<keyof PreferencesGroup, Tally> {
  return { tags: new Map(), brands: new Map(), categories: new Map(), colors: new Map() };
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
 * a style liked twice and passed on once is liked, not both. Strongest first, ties by key.
 */
function top(
  tally: Tally,
  dimension: keyof PreferencesGroup,
  side: 'liked' | 'disliked',
  limit: number,
): PreferencesEntry[] {
  const weights = WEIGHTS[dimension];
  return [...tally.entries()]
    .map(([key, { label, likes, dislikes }]) => ({
      key,
      label,
      count: side === 'liked' ? likes : dislikes,
      score: Math.round((likes * weights.like + dislikes * weights.dislike) * 1e6) / 1e6,
    }))
    .filter((entry) => (side === 'liked' ? entry.score > 0 : entry.score < 0))
    .sort((a, b) => Math.abs(b.score) - Math.abs(a.score) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, limit)
    .map(({ key, label, count }) => ({ key, label, count }));
}

/**
 * The most liked and most passed-on tags, brands, categories and colours, counted as buildPreferenceCounters
 * counts them (same keys, a value once per event) and sided by their score (see top). Pass the events
 * oldest first: the label of a value is its spelling in the newest event.
 */
export function summarizePreferences(
  events: readonly SwipeEvent[],
  limit: number = PREFERENCES_TOP_ENTRIES,
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
    if (event.brand != null) count(tally.brands, event.brand, foldCase(event.brand), new Set(), liked);
    if (event.category != null)
      count(tally.categories, event.category, tagKey(event.category), new Set(), liked);
  }
  const summarize = (side: 'liked' | 'disliked'): PreferencesGroup => ({
    tags: top(tally.tags, 'tags', side, limit),
    brands: top(tally.brands, 'brands', side, limit),
    categories: top(tally.categories, 'categories', side, limit),
    colors: top(tally.colors, 'colors', side, limit),
  });
  return {
    event_count: events.length,
    like_count: likeCount,
    dislike_count: events.length - likeCount,
    liked: summarize('liked'),
    disliked: summarize('disliked'),
  };
}
