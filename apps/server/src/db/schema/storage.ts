import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';

/** An image variant made at upload: a WebP `width` px wide at `url`. */
export interface MediaVariant {
  width: number;
  url: string;
}

/**
 * A video is `processing` from its upload until its transcode job finished (`ready`: the MP4 and poster
 * are in place) or gave up (`failed`: kept as sent). Images and untranscoded videos are `ready` at once.
 */
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/**
 * Every file uploaded through `POST /api/v1/storage/{bucket}`, with what the upload learnt about it.
 * Posts may only show media listed here and owned by their author, which is how the server knows a
 * media URL is ours and not hot-linked; the metadata is copied onto `post_media` when a post uses it.
 */
export const storageObjects = pgTable(
  'storage_objects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bucket: text('bucket').notNull(),
    /** The key in the file store, bucket included: `post-media/{userId}/{timestamp}-{random}.jpg`. */
    path: text('path').notNull(),
    owner_id: uuid('owner_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    /** What the bytes are (decided by their content, not the name or the declared type). */
    mime_type: text('mime_type').notNull(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    size_bytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    placeholder: text('placeholder'),
    variants: jsonb('variants').$type<MediaVariant[]>(),
    /** A video: `processing` until its transcode job is done (see MEDIA_STATUSES). */
    status: text('status', { enum: MEDIA_STATUSES }).notNull().default('ready'),
    /**
     * A transcoded video: the key of the file as it was sent (its URL keeps resolving to this upload);
     * `path` is the MP4 once it is ready. Null for images.
     */
    source_path: text('source_path'),
    /** A transcoded video's poster frame (JPEG). */
    poster_path: text('poster_path'),
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('storage_objects_path_key').on(t.path),
    index('storage_objects_owner_id_idx').on(t.owner_id),
    uniqueIndex('storage_objects_source_path_key').on(t.source_path),
    check('storage_objects_status_check', sql`${t.status} in ('processing', 'ready', 'failed')`),
  ],
);

export type StorageObjectRow = typeof storageObjects.$inferSelect;
export type NewStorageObjectRow = typeof storageObjects.$inferInsert;
