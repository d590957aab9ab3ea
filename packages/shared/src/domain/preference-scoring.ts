import { LIMITS } from '../constants/limits.ts';
import {
  type AdjustablePreferenceDimension,
  PREFERENCE_ADJUSTMENT_SWIPES,
  PREFERENCE_WEIGHTS,
  type PreferenceAdjustment,
} from '../constants/preferences.ts';
import { tagKey } from './captions.ts';
import { foldCase } from './text.ts';

/*
 * Swipe events and the preference score (sections 3, 6 and 9) without zod: the web's first screens (the
 * onboarding deck, home's 'For you') rank posts with these functions, and building zod schemas there would
 * put zod (about 25 kB gzip) in front of them. The schemas of the same shapes are in preferences.ts, which
 * checks at compile time that they infer exactly these types.
 */

export const SWIPE_ACTIONS = ['like', 'dislike'] as const;
export type SwipeAction = (typeof SWIPE_ACTIONS)[number];

/**
 * One swipe (section 3). The same shape is kept in local storage for visitors and guests and sent to the
 * server, which adds the user. `brand` is the outfit's author name and `category` its first tag;
 * `product_brands` (not in the spec; missing in swipes stored before it) the brands of its products.
 */
export type SwipeEvent = {
  outfit_id: string;
  action: SwipeAction;
  tags: string[];
  brand: string | null;
  category: string | null;
  colors: string[];
  product_brands?: string[] | undefined;
  /** ISO 8601 with seconds and a Z or +hh:mm offset (what SwipeEventSchema accepts). */
  created_at: string;
};

/**
 * Liked and disliked counts by tag, brand (the author), product brand, category and colour (keys are
 * comparison keys, see below).
 */
export type PreferenceCounterGroup = {
  tags: Record<string, number>;
  brands: Record<string, number>;
  product_brands: Record<string, number>;
  categories: Record<string, number>;
  colors: Record<string, number>;
};
export type PreferenceCounters = { liked: PreferenceCounterGroup; disliked: PreferenceCounterGroup };

/** The outfit fields a swipe event is made of. */
export interface SwipedOutfit {
  id: string;
  tags: readonly string[];
  /** The author's display name (the spec records it as the event's brand). */
  authorName?: string | null;
  colors?: readonly string[];
  /** The brands of the tagged products. */
  productBrands?: readonly string[];
}

export function createSwipeEvent(
  outfit: SwipedOutfit,
  action: SwipeAction,
  now: number = Date.now(),
): SwipeEvent {
  return {
    outfit_id: outfit.id,
    action,
    tags: [...outfit.tags],
    brand: outfit.authorName?.trim() || null,
    category: outfit.tags[0] ?? null,
    colors: [...(outfit.colors ?? [])],
    product_brands: [...(outfit.productBrands ?? [])],
    created_at: new Date(now).toISOString(),
  };
}

/** The local history after a swipe: the newest `max` events (100), oldest first. */
export function appendSwipeEvent(
  history: readonly SwipeEvent[],
  event: SwipeEvent,
  max: number = LIMITS.localSwipeHistoryMax,
): SwipeEvent[] {
  return [...history, event].slice(-max);
}

// The date-time SwipeEventSchema accepts (zod's z.iso.datetime({ offset: true })): a valid calendar date,
// 'T', hh:mm:ss with optional fractions, then 'Z' or a +hh:mm / -hh:mm offset.
const ISO_DATE =
  '(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))';
const ISO_TIME = '(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?';
const ISO_OFFSET = '(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)';
const ISO_DATE_TIME = new RegExp(`^${ISO_DATE}T${ISO_TIME}${ISO_OFFSET}$`);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const isStringOrNull = (value: unknown): value is string | null =>
  value === null || typeof value === 'string';
const isSwipeAction = (value: unknown): value is SwipeAction =>
  (SWIPE_ACTIONS as readonly unknown[]).includes(value);

/**
 * The entry as a swipe event when it has exactly the shape SwipeEventSchema accepts, else null. Unknown
 * fields are dropped and the lists copied, as a zod parse would.
 */
export function readSwipeEvent(entry: unknown): SwipeEvent | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const { outfit_id, action, tags, brand, category, colors, product_brands, created_at } = entry as Record<
    string,
    unknown
  >;
  if (typeof outfit_id !== 'string' || outfit_id.length === 0) return null;
  if (!isSwipeAction(action)) return null;
  if (!isStringList(tags) || !isStringList(colors)) return null;
  if (product_brands !== undefined && !isStringList(product_brands)) return null;
  if (!isStringOrNull(brand) || !isStringOrNull(category)) return null;
  if (typeof created_at !== 'string' || !ISO_DATE_TIME.test(created_at)) return null;
  const event: SwipeEvent = {
    outfit_id,
    action,
    tags: [...tags],
    brand,
    category,
    colors: [...colors],
    created_at,
  };
  if (product_brands !== undefined) event.product_brands = [...product_brands];
  return event;
}

