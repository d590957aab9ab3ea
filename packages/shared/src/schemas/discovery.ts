import { z } from 'zod';
import { DISCOVERY_LIMITS } from '../constants/discovery.ts';
import { ADJUSTABLE_PREFERENCE_DIMENSIONS, PREFERENCE_ADJUSTMENTS } from '../constants/preferences.ts';
import { PreferencesSummarySchema } from '../domain/outfits.ts';
import {
  PREFERENCE_ENTRIES_MAX,
  PreferenceCountersSchema,
  type PreferenceEntryState,
  SwipeActionSchema,
} from '../domain/preferences.ts';
import { AlbumSchema } from './albums.ts';
import { AuthorSchema, CurrencySchema, PageQuerySchema, PostSchema } from './posts.ts';

/*
 * Requests and responses of discovery: search (/api/v1/search), the filtered, 'For you' and 'Fits like me'
 * feeds (/api/v1/posts/...), the explore hub and its sub-pages (/api/v1/explore/...), brands
 * (/api/v1/brands) and swipes with the preferences they teach (/api/v1/swipes/...).
 */

export { DISCOVERY_LIMITS } from '../constants/discovery.ts';

export const DISCOVERY_MESSAGES = {
  brandNotFound: 'Brand Not Found',
  toleranceRange: `Tolerance must be a whole number of centimetres from ${DISCOVERY_LIMITS.fitsToleranceMinCm} to ${DISCOVERY_LIMITS.fitsToleranceMaxCm}`,
  measurementsMissing: 'Add your chest, waist and hip measurements to your profile first',
  tooManySwipes: `At most ${DISCOVERY_LIMITS.swipeBatchMax} swipes at once`,
} as const;

/**
 * A list page that also tells how many results there are in all ('N posts found'). Broad lists stop
 * counting at a cap: then `total` is the cap and `total_capped` is true ('1,000+ results').
 */
export const CountedPostPageSchema = z.object({
  items: z.array(PostSchema),
  total: z.number().int(),
  total_capped: z.boolean(),
  next_cursor: z.string().nullable(),
});
export type CountedPostPage = z.infer<typeof CountedPostPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Search and filters
// ---------------------------------------------------------------------------------------------------------

/** GET /api/v1/search: `q` trimmed; a blank query finds nothing. */
/** Search words, trimmed ('' when absent). */
const SearchWordsSchema = z
  .string()
  .max(DISCOVERY_LIMITS.searchQueryMaxChars)
  .default('')
  .transform((value) => value.trim());

/**
 * `exact=1`: the words as typed, no spelling correction ('Search instead for zaar'). Any other value than
 * '0' or '1' is refused.
 */
export const SearchQuerySchema = PageQuerySchema.extend({
  q: SearchWordsSchema,
  exact: z
    .enum(['0', '1'])
    .optional()
    .transform((value) => value === '1'),
});
export type SearchQuery = z.output<typeof SearchQuerySchema>;

/**
 * A search's page: the posts found and, when a word matched nothing as typed and was corrected, the query
 * the search used instead ('zaar' -> 'zara'); null when every word was used as typed.
 */
export const SearchPageSchema = CountedPostPageSchema.extend({
  corrected_to: z.string().nullable(),
});
export type SearchPage = z.infer<typeof SearchPageSchema>;

/** GET /api/v1/search/suggestions: what is typed so far, trimmed (blank suggests nothing). */
export const SuggestionsQuerySchema = z.object({
  q: z
    .string()
    .max(DISCOVERY_LIMITS.suggestionQueryMaxChars)
    .default('')
    .transform((value) => value.trim()),
});
export type SuggestionsQuery = z.output<typeof SuggestionsQuerySchema>;

/**
 * People (by username or display name), brands, styles and hashtags whose names hold the typed text, at most
 * DISCOVERY_LIMITS.suggestionsPerKind of each, those starting with it first. `styles` are the STYLES
 * names; the address of a style's page is its lower-case name.
 */
export const SuggestionsSchema = z.object({
  people: z.array(AuthorSchema),
  brands: z.array(z.object({ id: z.uuid(), name: z.string() })),
  styles: z.array(z.string()),
  /** Hashtags of public posts (their tagKey, e.g. 'plussize') holding the text, with how many posts. */
  tags: z.array(z.object({ tag: z.string(), post_count: z.number().int() })),
});
export type Suggestions = z.infer<typeof SuggestionsSchema>;

/** One filter parameter: repeated in the URL (`size=M&size=L`), so one value or several. */
const FilterValuesSchema = z
  .union([
    z.string().max(DISCOVERY_LIMITS.filterValueMaxChars),
    z
      .array(z.string().max(DISCOVERY_LIMITS.filterValueMaxChars))
      .max(DISCOVERY_LIMITS.filterValuesPerCategoryMax),
  ])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/**
 * GET /api/v1/posts/filtered: the filter dialog's choice with the URL parameters of FILTER_SEARCH_PARAMS
 * (size, color, style, pattern, type, brand), each repeated per value, and optional search words `q`
 * (then the posts are the search's matches among the filtered ones, by relevance).
 */
