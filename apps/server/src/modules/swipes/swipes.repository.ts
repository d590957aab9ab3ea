import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { descNullsLast } from '../../db/order.ts';
import { type NewSwipeEventRow, type SwipeEventRow, swipeEvents } from '../../db/schema/index.ts';

/** The only place with SQL for `swipe_events`. */

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