/**
 * The swipe events stored locally (the JSON under LOCAL_STORAGE_KEYS.swipeEvents), oldest first.
 * Unreadable storage gives an empty list and invalid entries are dropped, so a bad write never blocks
 * swiping; of a longer list only the newest `max` (100, 'local swipe history kept: last 100 events') are
 * read, so a tampered list cannot exceed what the server's batch merge accepts.
 */
export function parseStoredSwipeEvents(
  raw: string | null | undefined,
  max: number = LIMITS.localSwipeHistoryMax,
): SwipeEvent[] {
  return parseStoredList(raw, readSwipeEvent, max);
}

/** A JSON list kept on the device: its readable entries, the newest `max`; anything unreadable is none. */
function parseStoredList<T>(
  raw: string | null | undefined,
  read: (entry: unknown) => T | null,
  max: number,
): T[] {
  if (!raw) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const entries: T[] = [];
  for (const item of data) {
    const entry = read(item);
    if (entry !== null) entries.push(entry);
  }
  return entries.slice(-max);
}

/*
 * Counter keys ignore case: tags and categories by tagKey (so 'Plus Size' and '#plussize' count together),
 * brands and colours by foldCase. Maps have no prototype, so a tag named '__proto__' is just a key.
 */
const keyOf = {
  tags: tagKey,
  categories: tagKey,
  brands: foldCase,
  product_brands: foldCase,
  colors: foldCase,
} as const satisfies Record<keyof PreferenceCounterGroup, (value: string) => string>;

function emptyGroup(): PreferenceCounterGroup {
  return {
    tags: Object.create(null) as Record<string, number>,
    brands: Object.create(null) as Record<string, number>,
    product_brands: Object.create(null) as Record<string, number>,
    categories: Object.create(null) as Record<string, number>,
    colors: Object.create(null) as Record<string, number>,
  };
}

export function createEmptyPreferenceCounters(): PreferenceCounters {
  return { liked: emptyGroup(), disliked: emptyGroup() };
}

function bump(counts: Record<string, number>, key: string): void {
  if (key === '') return;
  counts[key] = (counts[key] ?? 0) + 1;
}

/**
 * Counts every value of every event under its action. A value repeated within one event (the same tag
 * twice) counts once for that event.
 */
export function buildPreferenceCounters(events: readonly SwipeEvent[]): PreferenceCounters {
  const counters = createEmptyPreferenceCounters();
  for (const event of events) {
    const group = event.action === 'like' ? counters.liked : counters.disliked;
    for (const key of uniqueKeys(event.tags, keyOf.tags)) bump(group.tags, key);
    for (const key of uniqueKeys(event.colors, keyOf.colors)) bump(group.colors, key);
    for (const key of uniqueKeys(event.product_brands ?? [], keyOf.product_brands))
      bump(group.product_brands, key);
    if (event.brand != null) bump(group.brands, keyOf.brands(event.brand));
    if (event.category != null) bump(group.categories, keyOf.categories(event.category));
  }
  return counters;
}

/** The outfit fields scoring looks at (the same ones a swipe event records). */
export interface ScorableOutfit {
  tags: readonly string[];
  brand?: string | null;
  category?: string | null;
  colors?: readonly string[];
  productBrands?: readonly string[];
}

function uniqueKeys(values: readonly string[], key: (value: string) => string): Set<string> {
  return new Set(values.map(key).filter((k) => k !== ''));
}

function countOf(counts: Record<string, number>, key: string): number {
  return Object.hasOwn(counts, key) ? (counts[key] ?? 0) : 0;
}

/**
 * A person's 'more/less like this' by dimension and comparison key (tag adjustments also apply to the
 * category, which is a tag). Made on the preferences screen; visitors and guests have none.
 */
export type PreferenceAdjustments = Record<
  AdjustablePreferenceDimension,
  Record<string, PreferenceAdjustment>
>;

export function createEmptyPreferenceAdjustments(): PreferenceAdjustments {
  return {
    tags: Object.create(null) as Record<string, PreferenceAdjustment>,
    brands: Object.create(null) as Record<string, PreferenceAdjustment>,
    product_brands: Object.create(null) as Record<string, PreferenceAdjustment>,
    colors: Object.create(null) as Record<string, PreferenceAdjustment>,
  };
}

const ADJUSTED_BY: Record<keyof PreferenceCounterGroup, AdjustablePreferenceDimension> = {
  tags: 'tags',
  categories: 'tags',
  brands: 'brands',
  product_brands: 'product_brands',
  colors: 'colors',
};

