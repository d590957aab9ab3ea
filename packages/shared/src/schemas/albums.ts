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
  postId: z.uuid(),
  url: z.string(),
  type: MediaTypeSchema,
  placeholder: z.string().nullable(),
  variants: z.array(MediaVariantSchema),
});
export type AlbumImage = z.infer<typeof AlbumImageSchema>;

export const AlbumSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isPublic: z.boolean(),
  owner: AuthorSchema,
  /** Posts of the album the viewer can see. */
  postCount: z.number().int(),
  /** Cover first, then up to two previews, in album order. */
  images: z.array(AlbumImageSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the signed-in viewer saved this album to their wishlist; false for visitors. */
  savedByMe: z.boolean(),
  /** Present when the list was asked about one post (`postId`): whether that post is in the album. */
  containsPost: z.boolean().optional(),
});
export type Album = z.infer<typeof AlbumSchema>;

export const AlbumPageSchema = z.object({ items: z.array(AlbumSchema), nextCursor: z.string().nullable() });
export type AlbumPage = z.infer<typeof AlbumPageSchema>;

export const CreateAlbumBodySchema = z.object({
  name: AlbumNameSchema,
  isPublic: z.boolean().default(true),
  /** A first post for the album (the save-post dialog's "create new album"), added in the same transaction. */
  postId: z.uuid().optional(),
});
export type CreateAlbumBody = z.input<typeof CreateAlbumBodySchema>;
export type ParsedCreateAlbumBody = z.output<typeof CreateAlbumBodySchema>;

/** Rename, make public or private. */
export const UpdateAlbumBodySchema = z.object({
  name: AlbumNameSchema.optional(),
  isPublic: z.boolean().optional(),
});
export type UpdateAlbumBody = z.input<typeof UpdateAlbumBodySchema>;

/** GET /api/v1/me/albums: `postId` adds `containsPost` to each album (the save-post dialog). */
export const MyAlbumsQuerySchema = SearchPageQuerySchema.extend({ postId: z.uuid().optional() });
export type MyAlbumsQuery = z.output<typeof MyAlbumsQuerySchema>;

export const AlbumPostParamsSchema = z.object({ id: z.uuid(), postId: z.uuid() });

/** The answer to adding or removing a post. */
export const AlbumMembershipSchema = z.object({
  albumId: z.uuid(),
  postId: z.uuid(),
  inAlbum: z.boolean(),
  postCount: z.number().int(),
});
export type AlbumMembership = z.infer<typeof AlbumMembershipSchema>;
