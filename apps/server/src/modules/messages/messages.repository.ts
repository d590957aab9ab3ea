import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { blockedBetween } from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import { descNullsLast } from '../../db/order.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  type ConversationRow,
  conversationParticipants,
  conversations,
  type MessageRow,
  messages,
  profiles,
} from '../../db/schema/index.ts';
import type { KeysetPosition } from '../../lib/keyset-cursor.ts';
import { containsPattern } from '../../lib/search.ts';
import type { AuthorRow } from '../posts/posts.repository.ts';

/** The only place with SQL for `conversations`, `conversation_participants` and `messages`. */

export async function findConversationByKey(db: Db, directKey: string): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(conversations).where(eq(conversations.direct_key, directKey));
  return row;
}

/** Creates the conversation of a pair; undefined when a concurrent request created it first. */
export async function insertConversation(tx: Db, directKey: string): Promise<ConversationRow | undefined> {
  const [row] = await tx
    .insert(conversations)
    .values({ direct_key: directKey })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function insertParticipants(
  tx: Db,
  conversationId: string,
  profileIds: readonly string[],
): Promise<void> {
  await tx
    .insert(conversationParticipants)
    .values(profileIds.map((profile_id) => ({ conversation_id: conversationId, profile_id })))
    .onConflictDoNothing();
}

export async function findParticipantIds(db: Db, conversationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: conversationParticipants.profile_id })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversation_id, conversationId));
  return rows.map((row) => row.id);
}

export async function insertMessage(
  tx: Db,
  row: { conversation_id: string; sender_id: string; body: string; created_at?: Date },
): Promise<MessageRow> {
  const [inserted] = await tx.insert(messages).values(row).returning();
  if (!inserted) throw new Error('insert into messages returned no row');
  return inserted;
}

/**
 * Inserts a message sent through the API. With a `client_id` this sender already used, nothing is inserted
 * and the answer is undefined (decided by the unique index, so two requests at once cannot both insert):
 * the caller reads the earlier message with findMessageByClientId.
 */
export async function insertMessageOnce(
  tx: Db,
  row: { conversation_id: string; sender_id: string; body: string; client_id?: string | null },
): Promise<MessageRow | undefined> {
  const [inserted] = await tx
    .insert(messages)
    .values(row)
    .onConflictDoNothing({ target: [messages.sender_id, messages.client_id] })
    .returning();
  return inserted;
}

/** The sender's message made with this `client_id`, if any (never another sender's). */
export async function findMessageByClientId(
  db: Db,
  senderId: string,
  clientId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.sender_id, senderId), eq(messages.client_id, clientId)));
  return row;
}

