import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

/*
 * Safety for a community: who blocked whom, and reports of posts, comments and users for the
 * administrators. Timestamps keep millisecond precision for the keyset cursors.
 */
const timestamp3 = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A block: `blocker_id` no longer sees `blocked_id` and the other way round. The primary key serves the
 * blocker's side of every block check and the blocker's list; the second index the blocked side.
 */
export const blocks = pgTable(
  'blocks',
  {
    blocker_id: uuid('blocker_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    blocked_id: uuid('blocked_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    created_at: timestamp3('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blocker_id, t.blocked_id] }),
    index('blocks_blocked_id_blocker_id_idx').on(t.blocked_id, t.blocker_id),
    index('blocks_blocker_id_created_at_idx').on(t.blocker_id, t.created_at.desc(), t.blocked_id.desc()),
    check('blocks_not_self_check', sql`${t.blocker_id} <> ${t.blocked_id}`),
  ],
);

/**
 * A report of a post, a comment or a user. The target is not a foreign key: a report outlives the thing
 * it reports, so that the record of a removal stays. `target_profile_id` is whoever wrote the reported
 * post or comment (or the reported user) at the time of the report.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporter_id: uuid('reporter_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    target_type: text('target_type').notNull().$type<'post' | 'comment' | 'user'>(),
    target_id: uuid('target_id').notNull(),
    target_profile_id: uuid('target_profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    note: text('note'),
    status: text('status').notNull().default('open').$type<'open' | 'resolved' | 'dismissed'>(),
    created_at: timestamp3('created_at').notNull().defaultNow(),
    resolved_at: timestamp3('resolved_at'),
  },
  (t) => [
    // A person reports a thing once.
    uniqueIndex('reports_reporter_id_target_key').on(t.reporter_id, t.target_type, t.target_id),
    // The review queue: a status, newest first.
    index('reports_status_created_at_idx').on(t.status, t.created_at.desc(), t.id.desc()),
    // Closing the reports of a removed thing.
    index('reports_target_idx').on(t.target_type, t.target_id),
    index('reports_target_profile_id_idx').on(t.target_profile_id),
    check('reports_target_type_check', sql`${t.target_type} in ('post', 'comment', 'user')`),
    check('reports_status_check', sql`${t.status} in ('open', 'resolved', 'dismissed')`),
    check('reports_note_check', sql`${t.note} is null or char_length(${t.note}) <= 500`),
  ],
);

export type BlockRow = typeof blocks.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
