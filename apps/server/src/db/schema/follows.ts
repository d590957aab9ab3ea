import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

/**
 * Spec section 3, table `follows`. A pair is stored once (following again changes nothing) and nobody
 * follows themselves, whatever a client sends. created_at keeps millisecond precision because the
 * followers and following lists are paged by (created_at, id) through a JavaScript Date.
 */
export const follows = pgTable(
  'follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    follower_id: uuid('follower_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    following_id: uuid('following_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follows_follower_id_following_id_key').on(t.follower_id, t.following_id),
    // "Following" of a profile, newest first; also the index of the follower_id foreign key.
    index('follows_follower_id_created_at_idx').on(t.follower_id, t.created_at.desc(), t.id.desc()),
    // "Followers" of a profile, newest first; also the index of the following_id foreign key.
    index('follows_following_id_created_at_idx').on(t.following_id, t.created_at.desc(), t.id.desc()),
    check('follows_not_self_check', sql`${t.follower_id} <> ${t.following_id}`),
  ],
);

export type FollowRow = typeof follows.$inferSelect;
