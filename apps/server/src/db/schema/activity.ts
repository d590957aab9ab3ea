import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { follows } from './follows.ts';
import { posts } from './posts.ts';
import { profiles } from './profiles.ts';
import { comments, postLikes } from './social.ts';

export const ACTIVITY_KINDS = ['like', 'comment', 'reply', 'follow', 'mention'] as const;

/*
 * What happened to a person (issue 19): someone liked their post, commented on it, replied to their
 * comment or followed them. Each item hangs on the row that caused it, so undoing the action withdraws
 * the item in the database itself: an unlike deletes the like and, through the composite key, its item;
 * deleting a comment, a follow or a post deletes theirs the same way (also when a block ends follows,
 * a moderator removes a comment or an account goes).
 *
 * A 'mention' (someone wrote @username in a caption or a comment) hangs on the comment, or on the post
 * when the caption mentions: deleting either withdraws it.
 *
 * `group_key` is what the list folds together: likes of one post on one UTC day, follows on one day;
 * every comment, reply and mention stands alone.
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
    // A person's activity, newest first (the list and its keyset pages).
    index('activity_items_recipient_id_created_at_idx').on(t.recipient_id, t.created_at.desc(), t.id.desc()),
    // The unread count reads only what is unread.
    index('activity_items_recipient_unread_idx').on(t.recipient_id).where(sql`${t.read_at} is null`),
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
    check('activity_items_kind_check', sql`${t.kind} in ('like', 'comment', 'reply', 'follow', 'mention')`),
    check('activity_items_not_self_check', sql`${t.recipient_id} <> ${t.actor_id}`),
  ],
);

export type ActivityItemRow = typeof activityItems.$inferSelect;