/**
 * One value's share of the score: what its likes and passes add, turned by an adjustment. 'more' keeps only
 * the positive part and adds PREFERENCE_ADJUSTMENT_SWIPES likes; 'less' keeps only the negative part and
 * adds as many passes, so 'less like this' always pushes the value down, however often it was liked.
 */
export function adjustedValueScore(
  weights: { like: number; dislike: number },
  likes: number,
  dislikes: number,
  adjustment: PreferenceAdjustment | undefined,
): number {
  const base = likes * weights.like + dislikes * weights.dislike;
  if (adjustment === 'more') return Math.max(base, 0) + PREFERENCE_ADJUSTMENT_SWIPES * weights.like;
  if (adjustment === 'less') return Math.min(base, 0) + PREFERENCE_ADJUSTMENT_SWIPES * weights.dislike;
  return base;
}

/**
 * The outfit's preference score (section 9). For each of its distinct tags, its brand, its category and each
 * distinct colour (and each distinct product brand, +1/-0.5): every liked event with that value adds the
 * dimension's like weight and every disliked event adds its dislike weight (tag +1/-0.5, brand +1.5/-0.8,
 * category +1.2/-0.6, colour +0.8/-0.4); a
 * value the person adjusted counts as adjustedValueScore says. Rounded to 6 decimals so that equal sums
 * compare equal despite floating-point addition order.
 */
export function scoreOutfit(
  outfit: ScorableOutfit,
  counters: PreferenceCounters,
  adjustments?: PreferenceAdjustments,
): number {
  const { liked, disliked } = counters;
  let score = 0;
  const add = (
    dimension: keyof typeof PREFERENCE_WEIGHTS,
    group: keyof PreferenceCounterGroup,
    key: string,
  ) => {
    const adjusted = adjustments?.[ADJUSTED_BY[group]];
    const adjustment = adjusted && Object.hasOwn(adjusted, key) ? adjusted[key] : undefined;
    score += adjustedValueScore(
      PREFERENCE_WEIGHTS[dimension],
      countOf(liked[group], key),
      countOf(disliked[group], key),
      adjustment,
    );
  };
  for (const key of uniqueKeys(outfit.tags, keyOf.tags)) add('tag', 'tags', key);
  for (const key of uniqueKeys(outfit.colors ?? [], keyOf.colors)) add('color', 'colors', key);
  for (const key of uniqueKeys(outfit.productBrands ?? [], keyOf.product_brands))
    add('productBrand', 'product_brands', key);
  if (outfit.brand != null) add('brand', 'brands', keyOf.brands(outfit.brand));
  if (outfit.category != null) add('category', 'categories', keyOf.categories(outfit.category));
  return Math.round(score * 1e6) / 1e6 + 0;
}

/** The outfits by preference score, highest first; equal scores keep their original order. */
export function rankOutfits<T extends ScorableOutfit>(
  outfits: readonly T[],
  events: readonly SwipeEvent[],
): T[] {
  return rankOutfitsByCounters(outfits, buildPreferenceCounters(events));
}

export function rankOutfitsByCounters<T extends ScorableOutfit>(
  outfits: readonly T[],
  counters: PreferenceCounters,
  adjustments?: PreferenceAdjustments,
): T[] {
  return outfits
    .map((outfit, index) => ({ outfit, index, score: scoreOutfit(outfit, counters, adjustments) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ outfit }) => outfit);
}

/** A learned value a person removed: swipes up to `removed_at` no longer teach it (later ones do). */
export type PreferenceRemoval = { dimension: AdjustablePreferenceDimension; key: string; removed_at: string };

/**
 * The events without the removed values: each removal strips its value (by comparison key) from the events
 * made up to its time; a removed tag also stops being the event's category.
 */
export function forgetRemovedValues(
  events: readonly SwipeEvent[],
  removals: readonly PreferenceRemoval[],
): SwipeEvent[] {
  if (removals.length === 0) return [...events];
  return events.map((event) => {
    const time = new Date(event.created_at).getTime();
    const applies = removals.filter((removal) => time <= new Date(removal.removed_at).getTime());
    if (applies.length === 0) return event;
    const removed = (dimension: AdjustablePreferenceDimension, key: string) =>
      applies.some((removal) => removal.dimension === dimension && removal.key === key);
    return {
      ...event,
      tags: event.tags.filter((tag) => !removed('tags', keyOf.tags(tag))),
      colors: event.colors.filter((color) => !removed('colors', keyOf.colors(color))),
      ...(event.product_brands
        ? {
            product_brands: event.product_brands.filter(
              (brand) => !removed('product_brands', keyOf.product_brands(brand)),
            ),
          }
        : {}),
      brand: event.brand != null && removed('brands', keyOf.brands(event.brand)) ? null : event.brand,
      category:
        event.category != null && removed('tags', keyOf.categories(event.category)) ? null : event.category,
    };
  });
}

