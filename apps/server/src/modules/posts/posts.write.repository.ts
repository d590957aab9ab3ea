import { and, eq, notInArray, sql } from 'drizzle-orm';
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
