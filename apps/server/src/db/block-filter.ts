import { is, Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { blocks } from './schema/moderation.ts';

/**
 * The one place that says what a block hides; every repository and service asks it. A block works both
 * ways: when either of two profiles has blocked the other, neither sees the other's profile, posts,
 * products, albums, comments, followers or messages, nor can like, save, comment on, follow or message
 * them. Each side is its own index lookup (the primary key, then blocks_blocked_id_blocker_id_idx); a list
 * asks them per row only when its viewer is in a block at all (blockedBetweenViewer), so the many viewers
 * who blocked nobody and whom nobody blocked pay two probes per statement, not two per row.
 *
 * - Lists filter their rows with `notBlockedFor(viewer, <owner column>)`, or with `visibleTo` when the
 *   rows may also be private (public or the viewer's own, and no block).
 * - A single thing is read or acted on after `refuseIfBlocked` (or with `blockedBetween` selected next to
 *   it): across a block it is 'not found', as if it did not exist, and following or messaging the person
 *   is forbidden.
 *
 * src/modules/moderation/moderation.blocks.test.ts asks every route both ways round, and fails for a new
 * route until it says what a block does to it.
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

/** True when `profileId` has blocked someone or someone has blocked them. */
export function inAnyBlock(profileId: ProfileRef): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${blocks} where ${blocks.blocker_id} = ${ref(profileId)}) or exists (select 1 from ${blocks} where ${blocks.blocked_id} = ${ref(profileId)}))`;
}

/**
 * `blockedBetween(viewerId, other)` for rows of a list, asked per row only when the viewer is in a block
 * at all. With the viewer given as a value or a statement's placeholder, `inAnyBlock` is one subquery
 * PostgreSQL runs once per statement (an InitPlan), so the many viewers in no block pay two index probes
 * per statement instead of two per row (per post of a page, per comment counted). A viewer given as a
 * column would make it a probe per row: that is `blockedBetween` as it is.
 */
export function blockedBetweenViewer(viewerId: ProfileRef, other: ProfileRef): SQL<boolean> {
  if (typeof viewerId !== 'string' && !is(viewerId, Placeholder)) return blockedBetween(viewerId, other);
  return sql<boolean>`(${inAnyBlock(viewerId)} and ${blockedBetween(viewerId, other)})`;
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
  return sql<boolean>`not ${blockedBetweenViewer(viewerId, authorId)}`;
}

/**
 * What `viewerId` may see of content owned by `ownerId` (a column): what `isPublic` says is public, or
 * their own, and nothing across a block. Visitors (null) see what is public.
 */
export function visibleTo(
  viewerId: ProfileRef | null | undefined,
  ownerId: ProfileRef,
  isPublic: SQL,
): SQL<boolean> {
  if (viewerId === null || viewerId === undefined) return sql<boolean>`(${isPublic})`;
  return sql<boolean>`((${isPublic}) or ${ref(ownerId)} = ${ref(viewerId)}) and not ${blockedBetweenViewer(viewerId, ownerId)}`;
}

/** Whether either profile has blocked the other: the check before a follow, a conversation or a message. */
export async function isBlockedBetween(db: Db, a: string, b: string): Promise<boolean> {
  const result = await db.execute(sql`select ${blockedBetween(a, b)} as blocked`);
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  return Boolean((rows[0] as { blocked?: boolean } | undefined)?.blocked);
}

/**
 * The guard before a single read or write of `ownerId`'s thing by `viewerId`: throws `refusal()` (usually
 * the thing's 'not found') when a block stands between them. Visitors and the owner themself pass.
 */
export async function refuseIfBlocked(
  db: Db,
  viewerId: string | null,
  ownerId: string,
  refusal: () => Error,
): Promise<void> {
  if (viewerId === null || viewerId === ownerId) return;
  if (await isBlockedBetween(db, viewerId, ownerId)) throw refusal();
}
