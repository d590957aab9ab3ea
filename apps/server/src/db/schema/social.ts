import {
  type AnyPgColumn,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { postItems, posts } from './posts.ts';
import { profiles } from './profiles.ts';

/*
 * Reactions to posts. The spec's prototype kept likes and comments local; ours are stored. A (post,
 * profile) pair can like or save a post once, so those tables are keyed by the pair and a repeated
 * like is a no-op rather than a second row.
 */
const createdAt = timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

export const postLikes = pgTable(
  'post_likes',
  {
    post_id: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    created_at: createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.post_id, t.profile_id] }),
    index('post_likes_profile_id_idx').on(t.profile_id, t.created_at.desc()),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    post_id: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** The comment this one replies to; replies go away with it. */
    parent_id: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /**
     * The id the writer's device gave the comment (`client_id`): a repeated POST with it (the outbox sending
     * again after a lost answer) finds this comment instead of adding a second. Unique per author.
     */
    client_id: uuid('client_id'),
    created_at: createdAt,
  },
  (t) => [
    // A post's comments in order (the list is paged by (created_at, id)).
    index('comments_post_id_created_at_idx').on(t.post_id, t.created_at, t.id),
    uniqueIndex('comments_profile_id_client_id_key').on(t.profile_id, t.client_id),
    index('comments_profile_id_idx').on(t.profile_id),
    index('comments_parent_id_idx').on(t.parent_id),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    comment_id: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    created_at: createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.comment_id, t.profile_id] }),
    index('comment_likes_profile_id_idx').on(t.profile_id),
  ],
);

/** The wishlist's saved posts (albums arrive with the people issue). */
export const savedPosts = pgTable(
  'saved_posts',
  {
    post_id: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    created_at: createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.post_id, t.profile_id] }),
    // "My saved posts", newest save first, paged by (created_at, post_id).
    index('saved_posts_profile_id_created_at_idx').on(t.profile_id, t.created_at.desc(), t.post_id.desc()),
  ],
);

/** A 'View Item' click on a tagged product; anonymous visitors count too (profile_id null). */
export const itemClicks = pgTable(
  'item_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    item_id: uuid('item_id')
      .notNull()
      .references(() => postItems.id, { onDelete: 'cascade' }),
    post_id: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    profile_id: uuid('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /**
     * Who clicked, for de-duplication: the profile id, or a hash of the visitor's address (the address
     * itself is never stored). One click per viewer, item and minute is counted.
     */
    viewer_key: text('viewer_key').notNull(),
    created_at: createdAt,
  },
  (t) => [
    index('item_clicks_item_id_viewer_created_at_idx').on(t.item_id, t.viewer_key, t.created_at),
    index('item_clicks_post_id_idx').on(t.post_id),
    index('item_clicks_profile_id_idx').on(t.profile_id),
  ],
);

export type CommentRow = typeof comments.$inferSelect;
