import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  type ACTIVITY_SETTING_KINDS,
  activityKindsOff,
  activityMutes,
  profiles,
} from '../../db/schema/index.ts';
import type { KeysetPosition } from '../../lib/keyset-cursor.ts';
import type { AuthorRow } from '../posts/posts.repository.ts';

/** The SQL for what a person chose about their activity: the kinds turned off and the people muted. */

export type ActivitySettingKindValue = (typeof ACTIVITY_SETTING_KINDS)[number];

/** The kinds `profileId` turned off. */
export async function findKindsOff(db: Db, profileId: string): Promise<ActivitySettingKindValue[]> {
  const rows = await db
    .select({ kind: activityKindsOff.kind })
    .from(activityKindsOff)
    .where(eq(activityKindsOff.profile_id, profileId));
  return rows.map((row) => row.kind);
}

/** Replaces the kinds `profileId` turned off with `off`, in one transaction. */
export async function replaceKindsOff(
  db: Db,
  profileId: string,
  off: readonly ActivitySettingKindValue[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(activityKindsOff).where(eq(activityKindsOff.profile_id, profileId));
    if (off.length > 0) {
      await tx
        .insert(activityKindsOff)
        .values(off.map((kind) => ({ profile_id: profileId, kind })))
        .onConflictDoNothing();
    }
  });
}

export async function insertMute(db: Db, muterId: string, mutedId: string): Promise<void> {
  await db.insert(activityMutes).values({ muter_id: muterId, muted_id: mutedId }).onConflictDoNothing();
}

export async function deleteMute(db: Db, muterId: string, mutedId: string): Promise<void> {
  await db
    .delete(activityMutes)
    .where(and(eq(activityMutes.muter_id, muterId), eq(activityMutes.muted_id, mutedId)));
}

export async function existsMute(db: Db, muterId: string, mutedId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: activityMutes.muted_id })
    .from(activityMutes)
    .where(and(eq(activityMutes.muter_id, muterId), eq(activityMutes.muted_id, mutedId)));
  return row !== undefined;
}

export interface MuteListRow {
  person: AuthorRow;
  mutedAt: Date;
}

/** The people `muterId` muted, most recent first, after `after`. */
export async function findMutesPage(
  db: Db,
  muterId: string,
  after: KeysetPosition | undefined,
  limit: number,
): Promise<MuteListRow[]> {
  const older: SQL | undefined = after
    ? sql`(${activityMutes.created_at}, ${activityMutes.muted_id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select({
      person: {
        id: profiles.id,
        username: profiles.username,
        display_name: profiles.display_name,
        avatar_url: profiles.avatar_url,
      },
      mutedAt: activityMutes.created_at,
    })
    .from(activityMutes)
    .innerJoin(profiles, eq(profiles.id, activityMutes.muted_id))
    .where(and(eq(activityMutes.muter_id, muterId), older))
    .orderBy(desc(activityMutes.created_at), desc(activityMutes.muted_id))
    .limit(limit);
}
