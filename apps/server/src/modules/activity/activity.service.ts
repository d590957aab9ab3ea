import {
  ACTIVITY_ACTORS_SHOWN,
  ACTIVITY_MESSAGES,
  ACTIVITY_SETTING_KIND_VALUES,
  type ActivityKind,
  type ActivityPage,
  type ActivitySettingKind,
  type ActivitySettings,
  type ActivityUnreadCount,
  extractMentions,
  type MutedProfilePage,
  type MuteState,
  type PageQuery,
  PROFILE_MESSAGES,
} from '@sys/shared';
import type { Db } from '../../db/client.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor.ts';
import { pageOf, rowsForPage } from '../../lib/paging.ts';
import type { LiveEventsService } from '../events/events.service.ts';
import { toAuthor } from '../posts/posts.mapper.ts';
import {
  type ActivityCandidate,
  countUnreadGroups,
  findActivityPage,
  findActors,
  findCommentOwner,
  findFollowId,
  findPostAuthor,
  insertItem,
  markGroupRead,
  markRead,
  recordingAllowed,
  recordMentions,
  withdrawItems,
} from './activity.repository.ts';
import {
  deleteMute,
  existsMute,
  findKindsOff,
  findMutesPage,
  insertMute,
  replaceKindsOff,
} from './activity.settings.repository.ts';

export interface ActivityServiceDeps {
  db: Db;
  events: Pick<LiveEventsService, 'activityUnreadChanged'>;
  /**
   * Web Push (modules/push): told after each announcement; it pushes the recipient's items it has not
   * pushed yet, in the background (so a withdrawal pushes nothing).
   */
  push?: { notify(recipientId: string): void };
  /** Whether a profile exists (muting someone). */
  profiles: { exists(profileId: string): Promise<boolean> };
}

/** A setting for every kind: on unless turned off. */
function settingsOf(off: readonly ActivitySettingKind[]): ActivitySettings {
  const kinds = Object.fromEntries(
    ACTIVITY_SETTING_KIND_VALUES.map((kind) => [kind, !off.includes(kind)]),
  ) as ActivitySettings['kinds'];
  return { kinds };
}

/**
 * Activity (issue 19): items made by the services that perform the actions (social: likes, comments and
 * comment likes; follows; messages), in the action's own transaction (`tx`), so an item exists exactly
 * when its action does. Every item goes through `record`, the one path that decides whether it is
 * recorded for its recipient (`shouldRecord`: not one's own action, no block, kind on, actor not muted).
 * After the transaction commits, the caller hands the answered recipients to `announce`, which sends
 * each their new unread count on the events stream (every open tab, every instance).
 */
