import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type NewPostItemRow,
  type NewPostMediaRow,
  type PostRow,
  postItems,
  postMedia,
  posts,
} from '../../db/schema/index.ts';

/*
 * The writes of `posts`, `post_media` and `post_items`, each in the caller's transaction (the posts service
 * and the demo seed). What they read is in posts.repository.ts.
 */

/** Locks the post row for the rest of the transaction, so that two edits of one post apply one after the other. */
export async function lockOwnedPost(tx: Db, id: string, ownerId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.profile_id, ownerId)))
    .for('update');
  return rows.length > 0;
}

export interface NewPost {
  profile_id: string;
  caption: string;
  media_url: string;
  media_type: PostRow['media_type'];
  created_at?: Date;
  updated_at?: Date;
}

export async function insertPost(tx: Db, row: NewPost): Promise<PostRow> {
  const [inserted] = await tx.insert(posts).values(row).returning();
  if (!inserted) throw new Error('insert into posts returned no row');
  return inserted;
}

export async function updatePostFields(
  tx: Db,
  id: string,
  fields: Partial<Pick<PostRow, 'caption' | 'media_url' | 'media_type'>>,
): Promise<void> {
  await tx
    .update(posts)
    .set({ ...fields, updated_at: sql`now()` })
    .where(eq(posts.id, id));
}

export async function insertMedia(tx: Db, rows: NewPostMediaRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(postMedia).values(rows);
}

export async function deleteMediaOfPost(tx: Db, postId: string): Promise<void> {
  await tx.delete(postMedia).where(eq(postMedia.post_id, postId));
}

export async function insertItems(tx: Db, rows: NewPostItemRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(postItems).values(rows);
}

export async function updateItem(
  tx: Db,
  postId: string,
  itemId: string,
  fields: Omit<NewPostItemRow, 'id' | 'post_id' | 'created_at'>,
): Promise<void> {
  await tx
    .update(postItems)
    .set(fields)
    .where(and(eq(postItems.id, itemId), eq(postItems.post_id, postId)));
}

/** Deletes the post's items except `keepIds`. */
export async function deleteItemsOfPostExcept(
  tx: Db,
  postId: string,
  keepIds: readonly string[],
): Promise<void> {
  await tx
    .delete(postItems)
    .where(
      and(
        eq(postItems.post_id, postId),
        keepIds.length > 0 ? notInArray(postItems.id, [...keepIds]) : undefined,
      ),
    );
}

/** Deletes the post if `ownerId` owns it; false when there was no such post. */
export async function deleteOwnedPost(tx: Db, id: string, ownerId: string): Promise<boolean> {
  const rows = await tx
    .delete(posts)
    .where(and(eq(posts.id, id), eq(posts.profile_id, ownerId)))
    .returning({ id: posts.id });
  return rows.length > 0;
}

/** Deletes the post whoever owns it (an administrator's removal); false when there was no such post. */
export async function deletePostById(tx: Db, id: string): Promise<boolean> {
  const rows = await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  return rows.length > 0;
}

const processing = sql`exists (select 1 from ${postMedia} where ${postMedia.post_id} = ${posts.id} and ${postMedia.status} = 'processing')`;

/**
 * The one rule for posts with a video still processing: such a post is `private` (every visibility check
 * of every query then shows it to its author alone) and the visibility it had is held in
 * `held_visibility`; once no video of it is processing it gets that visibility back. In the caller's
 * transaction, after its media were written.
 */
export async function holdWhileProcessing(tx: Db, postIds: readonly string[]): Promise<void> {
  if (postIds.length === 0) return;
  // Both assignments read the row as it was (SQL evaluates every SET expression on the old row).
  await tx
    .update(posts)
    .set({
      visibility: sql`case when ${processing} then 'private' else coalesce(${posts.held_visibility}, ${posts.visibility}) end`,
      held_visibility: sql`case when ${processing} then coalesce(${posts.held_visibility}, ${posts.visibility}) else null end`,
    })
    .where(inArray(posts.id, [...postIds]));
}

/**
 * A video's transcode job is over: every post showing it gets the new state (and, when ready, the MP4's
 * URL and the poster; the post's own `media_url` too when the video is its first medium). Returns the
 * posts changed. In the job's transaction.
 */
export async function finishVideoOnPosts(
  tx: Db,
  storageObjectId: string,
  result: { status: 'ready'; mediaUrl: string; posterUrl: string } | { status: 'failed' },
): Promise<string[]> {
  const rows = await tx
    .update(postMedia)
    .set(
      result.status === 'ready'
        ? { status: 'ready', media_url: result.mediaUrl, poster_url: result.posterUrl }
        : { status: 'failed' },
    )
    .where(eq(postMedia.storage_object_id, storageObjectId))
    .returning({ post_id: postMedia.post_id, media_order: postMedia.media_order });
  const postIds = [...new Set(rows.map((row) => row.post_id))];
  const firsts = rows.filter((row) => row.media_order === 0).map((row) => row.post_id);
  if (result.status === 'ready' && firsts.length > 0) {
    await tx.update(posts).set({ media_url: result.mediaUrl }).where(inArray(posts.id, firsts));
  }
  return postIds;
}
