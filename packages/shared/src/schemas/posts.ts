import { z } from 'zod';
import { CURRENCIES, DEFAULT_CURRENCY } from '../constants/currencies.ts';
import { LIMITS } from '../constants/limits.ts';
import { COLORS, NONE_VALUE, PATTERNS, POST_ITEM_SIZES, PRODUCT_TYPES } from '../constants/lists.ts';
import { POST_LIMITS, POST_MESSAGES } from '../constants/posts.ts';
import { isHttpUrl, linkProblem, normalizeLink } from '../domain/links.ts';
import { parsePriceInput } from '../domain/price.ts';
import { foldCase } from '../domain/text.ts';
import { ClientIdSchema } from './common.ts';

/*
 * Requests and responses of the posts API (/api/v1/posts, comments, likes, saves, item clicks), uploads
 * (/api/v1/storage) and the scrape-product function. JSON is snake_case; the server validates with these
 * schemas and the web form runs the same ones, so both show the spec's messages (section 5). Links are
 * read by domain/links.ts.
 */

export { POST_LIMITS, POST_MESSAGES } from '../constants/posts.ts';

// Here, not next to CURRENCIES: a screen that only shows prices must not load zod for it.
export const CurrencySchema = z.enum(CURRENCIES);

const MEDIA_TYPES = ['image', 'video'] as const;
export const MediaTypeSchema = z.enum(MEDIA_TYPES);
export type MediaType = z.infer<typeof MediaTypeSchema>;

export const POST_VISIBILITIES = ['public', 'private'] as const;
export const PostVisibilitySchema = z.enum(POST_VISIBILITIES);

export const STORAGE_BUCKETS = ['avatars', 'post-media'] as const;
export const StorageBucketSchema = z.enum(STORAGE_BUCKETS);
export type StorageBucket = z.infer<typeof StorageBucketSchema>;

// ---------------------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------------------

/** A list page: `limit` (1-50, default 20) and the opaque `cursor` of the previous page's `next_cursor`. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(POST_LIMITS.pageSizeMax).default(POST_LIMITS.pageSizeDefault),
  cursor: z.string().min(1).max(200).optional(),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** The empty body of a 204 answer. */
export const NoContentSchema = z.null().describe('No content');

export const IdParamsSchema = z.object({ id: z.uuid() });
export const UsernameParamsSchema = z.object({ username: z.string().min(1).max(100) });

export const AuthorSchema = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  display_name: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type Author = z.infer<typeof AuthorSchema>;

// ---------------------------------------------------------------------------------------------------------
// Posts: responses
// ---------------------------------------------------------------------------------------------------------

/** A WebP copy of an image, `width` px wide, for srcset. */
export const MediaVariantSchema = z.object({ width: z.number().int(), url: z.string() });
export type MediaVariant = z.infer<typeof MediaVariantSchema>;

export const PostMediaSchema = z.object({
  id: z.uuid(),
  media_url: z.string(),
  media_type: MediaTypeSchema,
  media_order: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /**
   * What to draw while the image loads: its ThumbHash in base64 (about 30 characters; images uploaded
   * before ThumbHash have a tiny image as a data URL). Null for videos and older rows.
   */
  placeholder: z.string().nullable(),
  variants: z.array(MediaVariantSchema),
  /**
   * A video is `processing` until the server has transcoded it (only its author sees the post then),
   * `ready` after, `failed` when it is kept as sent. Images are always `ready`.
   */
  status: z.enum(['processing', 'ready', 'failed']),
  /** A transcoded video's poster frame (JPEG); null for images and untranscoded videos. */
  poster_url: z.string().nullable(),
});
export type PostMedia = z.infer<typeof PostMediaSchema>;

export const PostItemSchema = z.object({
  id: z.uuid(),
  item_type: z.string().nullable(),
  brand: z.string().nullable(),
  link: z.string(),
  size: z.string().nullable(),
  title: z.string().nullable(),
  image_url: z.string().nullable(),
  price: z.number().nullable(),
  currency: CurrencySchema,
  color: z.string().nullable(),
  pattern: z.string().nullable(),
  /** Whether the signed-in viewer saved this product to their wishlist; false for visitors. */
  saved_by_me: z.boolean(),
});
export type PostItem = z.infer<typeof PostItemSchema>;

export const PostSchema = z.object({
  id: z.uuid(),
  caption: z.string(),
  media_url: z.string(),
  media_type: MediaTypeSchema,
  visibility: PostVisibilitySchema,
  created_at: z.string(),
  updated_at: z.string(),
  author: AuthorSchema,
  /** Sorted by `media_order`, ascending. */
  media: z.array(PostMediaSchema),
  items: z.array(PostItemSchema),
  like_count: z.number().int(),
  comment_count: z.number().int(),
  /** The signed-in viewer's relation to the post; all false for visitors. */
  liked_by_me: z.boolean(),
  saved_by_me: z.boolean(),
  following_author: z.boolean(),
});
export type Post = z.infer<typeof PostSchema>;

