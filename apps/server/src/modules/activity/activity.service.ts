import {
  ACTIVITY_ACTORS_SHOWN,
  type ActivityPage,
  type ActivityUnreadCount,
  extractMentions,
  type PageQuery,
} from '@sys/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor.ts';
import { pageOf, rowsForPage } from '../../lib/paging.ts';
import type { LiveEventsService } from '../events/events.service.ts';
import { toAuthor } from '../posts/posts.mapper.ts';
import {
  countUnreadGroups,
  findActivityPage,
  findActors,
  markGroupRead,
  markRead,
  recordComment,
  recordFollow,
  recordLike,
  recordMentions,
  withdrawItems,
} from './activity.repository.ts';

export interface ActivityServiceDeps {
  db: Db;
  events: Pick<LiveEventsService, 'activityUnreadChanged'>;
  /**
   * Web Push (modules/push): told after each announcement; it pushes the recipient's items it has not
   * pushed yet, in the background (so a withdrawal pushes nothing).
   */
  push?: { notify(recipientId: string): void };
}

/**
 * Activity (issue 19): items made by the services that perform the actions (social: likes and
 * comments; follows), in the action's own transaction (`tx`), so an item exists exactly when its
 * action does. After the transaction commits, the caller hands the answered recipients to `announce`,
 * which sends each their new unread count on the events stream (every open tab, every instance).
 */
export class ActivityService {
  constructor(private readonly deps: ActivityServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  likeAdded(tx: Db, postId: string, actorId: string): Promise<string[]> {
    return recordLike(tx, postId, actorId);
  }

  commentAdded(
    tx: Db,
    comment: { id: string; postId: string; actorId: string; repliedToAuthorId: string | null },
  ): Promise<string[]> {
    return recordComment(tx, comment);
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

  followAdded(tx: Db, followerId: string, followingId: string): Promise<string[]> {
    return recordFollow(tx, followerId, followingId);
  }

  /** Before a like, a comment (with its replies) or a follow is removed in `tx`: its items go. */
  likeRemoved(tx: Db, postId: string, actorId: string): Promise<string[]> {
    return withdrawItems(tx, { like: { postId, actorId } });
  }

  commentRemoved(tx: Db, commentId: string): Promise<string[]> {
    return withdrawItems(tx, { comment: commentId });
  }

  followRemoved(tx: Db, followerId: string, followingId: string): Promise<string[]> {
    return withdrawItems(tx, { follow: { followerId, followingId } });
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
        actors: row.actor_ids.flatMap((id) => {
          const actor = actors.get(id);
          return actor ? [toAuthor(actor)] : [];
        }),
        actor_count: row.actor_count,
        post_id: row.post_id,
        post_thumbnail_url: row.post_id ? row.post_thumbnail_url : null,
        post_media_type: row.post_id ? row.post_media_type : null,
        comment_id: row.comment_id,
        comment_body: row.comment_body,
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
