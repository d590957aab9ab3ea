import { LIMITS } from './limits.ts';
import { POST_LIMITS } from './posts.ts';

/**
 * Our own limits of discovery, where the spec gives none (the spec's own numbers are in LIMITS). A
 * constant, apart from the zod schemas of schemas/discovery.ts (which re-exports it), so that screens
 * reading a limit (the deck, 'Fits like me') do not load zod.
 */
export const DISCOVERY_LIMITS = {
  searchQueryMaxChars: 200,
  /** Suggestions while typing: the typed text's length and how many of each kind are answered. */
  suggestionQueryMaxChars: 100,
  suggestionsPerKind: 5,
  /** Words of a search query that count; the rest are ignored. */
  searchWordsMax: 8,
  filterValueMaxChars: 100,
  filterValuesPerCategoryMax: 50,
  /** A guest's whole local history merges in one request. */
  swipeBatchMax: LIMITS.localSwipeHistoryMax,
  deckSizeDefault: 20,
  deckSizeMax: 50,
  /** The newest posts a deck is chosen from, ranked by preferences. */
  deckCandidates: 200,
  /** The newest posts 'For you' ranks by preferences; older ones follow newest first. */
  forYouWindow: 500,
  fitsToleranceMinCm: 1,
  fitsToleranceMaxCm: 15,
  fitsToleranceDefaultCm: 4,
  /**
   * Outfits that are 'enough' for 'Fits like me' (a screenful): without a tolerance asked for, the
   * server widens it from the default, 1 cm at a time, until this many match or the maximum is reached.
   */
  fitsEnoughOutfits: 6,
  trendingDays: 7,
  brandNameMaxChars: POST_LIMITS.customValueMaxChars,
} as const;
