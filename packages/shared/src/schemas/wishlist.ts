import { z } from 'zod';
import { LIMITS } from '../constants/limits.ts';
import { AlbumPageSchema, AlbumSchema, SearchTextSchema } from './albums.ts';
import { AuthorSchema, MediaTypeSchema, PostItemSchema, PostPageSchema, PostSchema } from './posts.ts';

/*
 * The wishlist (/api/v1/me/wishlist, /api/v1/me/saved-products, /api/v1/items/{id}/save): saved posts,
 * saved products (tagged post items) and saved albums of the signed-in user. Prices stay in each
 * item's own currency.
 */

/** How many saved things match the page's search in all: the count of a See All page (spec section 2). */
const SavedTotalSchema = z.number().int();

/** A saved product: the tagged item, the post it was saved from and when. */
export const SavedProductSchema = z.object({
  item: PostItemSchema,
  post_id: z.uuid(),
  /** The post's first media, for an item without an image of its own. */
  post_media_url: z.string(),
  post_media_type: MediaTypeSchema,
  author: AuthorSchema,
  saved_at: z.string(),
});
export type SavedProduct = z.infer<typeof SavedProductSchema>;

export const SavedProductPageSchema = z.object({
  items: z.array(SavedProductSchema),
  next_cursor: z.string().nullable(),
  total: SavedTotalSchema,
});
export type SavedProductPage = z.infer<typeof SavedProductPageSchema>;

/** GET /api/v1/me/saved-posts: a page of saved posts, and how many match in all. */
export const SavedPostPageSchema = PostPageSchema.extend({ total: SavedTotalSchema });
export type SavedPostPage = z.infer<typeof SavedPostPageSchema>;

/** GET /api/v1/me/saved-albums: a page of saved albums, and how many match in all. */
export const SavedAlbumPageSchema = AlbumPageSchema.extend({ total: SavedTotalSchema });
export type SavedAlbumPage = z.infer<typeof SavedAlbumPageSchema>;

export const WishlistQuerySchema = z.object({ q: SearchTextSchema });

/**
 * The /wishlist screen in one call: the first saved posts (6), products (5) and albums (3) matching
 * `q`, and how many match in all (the See All pages page through the rest).
 */
export const WishlistSummarySchema = z.object({
  posts: z.array(PostSchema).max(LIMITS.wishlistPosts),
  products: z.array(SavedProductSchema).max(LIMITS.wishlistProducts),
  albums: z.array(AlbumSchema).max(LIMITS.wishlistAlbums),
  counts: z.object({
    posts: z.number().int(),
    products: z.number().int(),
    albums: z.number().int(),
  }),
});
export type WishlistSummary = z.infer<typeof WishlistSummarySchema>;
