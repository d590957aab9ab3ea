import { createHash } from 'node:crypto';
import {
  CLIENT_ID_MESSAGES,
  type Comment,
  type CommentPage,
  type LikeState,
  type LiveEvent,
  type PageQuery,
  POST_MESSAGES,
  type SavedPostPage,
  type SaveState,
  type SearchPageQuery,
} from '@sys/shared';
import type { Db } from '../../db/client.ts';
import { wasClientIdDeleted } from '../../db/deleted-client-ids.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor.ts';
import { pageOf, rowsForPage } from '../../lib/paging.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { LiveEventsService } from '../events/events.service.ts';
import { toAuthor } from '../posts/posts.mapper.ts';
import type { PostsService } from '../posts/posts.service.ts';
import {
  type CommentListRow,
  countCommentLikes,
  countLikesOfPosts,
  countPostLikes,
  countSavedPosts,
  deleteCommentById,
  deleteCommentLike,
  deleteOwnComment,
  deletePostLike,
  deleteSavedPost,
  findComment,
  findCommentByClientId,
  findCommentsByIds,
  findCommentsPage,
  findSavedPostsPage,
  insertComment,
  insertCommentLike,
  insertPostLike,
  insertSavedPost,
  recordItemClick,
} from './social.repository.ts';

/** One click per viewer, item and minute counts; repeated taps and reloads do not inflate the numbers. */
export const ITEM_CLICK_DEDUPE_SECONDS = 60;

export interface SocialServiceDeps {
  db: Db;
  posts: PostsService;
  /** Who is looking at a post hears of its new likes and comments. */
  events: Pick<LiveEventsService, 'postLikesChanged' | 'postCommentsChanged'>;
  /** The post's author hears of a like or comment, and a comment's author of a reply or a like. */
  activity: ActivityService;
}

/** Who is clicking, for de-duplication: a signed-in profile, or a visitor known only by a hashed address. */
export type ClickViewer = { profileId: string } | { address: string };

const commentNotFound = () => notFound(POST_MESSAGES.commentNotFound);
const clientIdReused = () => new AppError(409, 'client_id_reused', CLIENT_ID_MESSAGES.reused);
/** The id made a comment that was deleted since: done, and not made again (the outbox drops it quietly). */
const clientIdDeleted = () => new AppError(410, 'client_id_deleted', CLIENT_ID_MESSAGES.deleted);

function toComment(row: CommentListRow): Comment {
  return {
    id: row.comment.id,
    post_id: row.comment.post_id,
    parent_id: row.comment.parent_id,
    body: row.comment.body,
    created_at: row.comment.created_at.toISOString(),
    author: toAuthor(row.author),
    like_count: Number(row.likeCount),
    liked_by_me: Boolean(row.likedByMe),
  };
}

/**
 * Likes, comments, comment likes, saves and item clicks. Every reaction first asks the posts service
 * whether the viewer may see the post, so hidden posts cannot be reacted to (or discovered).
 */
