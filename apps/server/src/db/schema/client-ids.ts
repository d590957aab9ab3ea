import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

export const CLIENT_ID_KINDS = ['comment', 'message'] as const;

/*
 * The `client_id`s of comments and messages that were deleted (issue 19): an outbox that sends one of them
 * again after a lost answer must not make it anew. A trigger of migration 0016_deleted_client_ids writes a
 * row whenever a comment or message with a client id goes, whatever deletes it (its author, a moderator, the
 * post or conversation going); the create paths answer 410 `client_id_deleted` for these ids. Per author and
 * kind, as the unique indexes on `comments` and `messages` are; they go with the author's account.
 */
export const deletedClientIds = pgTable(
  'deleted_client_ids',
  {
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CLIENT_ID_KINDS }).notNull(),
    client_id: uuid('client_id').notNull(),
    deleted_at: timestamp('deleted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.profile_id, t.kind, t.client_id] }),
    check('deleted_client_ids_kind_check', sql`${t.kind} in ('comment', 'message')`),
  ],
);
