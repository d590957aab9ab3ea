import { inArray, type SQL, sql } from 'drizzle-orm';
import { blockedBetween } from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { activityItems, comments, follows, postMedia, posts, profiles } from '../../db/schema/index.ts';
import type { KeysetPosition } from '../../lib/keyset-cursor.ts';
import type { AuthorRow } from '../posts/posts.repository.ts';

/**
 * The only place with SQL for `activity_items`. The record* functions take the transaction of the
 * action that causes the item, and answer whom it was for (nobody when it was one's own action, a
 * block stands between the two, or the item already existed).
 */

/** The UTC day of now, the window within which likes of a post (and follows) fold into one group. */
const today = sql`to_char(now() at time zone 'UTC', 'YYYY-MM-DD')`;

const notBlocked = (recipient: SQL, actor: SQL) => sql`not ${blockedBetween(recipient, actor)}`;

async function recipientsOf(db: Db, statement: SQL): Promise<string[]> {
  return rowsOf<{ recipient_id: string }>(await db.execute(statement)).map((row) => row.recipient_id);
}

/** `actorId` liked the post: an item for its author. */
export function recordLike(db: Db, postId: string, actorId: string): Promise<string[]> {
  return recipientsOf(
    db,
    sql`insert into ${activityItems} (recipient_id, actor_id, kind, post_id, liked_post_id, group_key)
      select p.profile_id, ${actorId}::uuid, 'like', p.id, p.id, 'like:' || p.id || ':' || ${today}
      from ${posts} p
      where p.id = ${postId}::uuid and p.profile_id <> ${actorId}::uuid
        and ${notBlocked(sql`p.profile_id`, sql`${actorId}::uuid`)}
      on conflict do nothing
      returning recipient_id`,
  );
}

/**
 * A comment was written: a 'reply' item for the author of the comment it answers (when it answers one),
 * and a 'comment' item for the post's author unless they are that person.
 */
export async function recordComment(
  db: Db,
  comment: { id: string; postId: string; actorId: string; repliedToAuthorId: string | null },
): Promise<string[]> {
  const actor = sql`${comment.actorId}::uuid`;
  const replied = comment.repliedToAuthorId ? sql`${comment.repliedToAuthorId}::uuid` : sql`null::uuid`;
  const reply = comment.repliedToAuthorId
    ? await recipientsOf(
        db,
        sql`insert into ${activityItems} (recipient_id, actor_id, kind, post_id, comment_id, group_key)
          select ${replied}, ${actor}, 'reply', ${comment.postId}::uuid, ${comment.id}::uuid,
            'reply:' || ${comment.id}
          where ${replied} <> ${actor} and ${notBlocked(replied, actor)}
          on conflict do nothing
          returning recipient_id`,
      )
    : [];
  const onPost = await recipientsOf(
    db,
    sql`insert into ${activityItems} (recipient_id, actor_id, kind, post_id, comment_id, group_key)
      select p.profile_id, ${actor}, 'comment', p.id, ${comment.id}::uuid, 'comment:' || ${comment.id}
      from ${posts} p
      where p.id = ${comment.postId}::uuid and p.profile_id <> ${actor}
        and p.profile_id is distinct from ${replied}
        and ${notBlocked(sql`p.profile_id`, actor)}
      on conflict do nothing
      returning recipient_id`,
  );
  return [...reply, ...onPost];
}

/** `followerId` followed `followingId` (the follow row exists): an item for the person followed. */
export function recordFollow(db: Db, followerId: string, followingId: string): Promise<string[]> {
  return recipientsOf(
    db,
    sql`insert into ${activityItems} (recipient_id, actor_id, kind, follow_id, group_key)
      select f.following_id, f.follower_id, 'follow', f.id, 'follow:' || ${today}
      from ${follows} f
      where f.follower_id = ${followerId}::uuid and f.following_id = ${followingId}::uuid
        and ${notBlocked(sql`f.following_id`, sql`f.follower_id`)}
      on conflict do nothing
      returning recipient_id`,
  );
}

/**
 * `actorId` mentioned these usernames (lower-cased) in the caption of `postId`, or in `commentId` on it:
 * a 'mention' item for each person named, except the writer, anyone a block stands between with the
 * writer, and anyone who may not see the post (hidden, or a block with its author). A person who
 * already has an item for this caption or comment (a caption edited again, the post's author hearing of
 * the comment anyway) gets none: the unique keys answer the conflict.
 */
export function recordMentions(
  db: Db,
  mention: { postId: string; commentId: string | null; actorId: string; usernames: readonly string[] },
): Promise<string[]> {
  if (mention.usernames.length === 0) return Promise.resolve([]);
  const actor = sql`${mention.actorId}::uuid`;
  const commentId = mention.commentId ? sql`${mention.commentId}::uuid` : sql`null::uuid`;
  const names = sql.join(
    mention.usernames.map((name) => sql`${name.toLowerCase()}`),
    sql`, `,
  );
  const groupKey = mention.commentId
    ? sql`'mention:comment:' || ${mention.commentId}`
    : sql`'mention:post:' || p.id`;
  return recipientsOf(
    db,
    sql`insert into ${activityItems} (recipient_id, actor_id, kind, post_id, comment_id, group_key)
      select pr.id, ${actor}, 'mention', p.id, ${commentId}, ${groupKey}
      from ${profiles} pr
      join ${posts} p on p.id = ${mention.postId}::uuid
      where lower(pr.username) in (${names}) and pr.id <> ${actor}
        and ${notBlocked(sql`pr.id`, actor)}
        and (p.visibility = 'public' or p.profile_id = pr.id)
        and ${notBlocked(sql`pr.id`, sql`p.profile_id`)}
      on conflict do nothing
      returning recipient_id`,
  );
}