/**
 * A product image link that could not be stored as SYS media when its post was saved (not reachable, not
 * an image, too large, or at a private address): the product was saved without an image.
 */
export const DroppedItemImageSchema = z.object({
  /** The product's position in the request's `items`, from 0. */
  index: z.number().int(),
  url: z.string(),
  /** Why, in English. */
  reason: z.string(),
});
export type DroppedItemImage = z.infer<typeof DroppedItemImageSchema>;

/** The answer to publishing or editing a post: the post, and the product images it could not keep. */
export const SavedPostSchema = PostSchema.extend({
  dropped_item_images: z.array(DroppedItemImageSchema),
});
export type SavedPost = z.infer<typeof SavedPostSchema>;

export const PostPageSchema = z.object({ items: z.array(PostSchema), next_cursor: z.string().nullable() });
export type PostPage = z.infer<typeof PostPageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Posts: requests
// ---------------------------------------------------------------------------------------------------------

/**
 * A size, colour, pattern, type or brand: a value of `options` (stored in the list's spelling) or a custom
 * value; blank (and 'None' where the list has it) means none.
 */
function optionValue(options: readonly string[]) {
  const byKey = new Map(options.map((option) => [foldCase(option), option] as const));
  return z
    .string()
    .max(500)
    .nullish()
    .transform((value) => {
      const trimmed = value?.trim().replace(/\s+/g, ' ') ?? '';
      if (trimmed === '') return null;
      const known = byKey.get(foldCase(trimmed));
      if (known === NONE_VALUE) return null;
      return known ?? trimmed;
    })
    .refine((value) => value === null || value.length <= POST_LIMITS.customValueMaxChars, {
      message: `Custom values can be at most ${POST_LIMITS.customValueMaxChars} characters`,
    });
}

/** The price field: text as typed ('12.5', '' for none) or a number; at most two decimals. */
export const PriceInputSchema = z
  .union([z.string().max(50), z.number(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null) return null;
    const result = parsePriceInput(typeof value === 'number' ? String(value) : value);
    if (!result.ok || (result.value !== null && result.value > POST_LIMITS.priceMax)) {
      ctx.addIssue({ code: 'custom', message: POST_MESSAGES.invalidPrice });
      return z.NEVER;
    }
    return result.value;
  });

/**
 * A purchase link: made absolute ('zara.com/item' is stored as 'https://zara.com/item'), then http(s)
 * only. A missing link gets the spec's message; a link that is there but wrong says what is wrong.
 */
