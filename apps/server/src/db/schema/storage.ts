import {
  bigint,
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
import type { MediaVariant } from './posts.ts';

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
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('storage_objects_path_key').on(t.path),
    index('storage_objects_owner_id_idx').on(t.owner_id),
  ],
);

export type StorageObjectRow = typeof storageObjects.$inferSelect;
export type NewStorageObjectRow = typeof storageObjects.$inferInsert;