/** The items `recipientId` may see: nothing from a person they blocked or who blocked them. */
const visibleItemsOf = (recipientId: string) =>
  sql`a.recipient_id = ${recipientId}::uuid and ${notBlocked(sql`a.recipient_id`, sql`a.actor_id`)}`;

export interface ActivityGroupRow {
  id: string;
  kind: 'like' | 'comment' | 'reply' | 'follow' | 'mention';
  latest: Date;
  actor_ids: string[];
  actor_count: number;
  post_id: string | null;
  post_thumbnail_url: string | null;
  post_media_type: 'image' | 'video' | null;
  comment_id: string | null;
  comment_body: string | null;
  read: boolean;
}

/**
 * A page of the recipient's activity groups, newest first, continuing after `after` (the newest item of
 * the last group shown). A group names its newest `actorsShown` people.
 */
export async function findActivityPage(
  db: Db,
  recipientId: string,
  after: KeysetPosition | undefined,
  limit: number,
  actorsShown: number,
): Promise<ActivityGroupRow[]> {
  const older = after
    ? sql`where (g.latest, g.id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const rows = rowsOf<ActivityGroupRow & { latest: Date | string; actor_count: number | string }>(
    await db.execute(sql`
      select g.*,
        (select coalesce(
            (select v->>'url' from ${postMedia} m, jsonb_array_elements(m.variants) v
              where m.post_id = p.id and m.media_type = 'image'
              order by m.media_order, (v->>'width')::int limit 1),
            p.media_url)) as post_thumbnail_url,
        p.media_type as post_media_type,
        c.body as comment_body
      from (
        select (array_agg(a.id order by a.created_at desc, a.id desc))[1] as id,
          min(a.kind) as kind,
          max(a.created_at) as latest,
          (array_agg(a.actor_id order by a.created_at desc, a.id desc))[1:${sql.raw(String(Math.trunc(actorsShown)))}] as actor_ids,
          count(*)::int as actor_count,
          (array_agg(a.post_id))[1] as post_id,
          (array_agg(a.comment_id))[1] as comment_id,
          bool_and(a.read_at is not null) as read
        from ${activityItems} a
        where ${visibleItemsOf(recipientId)}
        group by a.group_key
      ) g
      left join ${posts} p on p.id = g.post_id
      left join ${comments} c on c.id = g.comment_id
      ${older}
      order by g.latest desc, g.id desc
      limit ${limit}`),
  );
  return rows.map((row) => ({
    ...row,
    latest: new Date(row.latest),
    actor_count: Number(row.actor_count),
  }));
}

/** The profiles of these ids, for the people an activity page names. */
export async function findActors(db: Db, ids: readonly string[]): Promise<Map<string, AuthorRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      display_name: profiles.display_name,
      avatar_url: profiles.avatar_url,
    })
    .from(profiles)
    .where(inArray(profiles.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** How many groups of the recipient's activity hold an unread item. */
export async function countUnreadGroups(db: Db, recipientId: string): Promise<number> {
  const [row] = rowsOf<{ value: number | string }>(
    await db.execute(sql`
      select count(distinct a.group_key)::int as value from ${activityItems} a
      where ${visibleItemsOf(recipientId)} and a.read_at is null`),
  );
  return Number(row?.value ?? 0);
}

/** Marks read the recipient's items that happened up to `before`; answers how many changed. */
export async function markRead(db: Db, recipientId: string, before: Date | undefined): Promise<number> {
  const upTo = before ? sql`${before.toISOString()}::timestamptz` : sql`now()`;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update ${activityItems} set read_at = now()
      where recipient_id = ${recipientId}::uuid and read_at is null and created_at <= ${upTo}
      returning id`),
  );
  return rows.length;
}

/**
 * Marks read the recipient's items of the group `itemId` belongs to; answers how many changed, or null
 * when the item is not the recipient's (or does not exist).
 */
export async function markGroupRead(db: Db, recipientId: string, itemId: string): Promise<number | null> {
  const [row] = rowsOf<{ found: boolean; changed: number | string }>(
    await db.execute(sql`
      with item as (
        select group_key from ${activityItems}
        where id = ${itemId}::uuid and recipient_id = ${recipientId}::uuid
      ), changed as (
        update ${activityItems} set read_at = now()
        where recipient_id = ${recipientId}::uuid and read_at is null
          and group_key = (select group_key from item)
        returning id
      )
      select exists (select 1 from item) as found, (select count(*) from changed)::int as changed`),
  );
  return row?.found ? Number(row.changed) : null;
}

/**
 * Deletes the items that hang on an action about to be undone (the database would delete them with
 * it; deleting them first tells whose count changed). Answers their recipients.
 */
export function withdrawItems(
  db: Db,
  cause:
    | { like: { postId: string; actorId: string } }
    | { comment: string }
    | { follow: { followerId: string; followingId: string } },
): Promise<string[]> {
  let which: SQL;
  if ('like' in cause) {
    which = sql`liked_post_id = ${cause.like.postId}::uuid and actor_id = ${cause.like.actorId}::uuid`;
  } else if ('comment' in cause) {
    // A comment's replies go with it.
    which = sql`comment_id in (select id from ${comments}
      where id = ${cause.comment}::uuid or parent_id = ${cause.comment}::uuid)`;
  } else {
    which = sql`follow_id in (select id from ${follows}
      where follower_id = ${cause.follow.followerId}::uuid and following_id = ${cause.follow.followingId}::uuid)`;
  }
  return recipientsOf(db, sql`delete from ${activityItems} where ${which} returning recipient_id`);
}
