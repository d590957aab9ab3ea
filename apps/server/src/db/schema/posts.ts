import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';
import { MEDIA_STATUSES, type MediaVariant, storageObjects } from './storage.ts';

/*
 * Spec section 3: posts, their media and their tagged items. Timestamps keep millisecond precision
 * (not Postgres' default microseconds) because the feed's keyset cursor carries `created_at` through a
 * JavaScript Date; with microseconds a cursor could skip or repeat posts created in the same millisecond.
 */
const createdAt = timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const POST_VISIBILITIES = ['public', 'private'] as const;
export const MEDIA_TYPES = ['image', 'video'] as const;

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The text with the chosen styles appended as ' #Style'. */
    caption: text('caption').notNull().default(''),
    /** The first media item, kept on the post as the spec's clients read it. */
    media_url: text('media_url').notNull(),
    media_type: text('media_type', { enum: MEDIA_TYPES }).notNull(),
    visibility: text('visibility', { enum: POST_VISIBILITIES }).notNull().default('public'),
    /**
     * While a video of the post is processing the post is `private` (its author alone sees it, through
     * every query's visibility check) and the visibility it returns to when the last video is ready is kept
     * here; null otherwise (posts.write.repository.ts: holdWhileProcessing).
     */
    held_visibility: text('held_visibility', { enum: POST_VISIBILITIES }),
    created_at: createdAt,
    updated_at: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // The home feed: newest public posts first, paged by (created_at, id).
    index('posts_public_feed_idx')
      .on(t.created_at.desc(), t.id.desc())
      .where(sql`${t.visibility} = 'public'`),
    // A profile's posts, newest first; also the index of the profile_id foreign key.
    index('posts_profile_id_created_at_idx').on(t.profile_id, t.created_at.desc(), t.id.desc()),
    check('posts_visibility_check', sql`${t.visibility} in ('public', 'private')`),
    check('posts_media_type_check', sql`${t.media_type} in ('image', 'video')`),
  ],
);

export const postMedia = pgTable(
  'post_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    post_id: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    media_url: text('media_url').notNull(),
    media_type: text('media_type', { enum: MEDIA_TYPES }).notNull(),
    media_order: integer('media_order').notNull(),
    /*
     * What the upload learnt about the file, copied here so that the feed can give sizes, a placeholder
     * and srcset variants (no layout shift) without another query. Null for videos and older rows.
     */
    width: integer('width'),
    height: integer('height'),
    placeholder: text('placeholder'),
    variants: jsonb('variants').$type<MediaVariant[]>(),
    /** See MEDIA_STATUSES; copied from the upload, switched by the transcode job. */
    status: text('status', { enum: MEDIA_STATUSES }).notNull().default('ready'),
    /** A transcoded video's poster frame (JPEG). */
    poster_url: text('poster_url'),
    /** The upload behind a video, so that its transcode job finds the posts that show it. */
    storage_object_id: uuid('storage_object_id').references(() => storageObjects.id, {
      onDelete: 'set null',
    }),
    created_at: createdAt,
  },
  (t) => [
    uniqueIndex('post_media_post_id_order_key').on(t.post_id, t.media_order),
    index('post_media_storage_object_id_idx').on(t.storage_object_id),
    check('post_media_media_type_check', sql`${t.media_type} in ('image', 'video')`),
    check('post_media_status_check', sql`${t.status} in ('processing', 'ready', 'failed')`),
  ],
);

export const postItems = pgTable(
  'post_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    post_id: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** The items' order in the form; the spec has none, but an edit must not shuffle them. */
    item_order: integer('item_order').notNull().default(0),
    item_type: text('item_type'),
    brand: text('brand'),
    link: text('link').notNull(),
    size: text('size'),
    title: text('title'),
    image_url: text('image_url'),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }),
    currency: text('currency').notNull().default('ILS'),
    color: text('color'),
    pattern: text('pattern'),
    created_at: createdAt,
  },
  (t) => [
    index('post_items_post_id_order_idx').on(t.post_id, t.item_order),
    check('post_items_currency_check', sql`${t.currency} in ('ILS', 'USD', 'EUR')`),
    check('post_items_price_check', sql`${t.price} is null or ${t.price} >= 0`),
  ],
);

export type PostRow = typeof posts.$inferSelect;
export type PostMediaRow = typeof postMedia.$inferSelect;
export type PostItemRow = typeof postItems.$inferSelect;
export type NewPostMediaRow = typeof postMedia.$inferInsert;
export type NewPostItemRow = typeof postItems.$inferInsert;
