import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { notBlockedFor, visibleTo } from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import { descNullsLast } from '../../db/order.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  type CommentRow,
  commentLikes,
  comments,
  itemClicks,
  postLikes,
  posts,
  profiles,
  savedPosts,
} from '../../db/schema/index.ts';
import { postMatchesSearch } from '../../lib/search.ts';
import type { AuthorRow } from '../posts/posts.repository.ts';

/** The only place with SQL for likes, comments, comment likes, saved posts and item clicks. */

// ---------------------------------------------------------------------------------------------------------
// Post likes and saves: keyed by (post, profile), so repeating a like or a save changes nothing.
// ---------------------------------------------------------------------------------------------------------

export async function insertPostLike(db: Db, postId: string, profileId: string): Promise<void> {
  await db.insert(postLikes).values({ post_id: postId, profile_id: profileId }).onConflictDoNothing();
}

export async function deletePostLike(db: Db, postId: string, profileId: string): Promise<void> {
  await db.delete(postLikes).where(and(eq(postLikes.post_id, postId), eq(postLikes.profile_id, profileId)));
}

export async function countPostLikes(db: Db, postId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(postLikes)
    .where(eq(postLikes.post_id, postId));
  return Number(row?.value ?? 0);
}

/** The like counts of these posts (posts without likes are left out). */
export async function countLikesOfPosts(db: Db, postIds: readonly string[]): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .select({ postId: postLikes.post_id, value: sql<number>`count(*)::int` })
    .from(postLikes)
    .where(inArray(postLikes.post_id, [...postIds]))
    .groupBy(postLikes.post_id);
  return new Map(rows.map((row) => [row.postId, Number(row.value)]));
}

export async function insertSavedPost(db: Db, postId: string, profileId: string): Promise<void> {
  await db.insert(savedPosts).values({ post_id: postId, profile_id: profileId }).onConflictDoNothing();
}

export async function deleteSavedPost(db: Db, postId: string, profileId: string): Promise<void> {
  await db
    .delete(savedPosts)
    .where(and(eq(savedPosts.post_id, postId), eq(savedPosts.profile_id, profileId)));
}

export interface SavedKey {
  createdAt: Date;
  postId: string;
}

/**
 * Saved posts the profile may still see (public or their own, not across a block), optionally matching a
 * search.
 */
function savedVisibleMatching(profileId: string, q: string | undefined): SQL | undefined {
  return and(
    eq(savedPosts.profile_id, profileId),
    visibleTo(profileId, posts.profile_id, sql`${posts.visibility} = 'public'`),
    q ? postMatchesSearch(q) : undefined,
  );
}

/**
 * A page of the profile's saves, newest first: the post ids and when they were saved. `q` keeps the
 * posts whose caption or items' brand, title or type contain it.
 */
export async function findSavedPostsPage(
  db: Db,
  profileId: string,
  after: SavedKey | undefined,
  limit: number,
  q?: string,
): Promise<{ post_id: string; created_at: Date }[]> {
  const older = after
    ? sql`(${savedPosts.created_at}, ${savedPosts.post_id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.postId}::uuid)`
    : undefined;
  return db
    .select({ post_id: savedPosts.post_id, created_at: savedPosts.created_at })
    .from(savedPosts)
    .innerJoin(posts, eq(posts.id, savedPosts.post_id))
    .where(and(savedVisibleMatching(profileId, q), older))
    .orderBy(descNullsLast(savedPosts.created_at), descNullsLast(savedPosts.post_id))
    .limit(limit);
}

export async function countSavedPosts(db: Db, profileId: string, q?: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(savedPosts)
    .innerJoin(posts, eq(posts.id, savedPosts.post_id))
    .where(savedVisibleMatching(profileId, q));
  return Number(row?.value ?? 0);
}

// ---------------------------------------------------------------------------------------------------------
// Comments
// ---------------------------------------------------------------------------------------------------------

export interface CommentListRow {
  comment: CommentRow;
  author: AuthorRow;
  likeCount: number;
  likedByMe: boolean;
}

function commentSelection(viewerId: string | null) {
  return {
    comment: comments,
    author: {
      id: profiles.id,
      username: profiles.username,
      display_name: profiles.display_name,
      avatar_url: profiles.avatar_url,
    },
    likeCount: sql<number>`(select count(*)::int from ${commentLikes} where ${commentLikes.comment_id} = ${comments.id})`,
    likedByMe: viewerId
      ? sql<boolean>`exists (select 1 from ${commentLikes} where ${commentLikes.comment_id} = ${comments.id} and ${commentLikes.profile_id} = ${viewerId})`
      : sql<boolean>`false`,
  };
}

export interface CommentKey {
  createdAt: Date;
  id: string;
}

/**
 * A post's comments in the order they were written, continuing after `after`; a signed-in viewer does not
 * see those of people they blocked or who blocked them.
 */
