import { z } from 'zod';
import { AuthorSchema, MediaTypeSchema, MediaVariantSchema, PageQuerySchema } from './posts.ts';

/*
 * Requests and responses of albums (/api/v1/albums, /api/v1/me/albums, /api/v1/profiles/{username}/albums).
 * The spec's albums were static samples; ours are stored, ordered lists of posts owned by one profile.
 */

export const ALBUM_LIMITS = {
  nameMaxChars: 100,
  /** A card shows the cover (first post) plus two previews (spec section 3, Album). */
  cardImages: 3,
  searchMaxChars: 100,
} as const;

export const ALBUM_MESSAGES = {
  nameRequired: 'Album name cannot be empty',
  nameTooLong: `Album name must be at most ${ALBUM_LIMITS.nameMaxChars} characters`,
  albumNotFound: 'Album not found',
  notOwner: 'You can only change your own albums',
} as const;

/** A search box's text: trimmed; blank means no search. */
export const SearchTextSchema = z
  .string()
  .max(ALBUM_LIMITS.searchMaxChars)
  .optional()
  .transform((value) => value?.trim() || undefined);

/** A list page with the case-insensitive search `q` of the wishlist and album pages. */
export const SearchPageQuerySchema = PageQuerySchema.extend({ q: SearchTextSchema });
export type SearchPageQuery = z.output<typeof SearchPageQuerySchema>;

/** The spec's validation rule: "New album name: non-blank after trimming". */
export const AlbumNameSchema = z
  .string({ error: ALBUM_MESSAGES.nameRequired })
  .trim()
  .min(1, { message: ALBUM_MESSAGES.nameRequired })
  .max(ALBUM_LIMITS.nameMaxChars, { message: ALBUM_MESSAGES.nameTooLong });

/** An image of an album card: the first media of one of its first posts. */
export const AlbumImageSchema = z.object({
  post_id: z.uuid(),
  url: z.string(),
  type: MediaTypeSchema,
  /** As a post media's placeholder: a ThumbHash in base64 (older rows: a data URL) or null. */
  placeholder: z.string().nullable(),
  variants: z.array(MediaVariantSchema),
});
export type AlbumImage = z.infer<typeof AlbumImageSchema>;

export const AlbumSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  is_public: z.boolean(),
  owner: AuthorSchema,
  /** Posts of the album the viewer can see. */
  post_count: z.number().int(),
  /** Cover first, then up to two previews, in album order. */
  images: z.array(AlbumImageSchema),
  created_at: z.string(),
  updated_at: z.string(),
  /** Whether the signed-in viewer saved this album to their wishlist; false for visitors. */
  saved_by_me: z.boolean(),
  /** Present when the list was asked about one post (`post_id`): whether that post is in the album. */
  contains_post: z.boolean().optional(),
});
export type Album = z.infer<typeof AlbumSchema>;

export const AlbumPageSchema = z.object({ items: z.array(AlbumSchema), next_cursor: z.string().nullable() });
export type AlbumPage = z.infer<typeof AlbumPageSchema>;

export const CreateAlbumBodySchema = z.object({
  name: AlbumNameSchema,
  is_public: z.boolean().default(true),
  /** A first post for the album (the save-post dialog's "create new album"), added in the same transaction. */
  post_id: z.uuid().optional(),
});
export type CreateAlbumBody = z.input<typeof CreateAlbumBodySchema>;
export type ParsedCreateAlbumBody = z.output<typeof CreateAlbumBodySchema>;

/** Rename, make public or private. */
export const UpdateAlbumBodySchema = z.object({
  name: AlbumNameSchema.optional(),
  is_public: z.boolean().optional(),
});
export type UpdateAlbumBody = z.input<typeof UpdateAlbumBodySchema>;

/** GET /api/v1/me/albums: `post_id` adds `contains_post` to each album (the save-post dialog). */
export const MyAlbumsQuerySchema = SearchPageQuerySchema.extend({ post_id: z.uuid().optional() });
export type MyAlbumsQuery = z.output<typeof MyAlbumsQuerySchema>;

export const AlbumPostParamsSchema = z.object({ id: z.uuid(), postId: z.uuid() });

/** The answer to adding or removing a post. */
export const AlbumMembershipSchema = z.object({
  album_id: z.uuid(),
  post_id: z.uuid(),
  in_album: z.boolean(),
  post_count: z.number().int(),
});
export type AlbumMembership = z.infer<typeof AlbumMembershipSchema>;
