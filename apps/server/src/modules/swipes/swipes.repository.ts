import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { descNullsLast } from '../../db/order.ts';
import {
  type NewSwipeEventRow,
  type SwipeEventRow,
  type SwipePreferenceAdjustmentRow,
  swipeEvents,
  swipePreferenceAdjustments,
} from '../../db/schema/index.ts';

/** The only place with SQL for `swipe_events` and `swipe_preference_adjustments`. */

/**
 * Stores the events that are not stored yet: an event already there (same profile, outfit and time) is
 * left alone, whether it came in an earlier request or twice in this one. Returns how many were new.
 */
export async function insertSwipeEvents(db: Db, rows: readonly NewSwipeEventRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(swipeEvents)
    .values([...rows])
    .onConflictDoNothing({ target: [swipeEvents.profile_id, swipeEvents.outfit_id, swipeEvents.created_at] })
    .returning({ id: swipeEvents.id });
  return inserted.length;
}

/** The profile's newest events, newest first. */
export async function findRecentSwipeEvents(
  db: Db,
  profileId: string,
  limit: number,
): Promise<SwipeEventRow[]> {
  return db
    .select()
    .from(swipeEvents)
    .where(eq(swipeEvents.profile_id, profileId))
    .orderBy(descNullsLast(swipeEvents.created_at), descNullsLast(swipeEvents.id))
    .limit(limit);
}

export async function deleteSwipeEvents(db: Db, profileId: string): Promise<number> {
  const deleted = await db
    .delete(swipeEvents)
    .where(eq(swipeEvents.profile_id, profileId))
    .returning({ id: swipeEvents.id });
  return deleted.length;
}

/** The profile's adjustments and removals of learned values. */
export async function findPreferenceAdjustments(
  db: Db,
  profileId: string,
): Promise<SwipePreferenceAdjustmentRow[]> {
  return db
    .select()
    .from(swipePreferenceAdjustments)
    .where(eq(swipePreferenceAdjustments.profile_id, profileId));
}

type AdjustmentTarget = Pick<SwipePreferenceAdjustmentRow, 'profile_id' | 'dimension' | 'key'>;

/** Sets (or clears, with null) the 'more/less like this' of one value, keeping its removal time. */
export async function upsertPreferenceAdjustment(
  db: Db,
  target: AdjustmentTarget,
  adjustment: SwipePreferenceAdjustmentRow['adjustment'],
): Promise<void> {
  await db
    .insert(swipePreferenceAdjustments)
    .values({ ...target, adjustment })
    .onConflictDoUpdate({
      target: [
        swipePreferenceAdjustments.profile_id,
        swipePreferenceAdjustments.dimension,
        swipePreferenceAdjustments.key,
      ],
      set: { adjustment, updated_at: sql`now()` },
    });
}

/** Removes one value: forgets its adjustment and stamps the time up to which swipes no longer teach it. */
export async function markPreferenceRemoved(db: Db, target: AdjustmentTarget): Promise<void> {
  await db
    .insert(swipePreferenceAdjustments)
    .values({ ...target, adjustment: null, removed_at: sql`now()` })
    .onConflictDoUpdate({
      target: [
        swipePreferenceAdjustments.profile_id,
        swipePreferenceAdjustments.dimension,
        swipePreferenceAdjustments.key,
      ],
      set: { adjustment: null, removed_at: sql`now()`, updated_at: sql`now()` },
    });
}

export async function deletePreferenceAdjustments(db: Db, profileId: string): Promise<void> {
  await db.delete(swipePreferenceAdjustments).where(eq(swipePreferenceAdjustments.profile_id, profileId));
}