/** The comparison key of a value of an adjustable dimension (as the counters and the summary key it). */
export function preferenceKeyOf(dimension: AdjustablePreferenceDimension, value: string): string {
  return keyOf[dimension](value);
}

/**
 * What a person said about one learned value on the preferences screen, as the server keeps it (one row of
 * swipe_preference_adjustments): 'more'/'less' or none, and the time up to which swipes no longer teach it
 * (a removal). Visitors and guests keep the same entries in their browser (LOCAL_STORAGE_KEYS.
 * preferenceEntries), and the batch merge after sign-in carries them into the account with their swipes.
 */
export type PreferenceEntryState = {
  dimension: AdjustablePreferenceDimension;
  key: string;
  adjustment: PreferenceAdjustment | null;
  /** ISO 8601; null when never removed. */
  removed_at: string | null;
};

/** One change of the preferences screen: turn a value up, down or back ('none'), or remove it. */
export type PreferenceEntryChange =
  | { dimension: AdjustablePreferenceDimension; key: string; adjustment: PreferenceAdjustment | 'none' }
  | { dimension: AdjustablePreferenceDimension; key: string; remove: true };

/** The most entries kept (locally, and in one merge): more than the values 100 swipes can teach. */
export const PREFERENCE_ENTRIES_MAX = 500;

const ADJUSTABLE: readonly string[] = ['tags', 'brands', 'product_brands', 'colors'];

/**
 * The entries after `change` at time `now`, as the server applies it: an adjustment sets or clears the
 * value's adjustment; a removal clears it and stamps the time. The value is keyed as the counters key it.
 * Entries that say nothing any more are dropped; at most PREFERENCE_ENTRIES_MAX are kept, newest last.
 */
export function applyPreferenceEntryChange(
  entries: readonly PreferenceEntryState[],
  change: PreferenceEntryChange,
  now: Date,
): PreferenceEntryState[] {
  const key = preferenceKeyOf(change.dimension, change.key);
  if (key === '') return [...entries];
  const old = entries.find((entry) => entry.dimension === change.dimension && entry.key === key);
  const next: PreferenceEntryState =
    'remove' in change
      ? { dimension: change.dimension, key, adjustment: null, removed_at: now.toISOString() }
      : {
          dimension: change.dimension,
          key,
          adjustment: change.adjustment === 'none' ? null : change.adjustment,
          removed_at: old?.removed_at ?? null,
        };
  const rest = entries.filter((entry) => entry !== old);
  if (next.adjustment === null && next.removed_at === null) return rest;
  return [...rest, next].slice(-PREFERENCE_ENTRIES_MAX);
}

/** The entry when it has exactly the shape applyPreferenceEntryChange writes, else null. */
export function readPreferenceEntry(entry: unknown): PreferenceEntryState | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const { dimension, key, adjustment, removed_at } = entry as Record<string, unknown>;
  if (typeof dimension !== 'string' || !ADJUSTABLE.includes(dimension)) return null;
  if (typeof key !== 'string' || key === '' || key.length > 200) return null;
  if (adjustment !== null && adjustment !== 'more' && adjustment !== 'less') return null;
  if (removed_at !== null && (typeof removed_at !== 'string' || !ISO_DATE_TIME.test(removed_at))) return null;
  if (adjustment === null && removed_at === null) return null;
  return { dimension: dimension as AdjustablePreferenceDimension, key, adjustment, removed_at };
}

/** The entries stored locally; unreadable storage or entries are dropped, as for the swipe events. */
export function parseStoredPreferenceEntries(raw: string | null | undefined): PreferenceEntryState[] {
  return parseStoredList(raw, readPreferenceEntry, PREFERENCE_ENTRIES_MAX);
}

/**
 * What the swipes taught once the entries are applied: the events without the removed values (as far as
 * each removal reaches) and the adjustments that score and the summary use. The server and the browser
 * (visitors and guests) both learn through this.
 */
export function learnedPreferences(
  events: readonly SwipeEvent[],
  entries: readonly PreferenceEntryState[],
): { events: SwipeEvent[]; adjustments: PreferenceAdjustments } {
  const adjustments = createEmptyPreferenceAdjustments();
  const removals: PreferenceRemoval[] = [];
  for (const entry of entries) {
    if (entry.adjustment) adjustments[entry.dimension][entry.key] = entry.adjustment;
    if (entry.removed_at)
      removals.push({ dimension: entry.dimension, key: entry.key, removed_at: entry.removed_at });
  }
  return { events: forgetRemovedValues(events, removals), adjustments };
}
