import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';

/*
 * Direct messages: one-to-one conversations, their two participants (with how far each has read) and
 * the messages. Timestamps keep millisecond precision for the keyset cursors and read markers.
 */
const timestamp3 = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The two participants' ids, smaller first, joined by ':'. Unique, so two people starting a
     * conversation with each other at the same moment still end up with one.
     */
    direct_key: text('direct_key').notNull(),
    created_at: timestamp3('created_at').notNull().defaultNow(),
    last_message_at: timestamp3('last_message_at'),
  },
  (t) => [uniqueIndex('conversations_direct_key_key').on(t.direct_key)],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    conversation_id: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** Messages after this are unread for this participant; null: nothing read yet. */
    last_read_at: timestamp3('last_read_at'),
  },
  (t) => [
    primaryKey({ columns: [t.conversation_id, t.profile_id] }),
    index('conversation_participants_profile_id_idx').on(t.profile_id),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversation_id: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender_id: uuid('sender_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** The id the sender's device gave the message (`client_id`), unique per sender: a repeated POST finds it. */
    client_id: uuid('client_id'),
    created_at: timestamp3('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_sender_id_client_id_key').on(t.sender_id, t.client_id),
    // A conversation's messages, newest first, paged by (created_at, id); also counts unread ones.
    index('messages_conversation_id_created_at_idx').on(t.conversation_id, t.created_at.desc(), t.id.desc()),
    index('messages_sender_id_idx').on(t.sender_id),
    check('messages_body_check', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
