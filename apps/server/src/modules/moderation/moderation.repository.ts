import type { ReportReason, ReportStatus, ReportTargetType } from '@sys/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { descNullsLast } from '../../db/order.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  authUsers,
  blocks,
  comments,
  posts,
  profiles,
  type ReportRow,
  reports,
} from '../../db/schema/index.ts';
import type { KeysetPosition } from '../../lib/keyset-cursor.ts';
import type { AuthorRow } from '../posts/posts.repository.ts';

/**
 * The only place with SQL for `blocks` and `reports`. The block filter the other repositories use is
 * `db/block-filter.ts`. Functions take the database or a transaction.
 */

// ---------------------------------------------------------------------------------------------------------
// Blocks
// ---------------------------------------------------------------------------------------------------------

/** Blocks; false when the block already existed. */
export async function insertBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .insert(blocks)
    .values({ blocker_id: blockerId, blocked_id: blockedId })
    .onConflictDoNothing()
    .returning({ id: blocks.blocked_id });
  return rows.length > 0;
}

/** Unblocks; false when there was no such block. */
export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .delete(blocks)
    .where(and(eq(blocks.blocker_id, blockerId), eq(blocks.blocked_id, blockedId)))
    .returning({ id: blocks.blocked_id });
  return rows.length > 0;
}

export interface BlockListRow {
  person: AuthorRow;
  blockedAt: Date;
}

