import type { ActivityKind } from '@sys/shared';
import { and, eq, sql } from 'drizzle-orm';
import { blockedBetween } from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  activityItems,
  comments,
  profiles,
  pushedActivityItems,
  pushSubscriptions,
} from '../../db/schema/index.ts';

/** The only place with SQL for `push_subscriptions` and `pushed_activity_items`. */

export interface SubscriptionRow {
  endpoint: string;
  profile_id: string;
  p256dh: string;
  auth: string;
  language: 'en' | 'he';
}

/** Keeps the device's subscription for `profileId`; an endpoint someone else had moves to them. */
export async function upsertSubscription(db: Db, row: SubscriptionRow): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        profile_id: row.profile_id,
        p256dh: row.p256dh,
        auth: row.auth,
        language: row.language,
        created_at: sql`now()`,
      },
    });
}

/** Removes `profileId`'s subscription of this endpoint; answers whether there was one. */
export async function deleteOwnSubscription(db: Db, profileId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.profile_id, profileId)))
    .returning({ endpoint: pushSubscriptions.endpoint });
  return rows.length > 0;
}

/** The push service said the subscription is gone (404/410). */
export async function deleteEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function findSubscriptions(db: Db, profileId: string): Promise<SubscriptionRow[]> {
  return db
    .select({
      endpoint: pushSubscriptions.endpoint,
      profile_id: pushSubscriptions.profile_id,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      language: pushSubscriptions.language,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.profile_id, profileId));
}

export interface ClaimedItemRow {
  id: string;
  kind: ActivityKind;
  post_id: string | null;
  conversation_id: string | null;
  actor_username: string;
  actor_display_name: string | null;
  comment_body: string | null;
  /** The Activity group the item belongs to ("like:{post}:{day}"...): one notification per group. */
  group_key: string;
  /** The other people of the group, as the Activity list counts them ("and 3 others"). */
  others: number | string;
}

/**
 * Claims the recipient's items not pushed yet: unread, recorded in the last `withinSeconds`, from nobody
 * across a block. An item is claimed once (its row in pushed_activity_items), whichever instance asks.
 */
export async function claimNewItems(
  db: Db,
  recipientId: string,
  withinSeconds: number,
): Promise<ClaimedItemRow[]> {
  return rowsOf<ClaimedItemRow>(
    await db.execute(sql`
      with claimed as (
        insert into ${pushedActivityItems} (item_id)
        select a.id from ${activityItems} a
        where a.recipient_id = ${recipientId}::uuid and a.read_at is null
          and a.created_at > now() - make_interval(secs => ${withinSeconds})
          and not ${blockedBetween(sql`a.recipient_id`, sql`a.actor_id`)}
        on conflict do nothing
        returning item_id
      )
      select a.id, a.kind, a.post_id, a.conversation_id, p.username as actor_username,
        p.display_name as actor_display_name, c.body as comment_body, a.group_key,
        (select count(distinct o.actor_id)::int from ${activityItems} o
          where o.recipient_id = a.recipient_id and o.group_key = a.group_key and o.actor_id <> a.actor_id
            and not ${blockedBetween(sql`o.recipient_id`, sql`o.actor_id`)}) as others
      from claimed k
      join ${activityItems} a on a.id = k.item_id
      join ${profiles} p on p.id = a.actor_id
      left join ${comments} c on c.id = coalesce(a.comment_id, a.liked_comment_id)
      order by a.created_at, a.id`),
  );
}
