import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { follows } from './follows.ts';
import { conversations, messages } from './messages.ts';
import { posts } from './posts.ts';
import { profiles } from './profiles.ts';
import { commentLikes, comments, postLikes } from './social.ts';

export const ACTIVITY_KINDS = [
  'like',
  'comment',
  'reply',
  'follow',
  'mention',
  'message',
  'comment_like',
] as const;

/*
 * What happened to a person (issue 19): someone liked their post, commented on it, replied to their
 * comment or followed them. Each item hangs on the row that caused it, so undoing the action withdraws
 * the item in the database itself: an unlike deletes the like and, through the composite key, its item;
 * deleting a comment, a follow or a post deletes theirs the same way (also when a block ends follows,
 * a moderator removes a comment or an account goes).
 *
 * A 'mention' (someone wrote @username in a caption or a comment) hangs on the comment, or on the post
 * when the caption mentions: deleting either withdraws it. A message hangs on its message (deleting it,
 * or the conversation, withdraws the item); a comment like on the like (`liked_comment_id` with
 * `actor_id`), so an unlike or the comment's deletion withdraws it.
 *
 * `group_key` is what the list folds together: likes of one post on one UTC day, follows on one day,
 * likes of one comment on one day, and every message of one sender in one conversation (a burst of
 * messages is one item, unread again when a new one arrives); every comment, reply and mention stands
 * alone.
 */
export const activityItems = pgTable(
  'activity_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient_id: uuid('recipient_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    actor_id: uuid('actor_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ACTIVITY_KINDS }).notNull(),
    post_id: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    /** Likes only: the liked post, which with actor_id names the like this item stands on. */
    liked_post_id: uuid('liked_post_id'),
    comment_id: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    follow_id: uuid('follow_id').references(() => follows.id, { onDelete: 'cascade' }),
    /** Comment likes only: the liked comment, which with actor_id names the like this item stands on. */
    liked_comment_id: uuid('liked_comment_id'),
    /** Messages only: the message and its conversation (where the item links to). */
    message_id: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    conversation_id: uuid('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
    group_key: text('group_key').notNull(),
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    read_at: timestamp('read_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    foreignKey({
      name: 'activity_items_like_fk',
      columns: [t.liked_post_id, t.actor_id],
      foreignColumns: [postLikes.post_id, postLikes.profile_id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'activity_items_comment_like_fk',
      columns: [t.liked_comment_id, t.actor_id],
      foreignColumns: [commentLikes.comment_id, commentLikes.profile_id],
    }).onDelete('cascade'),
    // A person's activity, newest first (the list and its keyset pages).
    index('activity_items_recipient_id_created_at_idx').on(t.recipient_id, t.created_at.desc(), t.id.desc()),
    // The unread count reads only what is unread.
    index('activity_items_recipient_unread_idx').on(t.recipient_id).where(sql`${t.read_at} is null`),
    // A group's items, newest first: its page entry (activity_groups) and its newest item after a change.
    index('activity_items_recipient_group_idx').on(
      t.recipient_id,
      t.group_key,
      t.created_at.desc(),
      t.id.desc(),
    ),
    index('activity_items_actor_id_idx').on(t.actor_id),
    index('activity_items_post_id_idx').on(t.post_id),
    // One item per like, per follow and per comment and recipient: repeating an action adds none.
    uniqueIndex('activity_items_like_key').on(t.liked_post_id, t.actor_id),
    uniqueIndex('activity_items_follow_key').on(t.follow_id),
    uniqueIndex('activity_items_comment_recipient_key').on(t.comment_id, t.recipient_id),
    // One item per caption mention and person: an edited caption adds items only for new names.
    uniqueIndex('activity_items_caption_mention_key')
      .on(t.post_id, t.recipient_id)
      .where(sql`${t.kind} = 'mention' and ${t.comment_id} is null`),
    uniqueIndex('activity_items_comment_like_key').on(t.liked_comment_id, t.actor_id),
    uniqueIndex('activity_items_message_key').on(t.message_id),
    index('activity_items_conversation_id_idx').on(t.conversation_id),
    check(
      'activity_items_kind_check',
      sql`${t.kind} in ('like', 'comment', 'reply', 'follow', 'mention', 'message', 'comment_like')`,
    ),
    check('activity_items_not_self_check', sql`${t.recipient_id} <> ${t.actor_id}`),
  ],
);

export type ActivityItemRow = typeof activityItems.$inferSelect;

/*
 * One row per group of a person's activity that they may see (issue 19 at scale): its newest visible
 * item (time and id, the list's order and keyset) and how many of its visible items are unread. A page of
 * the list reads the newest N rows by index and folds items only for those groups, so its cost follows
 * the page, not the person's history; the unread count counts rows with `unread_count > 0`.
 *
 * "Visible" is what the list shows: no block between the recipient and the item's actor (either way).
 * The database keeps the rows in step itself (triggers of migration 0015_activity_groups), so every path
 * that writes items - the app's inserts, withdrawals, read marks, and the deletions that cascade from a
 * post, comment, follow, message or account - and every block or unblock updates them in the same
 * transaction. A group without a visible item has no row.
 */
export const activityGroups = pgTable(
  'activity_groups',
  {
    recipient_id: uuid('recipient_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    group_key: text('group_key').notNull(),
    /** The newest visible item of the group: its created_at and id. */
    latest_at: timestamp('latest_at', { withTimezone: true, precision: 3 }).notNull(),
    latest_id: uuid('latest_id').notNull(),
    /** Visible items of the group not read yet. */
    unread_count: integer('unread_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.recipient_id, t.group_key] }),
    // The list's pages: newest group first, keyset (latest_at, latest_id).
    index('activity_groups_recipient_latest_idx').on(t.recipient_id, t.latest_at.desc(), t.latest_id.desc()),
    // The unread count reads only the groups with something unread.
    index('activity_groups_recipient_unread_idx').on(t.recipient_id).where(sql`${t.unread_count} > 0`),
  ],
);

/**
 * Which kinds of activity a person turned off (issue 19's settings): a row per kind that is off, so a
 * person without rows hears of everything. An item of a kind that is off is not recorded for them.
 * 'mention' is listed before its items exist, so the setting is there when they arrive.
 */
export const ACTIVITY_SETTING_KINDS = [...ACTIVITY_KINDS, 'mention'] as const;

export const activityKindsOff = pgTable(
  'activity_kinds_off',
  {
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ACTIVITY_SETTING_KINDS }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profile_id, t.kind] }),
    check(
      'activity_kinds_off_kind_check',
      sql`${t.kind} in ('like', 'comment', 'reply', 'follow', 'message', 'comment_like', 'mention')`,
    ),
  ],
);

/**
 * Muted people: nothing they do is recorded in the muter's activity. Private: unlike a block, the muted
 * person's experience does not change, and nothing they can read says they are muted.
 */
export const activityMutes = pgTable(
  'activity_mutes',
  {
    muter_id: uuid('muter_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    muted_id: uuid('muted_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.muter_id, t.muted_id] }),
    // The muter's list, most recent first, paged by (created_at, muted_id).
    index('activity_mutes_muter_created_at_idx').on(t.muter_id, t.created_at.desc(), t.muted_id.desc()),
    index('activity_mutes_muted_id_idx').on(t.muted_id),
    check('activity_mutes_not_self_check', sql`${t.muter_id} <> ${t.muted_id}`),
  ],
);
