import {
  CLIENT_ID_MESSAGES,
  type Conversation,
  type ConversationPage,
  MESSAGE_MESSAGES,
  type Message,
  type MessagePage,
  MODERATION_MESSAGES,
  type PageQuery,
  PROFILE_MESSAGES,
  type SearchPageQuery,
  type UnreadCount,
} from '@sys/shared';
import type { Db } from '../../db/client.ts';
import { wasClientIdDeleted } from '../../db/deleted-client-ids.ts';
import type { MessageRow } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor.ts';
import { pageOf, rowsForPage } from '../../lib/paging.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { LiveEventsService } from '../events/events.service.ts';
import type { FollowsService } from '../follows/follows.service.ts';
import { toAuthor } from '../posts/posts.mapper.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import {
  type ConversationListRow,
  countUnread,
  deleteOwnMessage,
  findConversationByKey,
  findConversations,
  findMessage,
  findMessageByClientId,
  findMessagesPage,
  findParticipantIds,
  insertConversation,
  insertMessageOnce,
  insertParticipants,
  isBlockedBetween,
  markReadUntil,
  recountLastMessageAt,
  touchConversation,
} from './messages.repository.ts';

export interface MessagesServiceDeps {
  db: Db;
  profiles: ProfilesService;
  follows: FollowsService;
  events: LiveEventsService;
  /** The recipient's activity gets an item for the message (unless they turned messages off or muted). */
  activity?: Pick<ActivityService, 'messageAdded' | 'messageRemoved' | 'announce'>;
}

const conversationNotFound = () => notFound(MESSAGE_MESSAGES.conversationNotFound);

/** The pair's key: both ids in a fixed order, so A->B and B->A name the same conversation. */
const directKey = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    body: row.body,
    created_at: row.created_at.toISOString(),
  };
}