export const FilteredPostsQuerySchema = PageQuerySchema.extend({
  q: SearchWordsSchema,
  size: FilterValuesSchema,
  color: FilterValuesSchema,
  style: FilterValuesSchema,
  pattern: FilterValuesSchema,
  type: FilterValuesSchema,
  brand: FilterValuesSchema,
});
export type FilteredPostsQuery = z.output<typeof FilteredPostsQuerySchema>;

/**
 * GET /api/v1/posts/fits-like-me: the tolerance in whole cm around each of the caller's own measurements.
 * Without one, the server chooses it: the default, widened until enough outfits match (or the maximum).
 */
export const FitsLikeMeQuerySchema = PageQuerySchema.extend({
  tolerance: z.coerce
    .number({ error: DISCOVERY_MESSAGES.toleranceRange })
    .int({ error: DISCOVERY_MESSAGES.toleranceRange })
    .min(DISCOVERY_LIMITS.fitsToleranceMinCm, { error: DISCOVERY_MESSAGES.toleranceRange })
    .max(DISCOVERY_LIMITS.fitsToleranceMaxCm, { error: DISCOVERY_MESSAGES.toleranceRange })
    .optional(),
});
export type FitsLikeMeQuery = z.output<typeof FitsLikeMeQuerySchema>;

/** The answer of 'Fits like me': a counted page and the tolerance in use (asked for, or chosen). */
export const FitsPageSchema = CountedPostPageSchema.extend({
  tolerance: z.number().int(),
});
export type FitsPage = z.infer<typeof FitsPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Brands
// ---------------------------------------------------------------------------------------------------------

/** Spec section 3, table `brands`. */
export const BrandSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  usage_count: z.number().int(),
});
export type Brand = z.infer<typeof BrandSchema>;

export const BrandListSchema = z.object({ items: z.array(BrandSchema) });
export type BrandList = z.infer<typeof BrandListSchema>;

/** A brand on explore: how many items of public posts are tagged with it. */
export const ExploreBrandSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  item_count: z.number().int(),
});
export type ExploreBrand = z.infer<typeof ExploreBrandSchema>;

export const ExploreBrandListSchema = z.object({ items: z.array(ExploreBrandSchema) });
export type ExploreBrandList = z.infer<typeof ExploreBrandListSchema>;

/** /explore/brands/{brandId}: posts with an item of the brand or by an author of that name. */
export const BrandPageSchema = CountedPostPageSchema.extend({ brand: ExploreBrandSchema });
export type BrandPage = z.infer<typeof BrandPageSchema>;

export const BrandIdParamsSchema = z.object({ brandId: z.uuid() });

// ---------------------------------------------------------------------------------------------------------
// Explore sections
// ---------------------------------------------------------------------------------------------------------

export const CreatorSchema = AuthorSchema.extend({
  followers_count: z.number().int(),
  posts_count: z.number().int(),
  /** Whether the signed-in viewer follows this creator; false for visitors. */
  is_following: z.boolean(),
});
export type Creator = z.infer<typeof CreatorSchema>;

export const CreatorPageSchema = z.object({
  items: z.array(CreatorSchema),
  next_cursor: z.string().nullable(),
});
export type CreatorPage = z.infer<typeof CreatorPageSchema>;

/** A product by its link clicks of the last 7 days; the price stays in its own currency. */
export const TrendingItemSchema = z.object({
  id: z.uuid(),
  post_id: z.uuid(),
  title: z.string().nullable(),
  brand: z.string().nullable(),
  /** The item type. */
  category: z.string().nullable(),
  price: z.number().nullable(),
  currency: CurrencySchema,
  /** The item's image, else the post's first media. */
  image_url: z.string(),
  link: z.string(),
  click_count: z.number().int(),
});
export type TrendingItem = z.infer<typeof TrendingItemSchema>;

export const TrendingPageSchema = z.object({
  items: z.array(TrendingItemSchema),
  next_cursor: z.string().nullable(),
});
export type TrendingPage = z.infer<typeof TrendingPageSchema>;

/** GET /api/v1/explore: the hub's sections, each already cut to the spec's size. */
export const ExploreSchema = z.object({
  brands: z.array(ExploreBrandSchema),
  creators: z.array(CreatorSchema),
  trending: z.array(TrendingItemSchema),
  albums: z.array(AlbumSchema),
  styles: z.array(z.string()),
});
export type Explore = z.infer<typeof ExploreSchema>;

export const CategoryParamsSchema = z.object({ category: z.string().trim().min(1).max(100) });

export const CategoryPageSchema = CountedPostPageSchema.extend({ category: z.string() });
export type CategoryPage = z.infer<typeof CategoryPageSchema>;

/** GET /api/v1/tags/:tag/posts: a hashtag, with or without '#', as the tag page's address holds it. */
export const TagParamsSchema = z.object({ tag: z.string().trim().min(1).max(100) });

/**
 * A hashtag's page: the posts whose caption has exactly this tag (compared by tagKey: case, '_' and
 * spaces ignored) that the viewer may see (public or their own, nothing across a block), newest first,
 * and how many there are. `tag` is the tag as asked, without '#'.
 */