/** The people `blockerId` blocked, most recent first, continuing after `after` (blocked_at, profile id). */
export async function findBlocksPage(
  db: Db,
  blockerId: string,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<BlockListRow[]> {
  const older: SQL | undefined = after
    ? sql`(${blocks.created_at}, ${blocks.blocked_id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select({
      person: {
        id: profiles.id,
        username: profiles.username,
        display_name: profiles.display_name,
        avatar_url: profiles.avatar_url,
      },
      blockedAt: blocks.created_at,
    })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.id, blocks.blocked_id))
    .where(and(eq(blocks.blocker_id, blockerId), older))
    .orderBy(descNullsLast(blocks.created_at), descNullsLast(blocks.blocked_id))
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------------------
// Reports
// ---------------------------------------------------------------------------------------------------------

/** Who owns a reportable thing and whether others may see it; undefined when there is no such thing. */
export interface ReportableRow {
  ownerId: string;
  /** A public post (or a comment on one), or a user whose account is not deleted. */
  isPublic: boolean;
  /** The post's owner (for a comment, the owner of the post it is on), who may see a private post. */
  postOwnerId: string | null;
}

export async function findReportable(
  db: Db,
  targetType: ReportTargetType,
  targetId: string,
): Promise<ReportableRow | undefined> {
  if (targetType === 'post') {
    const [row] = await db
      .select({ ownerId: posts.profile_id, visibility: posts.visibility })
      .from(posts)
      .where(eq(posts.id, targetId));
    return row && { ownerId: row.ownerId, isPublic: row.visibility === 'public', postOwnerId: row.ownerId };
  }
  if (targetType === 'comment') {
    const [row] = await db
      .select({ ownerId: comments.profile_id, visibility: posts.visibility, postOwnerId: posts.profile_id })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.post_id))
      .where(eq(comments.id, targetId));
    return (
      row && { ownerId: row.ownerId, isPublic: row.visibility === 'public', postOwnerId: row.postOwnerId }
    );
  }
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(authUsers, eq(authUsers.id, profiles.id))
    .where(and(eq(profiles.id, targetId), sql`${authUsers.deleted_at} is null`));
  return row && { ownerId: row.id, isPublic: true, postOwnerId: null };
}

export interface NewReport {
  reporter_id: string;
  target_type: ReportTargetType;
  target_id: string;
  target_profile_id: string;
  reason: ReportReason;
  note: string | null;
}

/** The new report; undefined when the reporter already reported this thing. */
export async function insertReport(db: Db, row: NewReport): Promise<ReportRow | undefined> {
  const [inserted] = await db.insert(reports).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function findReport(db: Db, id: string): Promise<ReportRow | undefined> {
  const [row] = await db.select().from(reports).where(eq(reports.id, id));
  return row;
}

export async function updateReportStatus(
  db: Db,
  id: string,
  status: ReportStatus,
): Promise<ReportRow | undefined> {
  const [row] = await db
    .update(reports)
    .set({ status, resolved_at: status === 'open' ? null : sql`now()` })
    .where(eq(reports.id, id))
    .returning();
  return row;
}

/** Marks every open report of the thing resolved (it was removed); the number of reports closed. */
export async function resolveOpenReportsOf(
  db: Db,
  targetType: ReportTargetType,
  targetId: string,
): Promise<number> {
  const rows = await db
    .update(reports)
    .set({ status: 'resolved', resolved_at: sql`now()` })
    .where(
      and(eq(reports.target_type, targetType), eq(reports.target_id, targetId), eq(reports.status, 'open')),
    )
    .returning({ id: reports.id });
  return rows.length;
}

/** A report for the review queue, with its reporter and what is left of its target. */
export interface AdminReportRow {
  report: ReportRow;
  reporter: AuthorRow;
  /** Null when the target is gone (removed, deleted by its author, or the account deleted). */
  target: { text: string | null; mediaUrl: string | null; postId: string | null; author: AuthorRow } | null;
}

interface RawAdminReportRow {
  id: string;
  reporter_id: string;
  target_type: ReportTargetType;
  target_id: string;
  target_profile_id: string | null;
  reason: string;
  note: string | null;
  status: ReportStatus;
  created_at: Date | string;
  resolved_at: Date | string | null;
  r_username: string | null;
  r_display_name: string | null;
  r_avatar_url: string | null;
  t_exists: boolean;
  t_text: string | null;
  t_media_url: string | null;
  t_post_id: string | null;
  a_id: string | null;
  a_username: string | null;
  a_display_name: string | null;
  a_avatar_url: string | null;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Reports with `status` (or all), newest first, continuing after `after`. Each row is one query: the
 * target is looked up in the table its type names, and its author by the target's current owner.
 */
export async function findAdminReportsPage(
  db: Db,
  options: { status: ReportStatus | 'all'; after?: KeysetPosition | undefined; limit: number },
): Promise<AdminReportRow[]> {
  const conditions: SQL[] = [sql`true`];
  if (options.status !== 'all') conditions.push(sql`r.status = ${options.status}`);
  if (options.after) {
    conditions.push(
      sql`(r.created_at, r.id) < (${options.after.createdAt.toISOString()}::timestamptz, ${options.after.id}::uuid)`,
    );
  }
  const result = await db.execute(sql`
    select r.id, r.reporter_id, r.target_type, r.target_id, r.target_profile_id, r.reason, r.note,
           r.status, r.created_at, r.resolved_at,
           rp.username as r_username, rp.display_name as r_display_name, rp.avatar_url as r_avatar_url,
           (p.id is not null or c.id is not null or (r.target_type = 'user' and up.id is not null)) as t_exists,
           coalesce(p.caption, c.body, up.bio) as t_text,
           coalesce(p.media_url, cp.media_url) as t_media_url,
           coalesce(p.id, cp.id) as t_post_id,
           a.id as a_id, a.username as a_username, a.display_name as a_display_name,
           a.avatar_url as a_avatar_url
    from ${reports} r
    join ${profiles} rp on rp.id = r.reporter_id
    left join ${posts} p on r.target_type = 'post' and p.id = r.target_id
    left join ${comments} c on r.target_type = 'comment' and c.id = r.target_id
    left join ${posts} cp on cp.id = c.post_id
    left join ${profiles} up on r.target_type = 'user' and up.id = r.target_id
    left join ${profiles} a on a.id = coalesce(p.profile_id, c.profile_id, up.id)
    where ${sql.join(conditions, sql` and `)}
    order by r.created_at desc nulls last, r.id desc nulls last
    limit ${options.limit}`);
  return rowsOf<RawAdminReportRow>(result).map((row) => ({
    report: {
      id: row.id,
      reporter_id: row.reporter_id,
      target_type: row.target_type,
      target_id: row.target_id,
      target_profile_id: row.target_profile_id,
      reason: row.reason,
      note: row.note,
      status: row.status,
      created_at: asDate(row.created_at),
      resolved_at: row.resolved_at === null ? null : asDate(row.resolved_at),
    },
    reporter: {
      id: row.reporter_id,
      username: row.r_username,
      display_name: row.r_display_name,
      avatar_url: row.r_avatar_url,
    },
    target:
      row.t_exists && row.a_id
        ? {
            text: row.t_text,
            mediaUrl: row.t_media_url,
            postId: row.t_post_id,
            author: {
              id: row.a_id,
              username: row.a_username,
              display_name: row.a_display_name,
              avatar_url: row.a_avatar_url,
            },
          }
        : null,
  }));
}