function toConversation(row: ConversationListRow): Conversation {
  return {
    id: row.id,
    participant: toAuthor(row.participant),
    last_message: row.lastMessage ? toMessage(row.lastMessage) : null,
    unread_count: row.unreadCount,
    last_message_at: row.lastMessageAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Direct messages between two profiles. Only the two participants can see a conversation: for
 * anyone else it does not exist (404). Starting one needs a follow; answering does not.
 */
export class MessagesService {
  constructor(private readonly deps: MessagesServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /**
   * The conversation with `profileId`: the existing one, or a new one if the user follows them.
   * `created` tells which (201 or 200).
   */
  async startConversation(
    userId: string,
    profileId: string,
  ): Promise<{ conversation: Conversation; created: boolean }> {
    if (profileId === userId)
      throw new AppError(422, 'cannot_message_self', MESSAGE_MESSAGES.cannotMessageSelf);
    if (!(await this.deps.profiles.exists(profileId))) throw notFound(PROFILE_MESSAGES.profileNotFound);
    if (await isBlockedBetween(this.db, userId, profileId))
      throw forbidden(MODERATION_MESSAGES.blockedMessaging);
    const key = directKey(userId, profileId);
    const existing = await findConversationByKey(this.db, key);
    if (existing) return { conversation: await this.getConversation(userId, existing.id), created: false };

    if (!(await this.deps.follows.isFollowing(userId, profileId)))
      throw forbidden(MESSAGE_MESSAGES.mustFollow);
    const id = await this.db.transaction(async (tx) => {
      const inserted = await insertConversation(tx, key);
      // Both people started it at the same moment: the other request's conversation is the one.
      if (!inserted) return null;
      await insertParticipants(tx, inserted.id, [userId, profileId]);
      return inserted.id;
    });
    if (id === null) {
      const raced = await findConversationByKey(this.db, key);
      if (!raced) throw conversationNotFound();
      return { conversation: await this.getConversation(userId, raced.id), created: false };
    }
    return { conversation: await this.getConversation(userId, id), created: true };
  }

  async getConversation(userId: string, conversationId: string): Promise<Conversation> {
    const [row] = await findConversations(this.db, userId, { conversationId, limit: 1 });
    if (!row) throw conversationNotFound();
    return toConversation(row);
  }

  /** The user's conversations, most recent activity first; `q` searches names and message text. */
  async listConversations(userId: string, query: SearchPageQuery): Promise<ConversationPage> {
    const rows = await findConversations(this.db, userId, {
      after: decodeKeysetCursor(query.cursor),
      limit: rowsForPage(query.limit),
      q: query.q,
    });
    const page = pageOf(rows, query.limit, (last) =>
      encodeKeysetCursor({ createdAt: last.activityAt, id: last.id }),
    );
    return { items: page.items.map(toConversation), next_cursor: page.nextCursor };
  }

  async listMessages(userId: string, conversationId: string, query: PageQuery): Promise<MessagePage> {
    const participants = await this.requireParticipants(userId, conversationId);
    // A conversation with someone blocked either way is hidden, its messages too.
    if (await this.blockedAmong(userId, participants)) throw conversationNotFound();
    const rows = await findMessagesPage(
      this.db,
      conversationId,
      decodeKeysetCursor(query.cursor),
      rowsForPage(query.limit),
    );
    const page = pageOf(rows, query.limit, (last) =>
      encodeKeysetCursor({ createdAt: last.created_at, id: last.id }),
    );
    return { items: page.items.map(toMessage), next_cursor: page.nextCursor };
  }

  /**
   * Sends a message: the message, the conversation's activity and the sender's read marker change in
   * one transaction; then both participants' streams get the message and the recipient their unread count.
   * With a `clientId` the sender already used in this conversation, nothing new is sent: the earlier
   * message is the answer (`created` false); used in another conversation, 409; when that message was
   * deleted since (by its sender, or with the conversation), 410 `client_id_deleted` before anything else,
   * so a late repeat never sends it again. `beforeSending` runs only when a message is about to be made
   * (the route's rate limit: a repeat answered from what exists costs the sender nothing).
   */
  async sendMessage(
    userId: string,
    conversationId: string,
    body: string,
    clientId: string | null = null,
    beforeSending?: () => Promise<void>,
  ): Promise<{ message: Message; created: boolean }> {
    if (clientId && (await wasClientIdDeleted(this.db, userId, 'message', clientId))) {
      throw new AppError(410, 'client_id_deleted', CLIENT_ID_MESSAGES.deleted);
    }
    const participants = await this.requireParticipants(userId, conversationId);
    if (await this.blockedAmong(userId, participants)) throw forbidden(MODERATION_MESSAGES.blockedMessaging);
    if (clientId) {
      const earlier = await this.earlierMessage(userId, conversationId, clientId);
      if (earlier) return { message: earlier, created: false };
    }
    await beforeSending?.();
    const { row, recipients } = await this.db.transaction(async (tx) => {
      const inserted = await insertMessageOnce(tx, {
        conversation_id: conversationId,
        sender_id: userId,
        body,
        client_id: clientId,
      });
      // The same client id arrived at the same moment and that request sent the message.
      if (!inserted) return { row: null, recipients: [] };
      await touchConversation(tx, conversationId, inserted.created_at);
      await markReadUntil(tx, conversationId, userId, inserted.created_at);
      const recorded =
        (await this.deps.activity?.messageAdded(tx, {
          id: inserted.id,
          conversationId,
          senderId: userId,
          recipientIds: participants.filter((id) => id !== userId),
        })) ?? [];
      return { row: inserted, recipients: recorded };
    });
    if (!row) {
      const earlier = clientId ? await this.earlierMessage(userId, conversationId, clientId) : undefined;
      if (!earlier) throw conversationNotFound();
      return { message: earlier, created: false };
    }
    await this.deps.activity?.announce(recipients);
    const message = toMessage(row);
    await this.deps.events.messageCreated(message, participants);
    for (const recipient of participants.filter((id) => id !== userId)) {
      await this.deps.events.unreadChanged(recipient, await countUnread(this.db, recipient));
    }
    return { message, created: true };
  }

  /** The sender's message made with `clientId`, if any; 409 when that id was used in another conversation. */
  private async earlierMessage(
    userId: string,
    conversationId: string,
    clientId: string,
  ): Promise<Message | undefined> {
    const earlier = await findMessageByClientId(this.db, userId, clientId);
    if (!earlier) return undefined;
    if (earlier.conversation_id !== conversationId)
      throw new AppError(409, 'client_id_reused', CLIENT_ID_MESSAGES.reused);
    return toMessage(earlier);
  }

  /**
   * Deletes a message its sender wrote: it goes for both people (live), its activity item is withdrawn
   * and the recipient's unread counts follow. A message already gone is fine (nothing happens); someone
   * outside the conversation gets 404, the other participant 403.
   */
  async deleteMessage(userId: string, messageId: string): Promise<void> {
    const message = await findMessage(this.db, messageId);
    if (!message) return;
    const participants = await this.requireParticipants(userId, message.conversation_id);
    if (message.sender_id !== userId) throw forbidden(MESSAGE_MESSAGES.notMessageSender);
    const { deleted, recipients } = await this.db.transaction(async (tx) => {
      const withdrawn = (await this.deps.activity?.messageRemoved(tx, messageId)) ?? [];
      // Deleted by a request at the same moment: that one tells everyone.
      if (!(await deleteOwnMessage(tx, messageId, userId))) return { deleted: false, recipients: [] };
      await recountLastMessageAt(tx, message.conversation_id);
      return { deleted: true, recipients: withdrawn };
    });
    if (!deleted) return;
    await this.deps.activity?.announce(recipients);
    await this.deps.events.messageDeleted(message.conversation_id, messageId, participants);
    for (const recipient of participants.filter((id) => id !== userId)) {
      await this.deps.events.unreadChanged(recipient, await countUnread(this.db, recipient));
    }
  }

  /**
   * Marks the conversation read up to now; the user's other devices hear the new unread total. A
   * conversation hidden by a block is not found, as it is for reading.
   */
  async markRead(userId: string, conversationId: string): Promise<UnreadCount> {
    const participants = await this.requireParticipants(userId, conversationId);
    if (await this.blockedAmong(userId, participants)) throw conversationNotFound();
    await markReadUntil(this.db, conversationId, userId, 'now');
    const unreadCount = await countUnread(this.db, userId);
    await this.deps.events.unreadChanged(userId, unreadCount);
    return { unread_count: unreadCount };
  }

  async unreadCount(userId: string): Promise<UnreadCount> {
    return { unread_count: await countUnread(this.db, userId) };
  }

  /** Whether a block stands between the user and another participant. */
  private async blockedAmong(userId: string, participants: readonly string[]): Promise<boolean> {
    for (const other of participants) {
      if (other !== userId && (await isBlockedBetween(this.db, userId, other))) return true;
    }
    return false;
  }

  /** The participants of a conversation the user takes part in; 404 for everyone else. */
  private async requireParticipants(userId: string, conversationId: string): Promise<string[]> {
    const participants = await findParticipantIds(this.db, conversationId);
    if (!participants.includes(userId)) throw conversationNotFound();
    return participants;
  }
}
