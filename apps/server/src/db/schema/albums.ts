import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { posts } from './posts.ts';
import { profiles } from './profiles.ts';

/*
 * Albums: named, ordered lists of posts owned by one profile, public or private, and the albums other
 * people saved to their wishlist. Timestamps keep millisecond precision for the keyset cursors.
 */
const timestamp3 = (name: string) =>
  timestamp(name, { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const albums = pgTable(
  'albums',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    is_public: boolean('is_public').notNull().default(true),
    created_at: timestamp3('created_at'),
    updated_at: timestamp3('updated_at'),
  },
  (t) => [
    // A profile's albums, newest first; also the index of the profile_id foreign key.
    index('albums_profile_id_created_at_idx').on(t.profile_id, t.created_at.desc(), t.id.desc()),
    // Explore's public albums, newest first.
    index('albums_public_created_at_idx').on(t.created_at.desc(), t.id.desc()).where(sql`${t.is_public}`),
    // Spec section 5: non-blank after trimming. The API trims; this keeps any other writer honest.
    check('albums_name_check', sql`char_length(btrim(${t.name})) between 1 and 100`),
  ],
);

export const albumPosts = pgTable(
  'album_posts',
  {
    album_id: uuid('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    post_id: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** The post's place in the album; new posts go last. Gaps are fine (removals leave them). */
    position: integer('position').notNull(),
    added_at: timestamp3('added_at'),
  },
  (t) => [
    primaryKey({ columns: [t.album_id, t.post_id] }),
    // An album's posts in order, paged by (position, post_id).
    index('album_posts_album_id_position_idx').on(t.album_id, t.position, t.post_id),
    index('album_posts_post_id_idx').on(t.post_id),
  ],
);

export const savedAlbums = pgTable(
  'saved_albums',
  {
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    album_id: uuid('album_id')
      .notNull()
      .references(() => albums.id, { onDelete: 'cascade' }),
    created_at: timestamp3('created_at'),
  },
  (t) => [
    primaryKey({ columns: [t.profile_id, t.album_id] }),
    // "My saved albums", newest save first, paged by (created_at, album_id).
    index('saved_albums_profile_id_created_at_idx').on(t.profile_id, t.created_at.desc(), t.album_id.desc()),
    index('saved_albums_album_id_idx').on(t.album_id),
  ],
);

export type AlbumRow = typeof albums.$inferSelect;