export async function findCommentsPage(
  db: Db,
  postId: string,
  viewerId: string | null,
  after: CommentKey | undefined,
  limit: number,
): Promise<CommentListRow[]> {
  const newer: SQL | undefined = after
    ? sql`(${comments.created_at}, ${comments.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select(commentSelection(viewerId))
    .from(comments)
    .innerJoin(profiles, eq(profiles.id, comments.profile_id))
    .where(and(eq(comments.post_id, postId), newer, notBlockedFor(viewerId, comments.profile_id)))
    .orderBy(asc(comments.created_at), asc(comments.id))
    .limit(limit);
}

export async function findCommentsByIds(
  db: Db,
  ids: readonly string[],
  viewerId: string | null,
): Promise<CommentListRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(commentSelection(viewerId))
    .from(comments)
    .innerJoin(profiles, eq(profiles.id, comments.profile_id))
    .where(and(inArray(comments.id, [...ids]), notBlockedFor(viewerId, comments.profile_id)));
}

/** The comment, unless a block stands between `viewerId` (when given) and its author. */
export async function findComment(
  db: Db,
  id: string,
  viewerId: string | null = null,
): Promise<CommentRow | undefined> {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), notBlockedFor(viewerId, comments.profile_id)));
  return row;
}

/**
 * Deletes the comment (and its replies) whoever wrote it: an administrator's removal. Answers the
 * comment's post, or null when there was no such comment.
 */
export async function deleteCommentById(db: Db, id: string): Promise<string | null> {
  const [row] = await db.delete(comments).where(eq(comments.id, id)).returning({ postId: comments.post_id });
  return row?.postId ?? null;
}

/**
 * Inserts the comment. With a `client_id` this author already used, nothing is inserted and the answer is
 * undefined (the unique index decides, so two requests at once cannot both insert): the caller reads the
 * earlier comment with findCommentByClientId.
 */
export async function insertComment(
  db: Db,
  row: {
    post_id: string;
    profile_id: string;
    parent_id: string | null;
    body: string;
    client_id?: string | null;
  },
): Promise<CommentRow | undefined> {
  const [inserted] = await db
    .insert(comments)
    .values(row)
    .onConflictDoNothing({ target: [comments.profile_id, comments.client_id] })
    .returning();
  return inserted;
}

/** The author's comment made with this `client_id`, if any (never another author's). */
export async function findCommentByClientId(
  db: Db,
  profileId: string,
  clientId: string,
): Promise<CommentRow | undefined> {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.profile_id, profileId), eq(comments.client_id, clientId)));
  return row;
}

/** Deletes the comment (and, by cascade, its replies) if `profileId` wrote it. */
export async function deleteOwnComment(db: Db, id: string, profileId: string): Promise<boolean> {
  const rows = await db
    .delete(comments)
    .where(and(eq(comments.id, id), eq(comments.profile_id, profileId)))
    .returning({ id: comments.id });
  return rows.length > 0;
}

export async function insertCommentLike(db: Db, commentId: string, profileId: string): Promise<void> {
  await db
    .insert(commentLikes)
    .values({ comment_id: commentId, profile_id: profileId })
    .onConflictDoNothing();
}

export async function deleteCommentLike(db: Db, commentId: string, profileId: string): Promise<void> {
  await db
    .delete(commentLikes)
    .where(and(eq(commentLikes.comment_id, commentId), eq(commentLikes.profile_id, profileId)));
}

export async function countCommentLikes(db: Db, commentId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(commentLikes)
    .where(eq(commentLikes.comment_id, commentId));
  return Number(row?.value ?? 0);
}

// ---------------------------------------------------------------------------------------------------------
// Item clicks
// ---------------------------------------------------------------------------------------------------------

/**
 * Records a click unless the same viewer clicked the same item within `dedupeSeconds`; true when recorded.
 * Two simultaneous clicks may both count; the window is about repeated taps, not exact accounting.
 */
export async function recordItemClick(
  db: Db,
  click: { itemId: string; postId: string; profileId: string | null; viewerKey: string },
  dedupeSeconds: number,
): Promise<boolean> {
  const rows = await db.execute<{ id: string }>(sql`
    insert into ${itemClicks} (item_id, post_id, profile_id, viewer_key)
    select ${click.itemId}::uuid, ${click.postId}::uuid, ${click.profileId}::uuid, ${click.viewerKey}
    where not exists (
      select 1 from ${itemClicks}
      where ${itemClicks.item_id} = ${click.itemId}::uuid
        and ${itemClicks.viewer_key} = ${click.viewerKey}
        and ${itemClicks.created_at} > now() - make_interval(secs => ${dedupeSeconds})
    )
    returning id`);
  return rowsOf(rows).length > 0;
}

export async function countItemClicks(db: Db, itemId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(itemClicks)
    .where(eq(itemClicks.item_id, itemId));
  return Number(row?.value ?? 0);
}
