import { z } from 'zod';
import { tagKey } from './captions.ts';
import type { SwipeEvent } from './preference-scoring.ts';
import { foldCase } from './text.ts';

// The outfit builders (swipedOutfitFromPost, scorableOutfit...) are in swipe-outfits.ts, without zod.
export * from './swipe-outfits.ts';

// ---------------------------------------------------------------------------------------------------------
// 'Your taste': what the swipes taught, for people to read
// ---------------------------------------------------------------------------------------------------------

export const TasteEntrySchema = z.object({
  /** The comparison key (tagKey for tags and categories, foldCase for brands and colours). */
  key: z.string(),
  /** The value as most recently swiped, for display. */
  label: z.string(),
  count: z.number().int().positive(),
});
export type TasteEntry = z.infer<typeof TasteEntrySchema>;

const TasteGroupSchema = z.object({
  tags: z.array(TasteEntrySchema),
  brands: z.array(TasteEntrySchema),
  categories: z.array(TasteEntrySchema),
  colors: z.array(TasteEntrySchema),
});
export type TasteGroup = z.infer<typeof TasteGroupSchema>;

export const TasteSummarySchema = z.object({
  /** How many swipes the summary is made of (at most the preference load limit). */
  eventCount: z.number().int(),
  likeCount: z.number().int(),
  dislikeCount: z.number().int(),
  liked: TasteGroupSchema,
  disliked: TasteGroupSchema,
});
export type TasteSummary = z.infer<typeof TasteSummarySchema>;

export const TASTE_TOP_ENTRIES = 5;

type Tally = Map<string, { label: string; count: number }>;

function tallyOf(): Record<keyof TasteGroup, Tally> {
  return { tags: new Map(), brands: new Map(), categories: new Map(), colors: new Map() };
}

function count(tally: Tally, value: string, key: string, seen: Set<string>): void {
  if (key === '' || seen.has(key)) return;
  seen.add(key);
  const entry = tally.get(key);
  if (entry) {
    entry.count += 1;
    entry.label = value.trim();
  } else {
    tally.set(key, { label: value.trim(), count: 1 });
  }
}

function top(tally: Tally, limit: number): TasteEntry[] {
  return [...tally.entries()]
    .map(([key, { label, count }]) => ({ key, label, count }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, limit);
}

/**
 * The most liked and most disliked tags, brands, categories and colours, counted as buildPreferenceCounters
 * counts them (same keys, a value once per event). Pass the events oldest first: the label of a value is
 * its spelling in the newest event. Ties are ordered by key.
 */
export function summarizeTaste(
  events: readonly SwipeEvent[],
  limit: number = TASTE_TOP_ENTRIES,
): TasteSummary {
  const liked = tallyOf();
  const disliked = tallyOf();
  let likeCount = 0;
  for (const event of events) {
    const group = event.action === 'like' ? liked : disliked;
    if (event.action === 'like') likeCount += 1;
    const seenTags = new Set<string>();
    for (const tag of event.tags) count(group.tags, tag, tagKey(tag), seenTags);
    const seenColors = new Set<string>();
    for (const color of event.colors) count(group.colors, color, foldCase(color), seenColors);
    if (event.brand != null) count(group.brands, event.brand, foldCase(event.brand), new Set());
    if (event.category != null) count(group.categories, event.category, tagKey(event.category), new Set());
  }
  const summarize = (tally: Record<keyof TasteGroup, Tally>): TasteGroup => ({
    tags: top(tally.tags, limit),
    brands: top(tally.brands, limit),
    categories: top(tally.categories, limit),
    colors: top(tally.colors, limit),
  });
  return {
    eventCount: events.length,
    likeCount,
    dislikeCount: events.length - likeCount,
    liked: summarize(liked),
    disliked: summarize(disliked),
  };
}