export async function findMessage(db: Db, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/** Deletes the message if `senderId` sent it; whether it did. */
export async function deleteOwnMessage(tx: Db, id: string, senderId: string): Promise<boolean> {
  const rows = await tx
    .delete(messages)
    .where(and(eq(messages.id, id), eq(messages.sender_id, senderId)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

/** Sets the conversation's last activity to its newest remaining message (after a deletion). */
export async function recountLastMessageAt(tx: Db, conversationId: string): Promise<void> {
  await tx
    .update(conversations)
    .set({
      last_message_at: sql`(select max(${messages.created_at}) from ${messages} where ${messages.conversation_id} = ${conversationId}::uuid)`,
    })
    .where(eq(conversations.id, conversationId));
}

/** Moves the conversation's last activity forward to `at` (never back). */
export async function touchConversation(tx: Db, conversationId: string, at: Date): Promise<void> {
  await tx
    .update(conversations)
    .set({
      last_message_at: sql`greatest(${conversations.last_message_at}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(conversations.id, conversationId));
}

/** Marks everything up to `at` as read for the participant (never moves the marker back). */
export async function markReadUntil(
  db: Db,
  conversationId: string,
  profileId: string,
  at: Date | 'now',
): Promise<void> {
  const until = at === 'now' ? sql`now()` : sql`${at.toISOString()}::timestamptz`;
  await db
    .update(conversationParticipants)
    .set({ last_read_at: sql`greatest(${conversationParticipants.last_read_at}, ${until})` })
    .where(
      and(
        eq(conversationParticipants.conversation_id, conversationId),
        eq(conversationParticipants.profile_id, profileId),
      ),
    );
}

/** A conversation's messages, newest first, continuing with older ones after `after`. */
export async function findMessagesPage(
  db: Db,
  conversationId: string,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<MessageRow[]> {
  const older: SQL | undefined = after
    ? sql`(${messages.created_at}, ${messages.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversation_id, conversationId), older))
    .orderBy(descNullsLast(messages.created_at), descNullsLast(messages.id))
    .limit(limit);
}

/** Whether either profile has blocked the other (then neither may start a conversation or write). */
export { isBlockedBetween } from '../../db/block-filter.ts';

/**
 * Messages from others that arrived after the profile last read each of its conversations; those from
 * people the profile blocked or who blocked it do not count (their conversation is hidden).
 */
export async function countUnread(db: Db, profileId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(conversationParticipants)
    .innerJoin(messages, eq(messages.conversation_id, conversationParticipants.conversation_id))
    .where(
      and(
        eq(conversationParticipants.profile_id, profileId),
        ne(messages.sender_id, profileId),
        sql`(${conversationParticipants.last_read_at} is null or ${messages.created_at} > ${conversationParticipants.last_read_at})`,
        sql`not ${blockedBetween(profileId, messages.sender_id)}`,
      ),
    );
  return Number(row?.value ?? 0);
}

export interface ConversationListRow {
  id: string;
  createdAt: Date;
  lastMessageAt: Date | null;
  /** What the list is sorted by: the last message's time, or the creation time of an empty conversation. */
  activityAt: Date;
  participant: AuthorRow;
  lastMessage: MessageRow | null;
  unreadCount: number;
}

interface RawConversationRow {
  id: string;
  created_at: Date | string;
  last_message_at: Date | string | null;
  activity_at: Date | string;
  other_id: string;
  other_username: string | null;
  other_display_name: string | null;
  other_avatar_url: string | null;
  lm_id: string | null;
  lm_sender_id: string | null;
  lm_body: string | null;
  lm_created_at: Date | string | null;
  unread_count: number | string;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * The profile's conversations with the other participant, the last message and the unread count, most
 * recent activity first. `q` keeps those whose participant's name or any message contains it; a
 * `conversationId` picks one conversation (still only if the profile takes part).
 */
export async function findConversations(
  db: Db,
  profileId: string,
  options: {
    after?: KeysetPosition | undefined;
    limit: number;
    q?: string | undefined;
    conversationId?: string | undefined;
  },
): Promise<ConversationListRow[]> {
  const activity = sql`coalesce(c.last_message_at, c.created_at)`;
  // A conversation with someone the profile blocked, or who blocked it, is hidden.
  const conditions: SQL[] = [
    sql`me.profile_id = ${profileId}`,
    sql`not ${blockedBetween(profileId, sql`other.id`)}`,
  ];
  if (options.conversationId) conditions.push(sql`c.id = ${options.conversationId}::uuid`);
  if (options.after) {
    conditions.push(
      sql`(${activity}, c.id) < (${options.after.createdAt.toISOString()}::timestamptz, ${options.after.id}::uuid)`,
    );
  }
  if (options.q) {
    const pattern = containsPattern(options.q);
    conditions.push(sql`(other.username ilike ${pattern} or other.display_name ilike ${pattern}
      or exists (select 1 from ${messages} sm where sm.conversation_id = c.id and sm.body ilike ${pattern}))`);
  }
  const result = await db.execute(sql`
    select c.id, c.created_at, c.last_message_at, ${activity} as activity_at,
           other.id as other_id, other.username as other_username,
           other.display_name as other_display_name, other.avatar_url as other_avatar_url,
           lm.id as lm_id, lm.sender_id as lm_sender_id, lm.body as lm_body, lm.created_at as lm_created_at,
           (select count(*)::int from ${messages} um
             where um.conversation_id = c.id and um.sender_id <> me.profile_id
               and (me.last_read_at is null or um.created_at > me.last_read_at)) as unread_count
    from ${conversationParticipants} me
    join ${conversations} c on c.id = me.conversation_id
    join ${conversationParticipants} op on op.conversation_id = c.id and op.profile_id <> me.profile_id
    join ${profiles} other on other.id = op.profile_id
    left join lateral (
      select m.id, m.sender_id, m.body, m.created_at from ${messages} m
      where m.conversation_id = c.id order by m.created_at desc nulls last, m.id desc nulls last limit 1
    ) lm on true
    where ${sql.join(conditions, sql` and `)}
    order by ${activity} desc, c.id desc
    limit ${options.limit}`);
  return rowsOf<RawConversationRow>(result).map((row) => ({
    id: row.id,
    createdAt: asDate(row.created_at),
    lastMessageAt: row.last_message_at === null ? null : asDate(row.last_message_at),
    activityAt: asDate(row.activity_at),
    participant: {
      id: row.other_id,
      username: row.other_username,
      display_name: row.other_display_name,
      avatar_url: row.other_avatar_url,
    },
    lastMessage:
      row.lm_id && row.lm_sender_id && row.lm_body !== null && row.lm_created_at !== null
        ? {
            id: row.lm_id,
            conversation_id: row.id,
            sender_id: row.lm_sender_id,
            body: row.lm_body,
            client_id: null,
            created_at: asDate(row.lm_created_at),
          }
        : null,
    unreadCount: Number(row.unread_count),
  }));
}
