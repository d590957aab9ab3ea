import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { posts } from './posts.ts';
import { profiles } from './profiles.ts';

/*
 * Discovery: what search, filters, explore and the preferences ranking read. Besides the indexes declared
 * here, the hand-written migration `discovery_search` adds what drizzle-kit cannot express: the pg_trgm
 * extension, trigram indexes on search_terms.term, post_search.tags_text and the profiles' names, an index
 * of item_clicks by time and one of the public measurements of profiles.
 */

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * One row per post: its search document and filter keys, computed from the post, its items and its caption
 * by the shared comparison functions (modules/search-index/search-index.ts) in the transaction that writes
 * the post. The author's names are not copied here (they are matched live against profiles), so renaming
 * a profile needs no reindexing.
 */
export const postSearch = pgTable(
  'post_search',
  {
    post_id: uuid('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Copies of the post's visibility and creation time, so that a filtered page is one index walk. */
    is_public: boolean('is_public').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    /** Lexemes of items (brands and types weight A), tags and titles (B) and caption words (C). */
    document: tsvector('document').notNull(),
    /** postFilterKeys of packages/shared: 's:m', 'c:none', 'g:plussize'... A filter is a series of `&&`. */
    filter_keys: text('filter_keys').array().notNull(),
    /** The tagKeys of the caption's hashtags in caption order (the first is the swipe category). */
    tag_keys: text('tag_keys').array().notNull(),
    /** '|casual|plussize|': the category page's "tag contains" test, a LIKE served by a trigram index. */
    tags_text: text('tags_text').notNull(),
    indexed_at: timestamp('indexed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('post_search_public_created_at_idx')
      .on(t.created_at.desc(), t.post_id.desc())
      .where(sql`${t.is_public}`),
    index('post_search_profile_id_idx').on(t.profile_id),
    index('post_search_document_idx').using('gin', t.document),
    index('post_search_filter_keys_idx').using('gin', t.filter_keys),
  ],
);

const xid8 = customType<{ data: string }>({
  dataType: () => 'xid8',
});

/**
 * Which public filter entries of post_search changed, for the servers' in-memory filter index
 * (modules/explore/explore.filter-index.ts): a row per written, changed or deleted row of post_search,
 * written by triggers (migration post_search_changes), so that every way of writing post_search is seen,
 * cascades and the command line included. `xid` is the writing transaction's id: an index reads the
 * changes of the transactions its last read's snapshot did not see (`pg_visible_in_snapshot`), so each
 * exactly once. `created_at` is the post's creation time before the change (where its old entry
 * is in the index). Rows older than ten minutes (CHANGES_KEPT_MS there) are removed by any server.
 */
export const postSearchChanges = pgTable(
  'post_search_changes',
  {
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
    post_id: uuid('post_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    changed_at: timestamp('changed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('post_search_changes_xid_idx').on(t.xid),
    index('post_search_changes_changed_at_idx').on(t.changed_at),
  ],
);

/**
 * The words of all indexed posts, for spelling correction: a query word that is no such word is looked up
 * here by trigram similarity ('addidas' -> 'adidas'). Words are only added; one left behind by a deleted
 * post merely widens a query.
 */
export const searchTerms = pgTable('search_terms', {
  term: text('term').primaryKey(),
});

export const SWIPE_EVENT_ACTIONS = ['like', 'dislike'] as const;

/**
 * Spec section 3, swipe event. `outfit_id` is the swiped post's id with no foreign key: the preferences a
 * swipe taught outlive the post. A swipe is identified by (profile, outfit, created_at), so merging a
 * guest's local events again, or retrying a request, stores nothing twice.
 */
export const swipeEvents = pgTable(
  'swipe_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    outfit_id: uuid('outfit_id').notNull(),
    action: text('action', { enum: SWIPE_EVENT_ACTIONS }).notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The author's name (the spec records it as the event's brand). */
    brand: text('brand'),
    /** The first tag. */
    category: text('category'),
    colors: text('colors').array().notNull().default(sql`'{}'::text[]`),
    /** The brands of the post's products (not in the spec; empty in swipes stored before it). */
    product_brands: text('product_brands').array().notNull().default(sql`'{}'::text[]`),
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    // The newest 500 of a profile (preferences); also the index of the profile_id foreign key.
    index('swipe_events_profile_id_created_at_idx').on(t.profile_id, t.created_at.desc()),
    // One row per swipe; also "has this profile swiped this post" for the deck.
    uniqueIndex('swipe_events_profile_outfit_created_at_key').on(t.profile_id, t.outfit_id, t.created_at),
    check('swipe_events_action_check', sql`${t.action} in ('like', 'dislike')`),
  ],
);

/**
 * What a person said about one value their swipes taught (the preferences screen): 'more' or 'less like
 * this' (`adjustment`), and when they removed it (`removed_at`: swipes up to then no longer teach it).
 * `dimension` is tags, brands (authors), product_brands or colors and `key` the value's comparison key.
 */
export const swipePreferenceAdjustments = pgTable(
  'swipe_preference_adjustments',
  {
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    dimension: text('dimension', { enum: ['tags', 'brands', 'product_brands', 'colors'] }).notNull(),
    key: text('key').notNull(),
    adjustment: text('adjustment', { enum: ['more', 'less'] }),
    removed_at: timestamp('removed_at', { withTimezone: true, precision: 3 }),
    updated_at: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.profile_id, t.dimension, t.key] }),
    check(
      'swipe_preference_adjustments_dimension_check',
      sql`${t.dimension} in ('tags', 'brands', 'product_brands', 'colors')`,
    ),
    check('swipe_preference_adjustments_adjustment_check', sql`${t.adjustment} in ('more', 'less')`),
  ],
);

export type PostSearchRow = typeof postSearch.$inferSelect;
export type NewPostSearchRow = typeof postSearch.$inferInsert;
export type SwipeEventRow = typeof swipeEvents.$inferSelect;
export type NewSwipeEventRow = typeof swipeEvents.$inferInsert;
export type SwipePreferenceAdjustmentRow = typeof swipePreferenceAdjustments.$inferSelect;
