import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { visibleTo } from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import { descNullsLast } from '../../db/order.ts';
import { type PostItemRow, postItems, posts, profiles, savedItems } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/search.ts';
import type { AuthorRow } from '../posts/posts.repository.ts';

/** The only place with SQL for `saved_items` (saved products). Saving again changes nothing. */

export async function insertSavedItem(db: Db, profileId: string, itemId: string): Promise<void> {
  await db.insert(savedItems).values({ profile_id: profileId, item_id: itemId }).onConflictDoNothing();
}

export async function deleteSavedItem(db: Db, profileId: string, itemId: string): Promise<void> {
  await db
    .delete(savedItems)
    .where(and(eq(savedItems.profile_id, profileId), eq(savedItems.item_id, itemId)));
}

export interface SavedProductRow {
  item: PostItemRow;
  savedAt: Date;
  postMediaUrl: string;
  postMediaType: 'image' | 'video';
  author: AuthorRow;
}

/** Saved items whose post the profile can still see (not across a block), optionally matching a search. */
function savedVisibleMatching(profileId: string, q: string | undefined): SQL | undefined {
  const pattern = q ? containsPattern(q) : undefined;
  return and(
    eq(savedItems.profile_id, profileId),
    visibleTo(profileId, posts.profile_id, eq(posts.visibility, 'public')),
    pattern
      ? or(
          sql`${postItems.brand} ilike ${pattern}`,
          sql`${postItems.title} ilike ${pattern}`,
          sql`${postItems.item_type} ilike ${pattern}`,
        )
      : undefined,
  );
}

/** A page of the profile's saved products, newest save first, continuing after (saved at, item id). */
export async function findSavedProductsPage(
  db: Db,
  profileId: string,
  options: { after?: { createdAt: Date; id: string } | undefined; limit: number; q?: string | undefined },
): Promise<SavedProductRow[]> {
  const after = options.after
    ? sql`(${savedItems.created_at}, ${savedItems.item_id}) < (${options.after.createdAt.toISOString()}::timestamptz, ${options.after.id}::uuid)`
    : undefined;
  return db
    .select({
      item: postItems,
      savedAt: savedItems.created_at,
      postMediaUrl: posts.media_url,
      postMediaType: posts.media_type,
      author: {
        id: profiles.id,
        username: profiles.username,
        display_name: profiles.display_name,
        avatar_url: profiles.avatar_url,
      },
    })
    .from(savedItems)
    .innerJoin(postItems, eq(postItems.id, savedItems.item_id))
    .innerJoin(posts, eq(posts.id, postItems.post_id))
    .innerJoin(profiles, eq(profiles.id, posts.profile_id))
    .where(and(savedVisibleMatching(profileId, options.q), after))
    .orderBy(descNullsLast(savedItems.created_at), descNullsLast(savedItems.item_id))
    .limit(options.limit);
}

export async function countSavedProducts(db: Db, profileId: string, q?: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(savedItems)
    .innerJoin(postItems, eq(postItems.id, savedItems.item_id))
    .innerJoin(posts, eq(posts.id, postItems.post_id))
    .where(savedVisibleMatching(profileId, q));
  return Number(row?.value ?? 0);
}
