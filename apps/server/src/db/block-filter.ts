import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { blocks } from './schema/moderation.ts';

/**
 * The one SQL fragment every repository uses to keep blocked people apart. A block works both ways: when
 * either of two profiles has blocked the other, neither sees the other's posts, comments, profile or
 * messages. Each side is its own index lookup (the primary key, then blocks_blocked_id_blocker_id_idx),
 * so a page pays two probes per row and nothing for a viewer who blocked nobody and whom nobody blocked.
 */

/** A profile id: a value, a prepared statement's placeholder, or a column of the query. */
export type ProfileRef = string | Placeholder | SQLWrapper;

const ref = (value: ProfileRef): SQL | Placeholder | SQLWrapper =>
  typeof value === 'string' ? sql`${value}::uuid` : value;

/** True when `blockerId` has blocked `blockedId` (one direction). */
export function hasBlocked(blockerId: ProfileRef, blockedId: ProfileRef): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blocker_id} = ${ref(blockerId)} and ${blocks.blocked_id} = ${ref(blockedId)})`;
}

/** True when a block stands between the two profiles, whoever made it. */
export function blockedBetween(a: ProfileRef, b: ProfileRef): SQL<boolean> {
  return sql<boolean>`(${hasBlocked(a, b)} or ${hasBlocked(b, a)})`;
}

/**
 * The condition that keeps the rows of `authorId` (a column) that `viewerId` may see: always for visitors
 * (undefined, so `and(...)` drops it), otherwise only when no block stands between them.
 */
export function notBlockedFor(
  viewerId: ProfileRef | null | undefined,
  authorId: ProfileRef,
): SQL<boolean> | undefined {
  if (viewerId === null || viewerId === undefined) return undefined;
  return sql<boolean>`not ${blockedBetween(viewerId, authorId)}`;
}

/** Whether either profile has blocked the other: the check before a follow, a conversation or a message. */
export async function isBlockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  const result = await db.execute(sql`select ${blockedBetween(a, b)} as blocked`);
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  return Boolean((rows[0] as { blocked?: boolean } | undefined)?.blocked);
}