export const TagPageSchema = CountedPostPageSchema.extend({ tag: z.string() });
export type TagPage = z.infer<typeof TagPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Swipes and preferences
// ---------------------------------------------------------------------------------------------------------

const swipeText = z.string().max(100);

// The years 1 to 9999 (an offset can move 0001-01-01 into year 0, which the database refuses).
const swipeTime = z.iso.datetime({ offset: true }).refine(
  (value) => {
    const time = Date.parse(value);
    return time >= Date.parse('0001-01-01T00:00:00Z') && time <= Date.parse('9999-12-31T23:59:59.999Z');
  },
  { message: 'Must be between the years 1 and 9999' },
);

/**
 * A swipe sent to the server: the spec's event (SwipeEvent, as kept in local storage), of which only the
 * outfit and the action are needed. For a post the server knows, it records tags, brand, category and
 * colours from the post itself; the sent values count only for posts that are gone. `created_at` keeps a
 * merged event's time and, with the outfit, identifies it: the same event sent twice is stored once.
 */
export const SwipeInputSchema = z.object({
  outfit_id: z.uuid(),
  action: SwipeActionSchema,
  tags: z.array(swipeText).max(30).optional(),
  brand: swipeText.nullish(),
  category: swipeText.nullish(),
  colors: z.array(swipeText).max(30).optional(),
  product_brands: z.array(swipeText).max(30).optional(),
  created_at: swipeTime.optional(),
});
export type SwipeInput = z.input<typeof SwipeInputSchema>;

/** One learned value of the preferences screen: its dimension and its key (or spelling: it is keyed again). */
const PreferencesEntryTargetSchema = z.object({
  dimension: z.enum(ADJUSTABLE_PREFERENCE_DIMENSIONS),
  key: z.string().trim().min(1).max(200),
});

/** What a guest said about one learned value on the preferences screen (PreferenceEntryState). */
const PreferenceEntryStateSchema = PreferencesEntryTargetSchema.extend({
  adjustment: z.enum(PREFERENCE_ADJUSTMENTS).nullable(),
  removed_at: swipeTime.nullable(),
});

/**
 * POST /api/v1/swipes/batch: a guest's local events after sign-in (at most 100, LIMITS.localSwipeHistoryMax),
 * and what they said on the preferences screen (`preferences`: each value turned up or down, or removed,
 * with the time of the removal). Entries that are not valid swipes (an outfit id that is no post id) are
 * skipped, not refused, so one bad local entry cannot block the merge; the preference entries are written
 * by the app itself and checked whole.
 */
export const SwipeBatchBodySchema = z.object({
  events: z
    .array(z.unknown().describe('a SwipeInput'))
    .max(DISCOVERY_LIMITS.swipeBatchMax, { error: DISCOVERY_MESSAGES.tooManySwipes }),
  preferences: z.array(PreferenceEntryStateSchema).max(PREFERENCE_ENTRIES_MAX).optional(),
});
export type SwipeBatchBody = { events: SwipeInput[]; preferences?: PreferenceEntryState[] };

export const SwipeResultSchema = z.object({
  /** Swipes stored now. */
  inserted: z.number().int(),
  /** Swipes the server already had (a retried request or merge). */
  duplicates: z.number().int(),
  /** Entries that were not valid swipes. */
  skipped: z.number().int(),
});
export type SwipeResult = z.infer<typeof SwipeResultSchema>;

/** GET /api/v1/swipes/preferences: the counters scoring uses and the summary of them people read. */
export const PreferencesSchema = z.object({
  counters: PreferenceCountersSchema,
  /** The preferences summary: what the swipes taught, for people to read. */
  summary: PreferencesSummarySchema,
});
export type Preferences = z.infer<typeof PreferencesSchema>;

/**
 * PUT /api/v1/swipes/preferences/entries: 'more like this' or 'less like this' of one learned value, or
 * 'none' to go back to what the swipes taught. Answers the new preferences.
 */
export const AdjustPreferenceBodySchema = PreferencesEntryTargetSchema.extend({
  adjustment: z.enum([...PREFERENCE_ADJUSTMENTS, 'none']),
});
export type AdjustPreferenceBody = z.infer<typeof AdjustPreferenceBodySchema>;

/**
 * DELETE /api/v1/swipes/preferences/entries?dimension=&key=: forget one learned value (the swipes so far
 * no longer teach it; later swipes do). Answers the new preferences.
 */
export const RemovePreferenceQuerySchema = PreferencesEntryTargetSchema;
export type RemovePreferenceQuery = z.infer<typeof RemovePreferenceQuerySchema>;

export const DeckQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(DISCOVERY_LIMITS.deckSizeMax)
    .default(DISCOVERY_LIMITS.deckSizeDefault),
});
export type DeckQuery = z.output<typeof DeckQuerySchema>;

/** GET /api/v1/swipes/deck: posts to swipe, best match first. */
export const DeckSchema = z.object({ items: z.array(PostSchema) });
export type Deck = z.infer<typeof DeckSchema>;