const linkSchema = z
  .string({ error: POST_MESSAGES.linkRequired })
  .transform(normalizeLink)
  .pipe(
    z
      .string()
      .max(POST_LIMITS.urlMaxChars)
      .superRefine((link, ctx) => {
        const problem = linkProblem(link);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  );

export const PostItemInputSchema = z.object({
  /** An existing item's id when editing; the item keeps its id (and its click history). */
  id: z.uuid().optional(),
  item_type: optionValue(PRODUCT_TYPES),
  brand: optionValue([]),
  link: linkSchema,
  size: optionValue(POST_ITEM_SIZES),
  color: optionValue(COLORS),
  pattern: optionValue(PATTERNS),
  title: z
    .string()
    .trim()
    .max(POST_LIMITS.itemTitleMaxChars)
    .nullish()
    .transform((value) => value || null),
  /**
   * Our uploaded media (`/media/...`), or an http(s) image link: the server fetches that when the post is
   * saved and stores it as the author's media (the saved item shows a /media URL), or drops it.
   */
  image_url: z
    .string()
    .trim()
    .max(POST_LIMITS.urlMaxChars)
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || value.startsWith('/media/') || isHttpUrl(value), {
      message: 'The item image must be an uploaded image or an http(s) link',
    }),
  price: PriceInputSchema,
  currency: z.enum(CURRENCIES, { error: 'Currency must be ILS, USD or EUR' }).default(DEFAULT_CURRENCY),
});
export type PostItemInput = z.input<typeof PostItemInputSchema>;
export type ParsedPostItemInput = z.output<typeof PostItemInputSchema>;

export const PostMediaInputSchema = z.object({
  /** The `public_url` that `POST /api/v1/storage/post-media` answered. */
  url: z.string().trim().min(1).max(POST_LIMITS.urlMaxChars),
  type: MediaTypeSchema,
  /** Position in the gallery; the media are sorted by it and renumbered from 0. */
  order: z.number().int().min(0).max(1000).optional(),
});
export type PostMediaInput = z.infer<typeof PostMediaInputSchema>;

const captionSchema = z.string().max(LIMITS.captionMaxChars, { message: POST_MESSAGES.captionTooLong });

const stylesSchema = z
  .array(z.string().trim().min(1).max(POST_LIMITS.styleMaxChars))
  .max(LIMITS.styleCategoriesPerPostMax, { message: POST_MESSAGES.tooManyStyles });

const mediaListSchema = z
  .array(PostMediaInputSchema, { error: POST_MESSAGES.mediaRequired })
  .min(LIMITS.mediaPerPostMin, { message: POST_MESSAGES.mediaRequired })
  .max(LIMITS.mediaPerPostMax, { message: POST_MESSAGES.mediaTooMany });

const itemListSchema = z.array(PostItemInputSchema).max(POST_LIMITS.itemsPerPostMax);

export const CreatePostBodySchema = z.object({
  /** The text as typed, at most 2,200 characters; the chosen styles are appended as ' #Style'. */
  caption: captionSchema.default(''),
  styles: stylesSchema.default([]),
  media: mediaListSchema,
  items: itemListSchema.default([]),
});
export type CreatePostBody = z.input<typeof CreatePostBodySchema>;
export type ParsedCreatePostBody = z.output<typeof CreatePostBodySchema>;

/** Every field optional; `media` or `items` when given replace the post's whole set. */
export const UpdatePostBodySchema = z.object({
  caption: captionSchema.optional(),
  styles: stylesSchema.optional(),
  media: mediaListSchema.optional(),
  items: itemListSchema.optional(),
});
export type UpdatePostBody = z.input<typeof UpdatePostBodySchema>;
export type ParsedUpdatePostBody = z.output<typeof UpdatePostBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Likes, saves, comments, item clicks
// ---------------------------------------------------------------------------------------------------------

export const LikeStateSchema = z.object({ liked: z.boolean(), like_count: z.number().int() });
export type LikeState = z.infer<typeof LikeStateSchema>;

export const SaveStateSchema = z.object({ saved: z.boolean() });
export type SaveState = z.infer<typeof SaveStateSchema>;

export const CommentSchema = z.object({
  id: z.uuid(),
  post_id: z.uuid(),
  /** The comment this one replies to; replies to a reply attach to the thread's first comment. */
  parent_id: z.uuid().nullable(),
  body: z.string(),
  created_at: z.string(),
  author: AuthorSchema,
  like_count: z.number().int(),
  liked_by_me: z.boolean(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentPageSchema = z.object({
  items: z.array(CommentSchema),
  next_cursor: z.string().nullable(),
});
export type CommentPage = z.infer<typeof CommentPageSchema>;

export const CreateCommentBodySchema = z.object({
  body: z
    .string({ error: POST_MESSAGES.commentEmpty })
    .trim()
    .min(1, { message: POST_MESSAGES.commentEmpty })
    .max(POST_LIMITS.commentMaxChars),
  parent_id: z.uuid().nullish(),
  /** The writer's own id for the comment: a repeat with it answers the first comment (200) instead of a second. */
  client_id: ClientIdSchema.optional(),
});
export type CreateCommentBody = z.input<typeof CreateCommentBodySchema>;

export const ItemClickResponseSchema = z.object({
  /** False when the same viewer's click on the item was already counted within the last minute. */
  recorded: z.boolean(),
});

// ---------------------------------------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------------------------------------

export const StorageBucketParamsSchema = z.object({ bucket: StorageBucketSchema });

export const UploadResponseSchema = z.object({
  /** The key in the store, bucket included: `post-media/{userId}/{timestamp}-{random}.jpg`. */
  path: z.string(),
  public_url: z.string(),
  mime_type: z.string(),
  type: MediaTypeSchema,
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The image's ThumbHash in base64, as in a post's media; null for videos. */
  placeholder: z.string().nullable(),
  variants: z.array(MediaVariantSchema),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// scrape-product (spec section 7)
// ---------------------------------------------------------------------------------------------------------

export const ScrapeProductBodySchema = z.object({
  /** As typed: 'zara.com/item' is read as 'https://zara.com/item' (normalizeLink). */
  url: z.string().transform(normalizeLink).pipe(z.string().min(1).max(POST_LIMITS.urlMaxChars)),
});

export const ScrapedProductSchema = z.object({
  /** Absolute image URLs, best first. */
  images: z.array(z.string()),
  price: z.number().nullable(),
  currency: CurrencySchema.nullable(),
  brand: z.string().nullable(),
  title: z.string().nullable(),
});
export type ScrapedProduct = z.infer<typeof ScrapedProductSchema>;

/**
 * Why a product page could not be read, for the form to tell in the user's language: the link is not a
 * web address; it points into a private network (refused unless the server allows it:
 * SCRAPER_ALLOW_PRIVATE); the shop did not answer with the page (unreachable, too slow, an error status,
 * endless redirects); or the page has no product details (not a web page, too large, nothing found).
 */
export const SCRAPE_FAILURE_CODES = [
  'invalid_url',
  'private_address',
  'shop_unreachable',
  'no_product_details',
] as const;
export const ScrapeFailureCodeSchema = z.enum(SCRAPE_FAILURE_CODES);
export type ScrapeFailureCode = z.infer<typeof ScrapeFailureCodeSchema>;

export const ScrapeProductResponseSchema = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), data: ScrapedProductSchema }),
  z.object({ success: z.literal(false), error: z.string(), code: ScrapeFailureCodeSchema }),
]);
export type ScrapeProductResponse = z.infer<typeof ScrapeProductResponseSchema>;
