/**
 * Our own limits of posts, where the spec gives none. A constant, apart from the zod schemas of
 * schemas/posts.ts (which re-exports it), so that screens reading a limit do not load zod.
 */
export const POST_LIMITS = {
  /** Custom brand, size, colour, pattern and type values. */
  customValueMaxChars: 60,
  itemTitleMaxChars: 300,
  urlMaxChars: 2048,
  itemsPerPostMax: 20,
  styleMaxChars: 40,
  commentMaxChars: 2200,
  pageSizeDefault: 20,
  pageSizeMax: 50,
  /** The largest price the database column (numeric(12,2)) holds. */
  priceMax: 9_999_999_999.99,
} as const;
