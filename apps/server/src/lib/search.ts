import { or, type SQL, sql } from 'drizzle-orm';
import { postItems, posts } from '../db/schema/index.ts';

/**
 * The search boxes of the wishlist, albums and messages: case-insensitive substring search (as the
 * spec's filter boxes). `%`, `_` and `\` typed by the user are matched literally.
 */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A post matches a search when its caption, or one of its items' brand, title or type, contains the
 * text. Shared by every list of posts that can be searched (saved posts, an album's posts).
 */
export function postMatchesSearch(q: string): SQL {
  const pattern = containsPattern(q);
  return or(
    sql`${posts.caption} ilike ${pattern}`,
    sql`exists (select 1 from ${postItems} where ${postItems.post_id} = ${posts.id} and (${postItems.brand} ilike ${pattern} or ${postItems.title} ilike ${pattern} or ${postItems.item_type} ilike ${pattern}))`,
  ) as SQL;
}
