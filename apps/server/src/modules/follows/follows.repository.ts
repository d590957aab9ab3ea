import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { notBlockedFor } from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import { descNullsLast } from '../../db/order.ts';
import { follows, profiles } from '../../db/schema/index.ts';
import type { KeysetPosition } from '../../lib/keyset-cursor.ts';
import type { AuthorRow } from '../posts/posts.repository.ts';

/** The only place with SQL for `follows`. Functions take the database or a transaction. */

/** Follows; false when the pair already existed (following again changes nothing). */
export async function insertFollow(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db
    .insert(follows)
    .values({ follower_id: followerId, following_id: followingId })
    .onConflictDoNothing()
    .returning({ id: follows.id });
  return rows.length > 0;
}

/** Unfollows; false when there was no such follow. */
export async function deleteFollow(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const rows = await db
    .delete(follows)
    .where(and(eq(follows.follower_id, followerId), eq(follows.following_id, followingId)))
    .returning({ id: follows.id });
  return rows.length > 0;
}

/** Deletes the follows between the two profiles, either way (a block ends them); the number deleted. */
export async function deleteFollowsBetween(db: Db, a: string, b: string): Promise<number> {
  const rows = await db
    .delete(follows)
    .where(
      sql`(${follows.follower_id} = ${a} and ${follows.following_id} = ${b}) or (${follows.follower_id} = ${b} and ${follows.following_id} = ${a})`,
    )
    .returning({ id: follows.id });
  return rows.length;
}

/** Whether either profile has blocked the other (then neither may follow the other). */
export { isBlockedBetween } from '../../db/block-filter.ts';

export async function existsFollow(db: Db, followerId: string, followingId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: follows.id })
    .from(follows)
    .where(and(eq(follows.follower_id, followerId), eq(follows.following_id, followingId)));
  return row !== undefined;
}

/** Which of `profileIds` `followerId` follows: one lookup on the (follower_id, following_id) index. */
export async function findFollowedAmong(
  db: Db,
  followerId: string,
  profileIds: readonly string[],
): Promise<string[]> {
  if (profileIds.length === 0) return [];
  const rows = await db
    .select({ id: follows.following_id })
    .from(follows)
    .where(and(eq(follows.follower_id, followerId), inArray(follows.following_id, [...profileIds])));
  return rows.map((row) => row.id);
}

export interface FollowListRow {
  followId: string;
  followedAt: Date;
  person: AuthorRow;
  viewerFollows: boolean;
}

type Side = 'followers' | 'following';

/**
 * A page of a profile's followers (who follows them) or following (whom they follow), newest follow
 * first, continuing strictly after `after`; with whether `viewerId` follows each person listed. Empty for
 * a viewer on the other side of a block from the profile, as its posts are.
 */
export async function findFollowPage(
  db: Db,
  side: Side,
  profileId: string,
  viewerId: string | null,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<FollowListRow[]> {
  const [listedSide, personSide] =
    side === 'followers'
      ? [follows.following_id, follows.follower_id]
      : [follows.follower_id, follows.following_id];
  const older: SQL | undefined = after
    ? sql`(${follows.created_at}, ${follows.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  const viewerFollows = viewerId
    ? sql<boolean>`exists (select 1 from ${follows} as mine where mine.follower_id = ${viewerId} and mine.following_id = ${profiles.id})`
    : sql<boolean>`false`;
  const rows = await db
    .select({
      followId: follows.id,
      followedAt: follows.created_at,
      person: {
        id: profiles.id,
        username: profiles.username,
        display_name: profiles.display_name,
        avatar_url: profiles.avatar_url,
      },
      viewerFollows,
    })
    .from(follows)
    .innerJoin(profiles, eq(profiles.id, personSide))
    // People who blocked the viewer, or whom the viewer blocked, are left out of every list.
    .where(
      and(
        eq(listedSide, profileId),
        older,
        notBlockedFor(viewerId, profileId),
        notBlockedFor(viewerId, profiles.id),
      ),
    )
    .orderBy(descNullsLast(follows.created_at), descNullsLast(follows.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, viewerFollows: Boolean(row.viewerFollows) }));
}

/**
 * Whom '@' + `prefix` may mean for `viewerId`: people whose username or display name starts with it
 * (ignoring case), people the viewer follows first, then by username; never the viewer, anyone without
 * a username, or anyone a block stands between with the viewer.
 */
export async function findMentionCandidates(
  db: Db,
  viewerId: string,
  prefix: string,
  limit: number,
): Promise<(AuthorRow & { username: string; following: boolean })[]> {
  const q = prefix.toLowerCase();
  const rows = await db
    .select({
      id: profiles.id,
      username: sql<string>`${profiles.username}`,
      display_name: profiles.display_name,
      avatar_url: profiles.avatar_url,
      following: sql<boolean>`${follows.id} is not null`,
    })
    .from(profiles)
    .leftJoin(follows, and(eq(follows.follower_id, viewerId), eq(follows.following_id, profiles.id)))
    .where(
      and(
        sql`${profiles.username} is not null`,
        sql`${profiles.id} <> ${viewerId}::uuid`,
        sql`(starts_with(lower(${profiles.username}), ${q}) or starts_with(lower(coalesce(${profiles.display_name}, '')), ${q}))`,
        notBlockedFor(viewerId, profiles.id),
      ),
    )
    .orderBy(sql`${follows.id} is null`, sql`lower(${profiles.username})`)
    .limit(limit);
  return rows.map((row) => ({ ...row, following: Boolean(row.following) }));
}