export class SocialService {
  constructor(private readonly deps: SocialServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  // --- post likes -----------------------------------------------------------------------------------------

  async setPostLike(userId: string, postId: string, liked: boolean): Promise<LikeState> {
    await this.deps.posts.requireVisiblePost(userId, postId);
    const { activity } = this.deps;
    const recipients = await this.db.transaction(async (tx) => {
      if (liked) {
        await insertPostLike(tx, postId, userId);
        return activity.likeAdded(tx, postId, userId);
      }
      const withdrawn = await activity.likeRemoved(tx, postId, userId);
      await deletePostLike(tx, postId, userId);
      return withdrawn;
    });
    await activity.announce(recipients);
    // Their own feed shows the like and its count at once.
    await this.deps.posts.viewersChanged([userId]);
    // The post's own page shows the new count at once, before its watchers hear of it.
    await this.deps.posts.postCountsChanged(postId);
    const likeCount = await countPostLikes(this.db, postId);
    await this.deps.events.postLikesChanged(postId, likeCount);
    return { liked, like_count: likeCount };
  }

  /** The current like count of each of these posts, as the events a fresh stream starts with. */
  async likeCountEvents(postIds: readonly string[]): Promise<LiveEvent[]> {
    const counts = await countLikesOfPosts(this.db, postIds);
    return postIds.map((postId) => ({
      type: 'post.likes' as const,
      post_id: postId,
      like_count: counts.get(postId) ?? 0,
    }));
  }

  // --- saves ----------------------------------------------------------------------------------------------

  async setPostSaved(userId: string, postId: string, saved: boolean): Promise<SaveState> {
    await this.deps.posts.requireVisiblePost(userId, postId);
    if (saved) await insertSavedPost(this.db, postId, userId);
    else await deleteSavedPost(this.db, postId, userId);
    await this.deps.posts.viewersChanged([userId]);
    return { saved };
  }

  /**
   * The user's saved posts, most recently saved first; posts that became hidden are left out. `q`
   * searches captions and the items' brands, titles and types. `total` counts every match.
   */
  async listSavedPosts(
    userId: string,
    query: PageQuery & Pick<SearchPageQuery, 'q'>,
  ): Promise<SavedPostPage> {
    const after = decodeKeysetCursor(query.cursor);
    const [rows, total] = await Promise.all([
      findSavedPostsPage(
        this.db,
        userId,
        after ? { createdAt: after.createdAt, postId: after.id } : undefined,
        rowsForPage(query.limit),
        query.q,
      ),
      countSavedPosts(this.db, userId, query.q),
    ]);
    const page = pageOf(rows, query.limit, (last) =>
      encodeKeysetCursor({ createdAt: last.created_at, id: last.post_id }),
    );
    const items = await this.deps.posts.getPostsByIds(
      userId,
      page.items.map((row) => row.post_id),
    );
    return { items, next_cursor: page.nextCursor, total };
  }

  // --- comments -------------------------------------------------------------------------------------------

  async listComments(viewerId: string | null, postId: string, query: PageQuery): Promise<CommentPage> {
    await this.deps.posts.requireVisiblePost(viewerId, postId);
    const rows = await findCommentsPage(
      this.db,
      postId,
      viewerId,
      decodeKeysetCursor(query.cursor),
      rowsForPage(query.limit),
    );
    const page = pageOf(rows, query.limit, (last) =>
      encodeKeysetCursor({ createdAt: last.comment.created_at, id: last.comment.id }),
    );
    return { items: page.items.map(toComment), next_cursor: page.nextCursor };
  }

  /**
   * Adds a comment, or a reply when `parentId` names a comment of the same post. A reply to a reply joins
   * the first comment's thread, so threads stay one level deep as the comments dialog shows them.
   * With a `clientId` the author already used on this post, nothing new is made: the earlier comment is the
   * answer (`created` false); on another post, 409; when that comment was deleted since (by anyone, or with
   * its post), 410 `client_id_deleted` before anything else, so a late repeat never brings it back.
   */
  async addComment(
    userId: string,
    postId: string,
    body: string,
    parentId: string | null,
    clientId: string | null = null,
  ): Promise<{ comment: Comment; created: boolean }> {
    if (clientId && (await wasClientIdDeleted(this.db, userId, 'comment', clientId))) throw clientIdDeleted();
    await this.deps.posts.requireVisiblePost(userId, postId);
    if (clientId) {
      const earlier = await this.earlierComment(userId, postId, clientId);
      if (earlier) return { comment: earlier, created: false };
    }
    let threadId: string | null = null;
    let repliedToAuthorId: string | null = null;
    if (parentId) {
      const parent = await findComment(this.db, parentId, userId);
      if (!parent) throw commentNotFound();
      if (parent.post_id !== postId) {
        throw badRequest('You can only reply to a comment on the same post', [
          { field: 'body.parentId', message: 'The comment belongs to another post' },
        ]);
      }
      threadId = parent.parent_id ?? parent.id;
      repliedToAuthorId = parent.profile_id;
    }
    const { inserted, recipients } = await this.db.transaction(async (tx) => {
      const row = await insertComment(tx, {
        post_id: postId,
        profile_id: userId,
        parent_id: threadId,
        body,
        client_id: clientId,
      });
      // The same client id arrived at the same moment and that request made the comment.
      if (!row) return { inserted: null, recipients: [] };
      const told = await this.deps.activity.commentAdded(tx, {
        id: row.id,
        postId,
        actorId: userId,
        repliedToAuthorId,
      });
      // After the comment's own items, so whoever already hears of the comment gets no second item.
      const mentioned = await this.deps.activity.mentionsWritten(tx, {
        postId,
        commentId: row.id,
        actorId: userId,
        text: body,
      });
      return { inserted: row, recipients: [...told, ...mentioned] };
    });
    if (!inserted) {
      const earlier = clientId ? await this.earlierComment(userId, postId, clientId) : undefined;
      if (!earlier) throw commentNotFound();
      return { comment: earlier, created: false };
    }
    await this.deps.activity.announce(recipients);
    // Their own feed counts the comment at once.
    await this.deps.posts.viewersChanged([userId]);
    // Watchers refetch the post on the event: its own page reads the new count.
    await this.deps.posts.postCountsChanged(postId);
    await this.deps.events.postCommentsChanged(postId);
    const [row] = await findCommentsByIds(this.db, [inserted.id], userId);
    if (!row) throw commentNotFound();
    return { comment: toComment(row), created: true };
  }

  /** The author's comment made with `clientId`, if any; 409 when that id was used on another post. */
  private async earlierComment(
    userId: string,
    postId: string,
    clientId: string,
  ): Promise<Comment | undefined> {
    const earlier = await findCommentByClientId(this.db, userId, clientId);
    if (!earlier) return undefined;
    if (earlier.post_id !== postId) throw clientIdReused();
    const [row] = await findCommentsByIds(this.db, [earlier.id], userId);
    return row ? toComment(row) : undefined;
  }

  async deleteComment(userId: string, commentId: string): Promise<void> {
    const comment = await this.requireVisibleComment(userId, commentId);
    if (comment.profile_id !== userId) throw forbidden(POST_MESSAGES.notCommentOwner);
    const recipients = await this.db.transaction(async (tx) => {
      const withdrawn = await this.deps.activity.commentRemoved(tx, commentId);
      if (!(await deleteOwnComment(tx, commentId, userId))) throw commentNotFound();
      return withdrawn;
    });
    await this.deps.activity.announce(recipients);
    await this.deps.posts.viewersChanged([userId]);
    await this.deps.posts.postCountsChanged(comment.post_id);
    await this.deps.events.postCommentsChanged(comment.post_id);
  }

  async setCommentLike(userId: string, commentId: string, liked: boolean): Promise<LikeState> {
    const comment = await this.requireVisibleComment(userId, commentId);
    const { activity } = this.deps;
    const recipients = await this.db.transaction(async (tx) => {
      if (liked) {
        await insertCommentLike(tx, commentId, userId);
        return activity.commentLikeAdded(tx, commentId, userId);
      }
      const withdrawn = await activity.commentLikeRemoved(tx, commentId, userId);
      await deleteCommentLike(tx, commentId, userId);
      return withdrawn;
    });
    await activity.announce(recipients);
    const likeCount = await countCommentLikes(this.db, commentId);
    // The comments shown with the post carry their like counts.
    await this.deps.events.postCommentsChanged(comment.post_id);
    return { liked, like_count: likeCount };
  }

  /** An administrator's removal (the moderation module): the comment and its replies, whoever wrote it. */
  async removeCommentAsModerator(commentId: string): Promise<void> {
    const { postId, recipients } = await this.db.transaction(async (tx) => {
      const withdrawn = await this.deps.activity.commentRemoved(tx, commentId);
      return { postId: await deleteCommentById(tx, commentId), recipients: withdrawn };
    });
    if (!postId) throw commentNotFound();
    await this.deps.activity.announce(recipients);
    await this.deps.posts.postCountsChanged(postId);
    await this.deps.events.postCommentsChanged(postId);
  }

  private async requireVisibleComment(viewerId: string, commentId: string) {
    const comment = await findComment(this.db, commentId, viewerId);
    if (!comment) throw commentNotFound();
    try {
      await this.deps.posts.requireVisiblePost(viewerId, comment.post_id);
    } catch {
      throw commentNotFound();
    }
    return comment;
  }

  // --- item clicks ----------------------------------------------------------------------------------------

  async recordItemClick(viewer: ClickViewer, itemId: string): Promise<{ recorded: boolean }> {
    const profileId = 'profileId' in viewer ? viewer.profileId : null;
    const { postId } = await this.deps.posts.requireVisibleItem(profileId, itemId);
    const recorded = await recordItemClick(
      this.db,
      { itemId, postId, profileId, viewerKey: viewerKey(viewer) },
      ITEM_CLICK_DEDUPE_SECONDS,
    );
    return { recorded };
  }
}

/**
 * The de-duplication key of a viewer. Visitors are keyed by a hash of their address and the day, so the
 * address itself is never stored and the key cannot follow a visitor from one day to the next.
 */
function viewerKey(viewer: ClickViewer): string {
  if ('profileId' in viewer) return `profile:${viewer.profileId}`;
  const day = new Date().toISOString().slice(0, 10);
  const digest = createHash('sha256').update(`sys-item-click|${day}|${viewer.address}`).digest('base64url');
  return `visitor:${digest.slice(0, 22)}`;
}