export class ActivityService {
  constructor(private readonly deps: ActivityServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /**
   * Whether an item of `kind` done by `actorId` is recorded for `recipientId`: never for one's own
   * action, nor across a block (either way), nor when the recipient turned the kind off or muted the
   * actor. The one place that decides it (a push notification will hook in after it).
   */
  async shouldRecord(tx: Db, recipientId: string, actorId: string, kind: ActivityKind): Promise<boolean> {
    if (recipientId === actorId) return false;
    return recordingAllowed(tx, recipientId, actorId, kind);
  }

  /** Records the item when `shouldRecord` allows it; answers its recipient (none when it existed). */
  private async record(tx: Db, item: ActivityCandidate): Promise<string[]> {
    if (!(await this.shouldRecord(tx, item.recipientId, item.actorId, item.kind))) return [];
    return insertItem(tx, item);
  }

  async likeAdded(tx: Db, postId: string, actorId: string): Promise<string[]> {
    const authorId = await findPostAuthor(tx, postId);
    if (!authorId) return [];
    return this.record(tx, {
      recipientId: authorId,
      actorId,
      kind: 'like',
      postId,
      likedPostId: postId,
      group: `like:${postId}`,
      daily: true,
    });
  }

  /**
   * A comment was written: a 'reply' item for the author of the comment it answers (when it answers one),
   * and a 'comment' item for the post's author unless they are that person.
   */
  async commentAdded(
    tx: Db,
    comment: { id: string; postId: string; actorId: string; repliedToAuthorId: string | null },
  ): Promise<string[]> {
    const { id, postId, actorId, repliedToAuthorId } = comment;
    const reply = repliedToAuthorId
      ? await this.record(tx, {
          recipientId: repliedToAuthorId,
          actorId,
          kind: 'reply',
          postId,
          commentId: id,
          group: `reply:${id}`,
        })
      : [];
    const authorId = await findPostAuthor(tx, postId);
    const onPost =
      authorId && authorId !== repliedToAuthorId
        ? await this.record(tx, {
            recipientId: authorId,
            actorId,
            kind: 'comment',
            postId,
            commentId: id,
            group: `comment:${id}`,
          })
        : [];
    return [...reply, ...onPost];
  }

  /**
   * A caption (`commentId` null) or a comment was written or edited: items for the people its text
   * mentions who have none yet for it (see recordMentions for who is left out).
   */
  mentionsWritten(
    tx: Db,
    written: { postId: string; commentId: string | null; actorId: string; text: string },
  ): Promise<string[]> {
    return recordMentions(tx, {
      postId: written.postId,
      commentId: written.commentId,
      actorId: written.actorId,
      usernames: extractMentions(written.text),
    });
  }

  /** `actorId` liked a comment (the like row exists in `tx`): an item for the comment's author. */
  async commentLikeAdded(tx: Db, commentId: string, actorId: string): Promise<string[]> {
    const owner = await findCommentOwner(tx, commentId);
    if (!owner) return [];
    return this.record(tx, {
      recipientId: owner.authorId,
      actorId,
      kind: 'comment_like',
      postId: owner.postId,
      likedCommentId: commentId,
      group: `comment_like:${commentId}`,
      daily: true,
    });
  }

  async followAdded(tx: Db, followerId: string, followingId: string): Promise<string[]> {
    const followId = await findFollowId(tx, followerId, followingId);
    if (!followId) return [];
    return this.record(tx, {
      recipientId: followingId,
      actorId: followerId,
      kind: 'follow',
      followId,
      group: 'follow',
      daily: true,
    });
  }

  /**
   * A message was sent (the row exists in `tx`): an item for each other participant. Every message of
   * one sender in one conversation is one group, so a burst of messages is one item.
   */
  async messageAdded(
    tx: Db,
    message: { id: string; conversationId: string; senderId: string; recipientIds: readonly string[] },
  ): Promise<string[]> {
    const recipients: string[] = [];
    for (const recipientId of message.recipientIds) {
      recipients.push(
        ...(await this.record(tx, {
          recipientId,
          actorId: message.senderId,
          kind: 'message',
          messageId: message.id,
          conversationId: message.conversationId,
          group: `message:${message.conversationId}:${message.senderId}`,
        })),
      );
    }
    return recipients;
  }

  /** Before a like, a comment (with its replies) or a follow is removed in `tx`: its items go. */
  likeRemoved(tx: Db, postId: string, actorId: string): Promise<string[]> {
    return withdrawItems(tx, { like: { postId, actorId } });
  }

  commentLikeRemoved(tx: Db, commentId: string, actorId: string): Promise<string[]> {
    return withdrawItems(tx, { commentLike: { commentId, actorId } });
  }

  commentRemoved(tx: Db, commentId: string): Promise<string[]> {
    return withdrawItems(tx, { comment: commentId });
  }

  /** Before a message is deleted (the database would delete its item with it). */
  messageRemoved(tx: Db, messageId: string): Promise<string[]> {
    return withdrawItems(tx, { message: messageId });
  }

  followRemoved(tx: Db, followerId: string, followingId: string): Promise<string[]> {
    return withdrawItems(tx, { follow: { followerId, followingId } });
  }

  /** Before a post is deleted: the items about it (likes, comments, replies, comment likes) go. */
  postRemoved(tx: Db, postId: string): Promise<string[]> {
    return withdrawItems(tx, { post: postId });
  }

  // --- settings and mutes ---------------------------------------------------------------------------------

  async settings(userId: string): Promise<ActivitySettings> {
    return settingsOf(await findKindsOff(this.db, userId));
  }

  /** Replaces the user's settings; what was recorded before stays. */
  async updateSettings(userId: string, body: ActivitySettings): Promise<ActivitySettings> {
    const off = ACTIVITY_SETTING_KIND_VALUES.filter((kind) => !body.kinds[kind]);
    await replaceKindsOff(this.db, userId, off);
    return this.settings(userId);
  }

  /** Mutes a person (harmless to repeat): from now on nothing they do is recorded for the user. */
  async mute(userId: string, profileId: string): Promise<MuteState> {
    if (profileId === userId) throw new AppError(422, 'cannot_mute_self', ACTIVITY_MESSAGES.cannotMuteSelf);
    if (!(await this.deps.profiles.exists(profileId))) throw notFound(PROFILE_MESSAGES.profileNotFound);
    try {
      await insertMute(this.db, userId, profileId);
    } catch (error) {
      // Their account went away between the check and the insert.
      if (isForeignKeyViolation(error)) throw notFound(PROFILE_MESSAGES.profileNotFound);
      throw error;
    }
    return { muted: true };
  }

  /** Unmutes (harmless to repeat): what they do from now on is recorded again. */
  async unmute(userId: string, profileId: string): Promise<MuteState> {
    await deleteMute(this.db, userId, profileId);
    return { muted: false };
  }

  async muteState(userId: string, profileId: string): Promise<MuteState> {
    return { muted: await existsMute(this.db, userId, profileId) };
  }

  async listMuted(userId: string, query: PageQuery): Promise<MutedProfilePage> {
    const rows = await findMutesPage(
      this.db,
      userId,
      decodeKeysetCursor(query.cursor),
      rowsForPage(query.limit),
    );
    const page = pageOf(rows, query.limit, (last) =>
      encodeKeysetCursor({ createdAt: last.mutedAt, id: last.person.id }),
    );
    return {
      items: page.items.map((row) => ({ ...toAuthor(row.person), muted_at: row.mutedAt.toISOString() })),
      next_cursor: page.nextCursor,
    };
  }

  /** Tells each recipient's open streams their new unread count (after the change committed). */
  async announce(recipientIds: readonly string[]): Promise<void> {
    for (const recipientId of new Set(recipientIds)) {
      const { unread_count } = await this.unreadCount(recipientId);
      await this.deps.events.activityUnreadChanged(recipientId, unread_count);
      this.deps.push?.notify(recipientId);
    }
  }

  async list(userId: string, query: PageQuery): Promise<ActivityPage> {
    const rows = await findActivityPage(
      this.db,
      userId,
      decodeKeysetCursor(query.cursor),
      rowsForPage(query.limit),
      ACTIVITY_ACTORS_SHOWN,
    );
    const page = pageOf(rows, query.limit, (last) =>
      encodeKeysetCursor({ createdAt: last.latest, id: last.id }),
    );
    const actors = await findActors(this.db, [...new Set(page.items.flatMap((row) => row.actor_ids))]);
    return {
      items: page.items.map((row) => ({
        id: row.id,
        kind: row.kind,
        // A group of messages names its sender once.
        actors: [...new Set(row.actor_ids)].flatMap((id) => {
          const actor = actors.get(id);
          return actor ? [toAuthor(actor)] : [];
        }),
        actor_count: row.actor_count,
        post_id: row.post_id,
        post_thumbnail_url: row.post_id ? row.post_thumbnail_url : null,
        post_media_type: row.post_id ? row.post_media_type : null,
        comment_id: row.comment_id,
        comment_body: row.comment_body,
        conversation_id: row.conversation_id,
        created_at: row.latest.toISOString(),
        read: row.read,
      })),
      next_cursor: page.nextCursor,
    };
  }

  async unreadCount(userId: string): Promise<ActivityUnreadCount> {
    return { unread_count: await countUnreadGroups(this.db, userId) };
  }

  /** Marks read what happened up to `before` (default now), and tells the user's other tabs. */
  async markRead(userId: string, body: { before?: string | undefined }): Promise<ActivityUnreadCount> {
    const changed = await markRead(this.db, userId, body.before ? new Date(body.before) : undefined);
    const count = await this.unreadCount(userId);
    if (changed > 0) await this.deps.events.activityUnreadChanged(userId, count.unread_count);
    return count;
  }

  /** Marks read the group of one item (a tapped notification); not found unless it is the caller's. */
  async markItemRead(userId: string, itemId: string): Promise<ActivityUnreadCount> {
    const changed = await markGroupRead(this.db, userId, itemId);
    if (changed === null) throw notFound('Activity item not found');
    const count = await this.unreadCount(userId);
    if (changed > 0) await this.deps.events.activityUnreadChanged(userId, count.unread_count);
    return count;
  }
}
