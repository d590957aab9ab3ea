import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { blockedBetween } from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import { type Prepared, preparedFor } from '../../db/prepared.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  type ACTIVITY_KINDS,
  activityGroups,
  activityItems,
  activityKindsOff,
  activityMutes,
  comments,
  follows,
  postMedia,
  posts,
  profiles,
} from '../../db/schema/index.ts';
import type { KeysetPosition } from '../../lib/keyset-cursor.ts';
import type { AuthorRow } from '../posts/posts.repository.ts';

/**
 * The only place with SQL for `activity_items`, `activity_groups` (which the database keeps in step with
 * the items by itself: see the schema), the kinds people turned off and their mutes. Whether an
 * item is recorded is decided by the service (`ActivityService.record`) with `recordingAllowed`; the
 * inserts take the transaction of the action that causes the item.
 */

/** The UTC day of now, the window within which likes of a post (and follows) fold into one group. */
const today = sql`to_char(now() at time zone 'UTC', 'YYYY-MM-DD')`;

const notBlocked = (recipient: SQL, actor: SQL) => sql`not ${blockedBetween(recipient, actor)}`;

async function recipientsOf(db: Db, statement: SQL): Promise<string[]> {
  return rowsOf<{ recipient_id: string }>(await db.execute(statement)).map((row) => row.recipient_id);
}

export type ActivityKindValue = (typeof ACTIVITY_KINDS)[number];

/** One item to record: who for, who did it, what it hangs on, and how it groups. */
export interface ActivityCandidate {
  recipientId: string;
  actorId: string;
  kind: ActivityKindValue;
  postId?: string | null;
  likedPostId?: string;
  commentId?: string;
  likedCommentId?: string;
  followId?: string;
  messageId?: string;
  conversationId?: string;
  /** The group's name; `daily` adds the UTC day of now to it (likes and follows fold per day). */
  group: string;
  daily?: boolean;
}

/**
 * Whether an item of `kind` by `actor` may be recorded for `recipient`: no block between the two (either
 * way), the recipient has not turned the kind off and has not muted the actor. As SQL, so a bulk insert
 * (mentions) follows the same rule as `recordingAllowed`.
 */
function recordingAllowedFor(recipient: SQL, actor: SQL, kind: ActivityKindValue): SQL {
  return sql`(${notBlocked(recipient, actor)}
    and not exists (select 1 from ${activityKindsOff} o
      where o.profile_id = ${recipient} and o.kind = ${kind})
    and not exists (select 1 from ${activityMutes} m
      where m.muter_id = ${recipient} and m.muted_id = ${actor}))`;
}

/** `recordingAllowedFor` for one recipient and actor. One query. */
export async function recordingAllowed(
  db: Db,
  recipientId: string,
  actorId: string,
  kind: ActivityKindValue,
): Promise<boolean> {
  const [row] = rowsOf<{ allowed: boolean }>(
    await db.execute(
      sql`select ${recordingAllowedFor(sql`${recipientId}::uuid`, sql`${actorId}::uuid`, kind)} as allowed`,
    ),
  );
  return row?.allowed === true;
}

/** Inserts the item; answers its recipient, or nobody when it already existed. */
export async function insertItem(db: Db, item: ActivityCandidate): Promise<string[]> {
  const rows = await db
    .insert(activityItems)
    .values({
      recipient_id: item.recipientId,
      actor_id: item.actorId,
      kind: item.kind,
      post_id: item.postId ?? null,
      liked_post_id: item.likedPostId ?? null,
      comment_id: item.commentId ?? null,
      liked_comment_id: item.likedCommentId ?? null,
      follow_id: item.followId ?? null,
      message_id: item.messageId ?? null,
      conversation_id: item.conversationId ?? null,
      group_key: item.daily ? sql`${item.group} || ':' || ${today}` : item.group,
    })
    .onConflictDoNothing()
    .returning({ recipient_id: activityItems.recipient_id });
  return rows.map((row) => row.recipient_id);
}

/** The author of a post, or undefined when it is gone. */
export async function findPostAuthor(db: Db, postId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: posts.profile_id }).from(posts).where(eq(posts.id, postId));
  return row?.id;
}

/** A comment's author and post, or undefined when it is gone. */
export async function findCommentOwner(
  db: Db,
  commentId: string,
): Promise<{ authorId: string; postId: string } | undefined> {
  const [row] = await db
    .select({ authorId: comments.profile_id, postId: comments.post_id })
    .from(comments)
    .where(eq(comments.id, commentId));
  return row;
}

/** The id of the follow of `followerId` to `followingId`, or undefined. */
export async function findFollowId(
  db: Db,
  followerId: string,
  followingId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: follows.id })
    .from(follows)
    .where(and(eq(follows.follower_id, followerId), eq(follows.following_id, followingId)));
  return row?.id;
}

/**
 * `actorId` mentioned these usernames (lower-cased) in the caption of `postId`, or in `commentId` on it:
 * a 'mention' item for each person named, except the writer, anyone a block stands between with the
 * writer, anyone who turned mentions off or muted the writer (`recordingAllowedFor`, the rule every
 * item follows), and anyone who may not see the post (hidden, or a block with its author). A person who
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
        and ${recordingAllowedFor(sql`pr.id`, actor, 'mention')}
        and (p.visibility = 'public' or p.profile_id = pr.id)
        and ${notBlocked(sql`pr.id`, sql`p.profile_id`)}
      on conflict do nothing
      returning recipient_id`,
  );
}

export interface ActivityGroupRow {
  id: string;
  kind: ActivityKindValue;
  latest: Date;
  actor_ids: string[];
  actor_count: number;
  post_id: string | null;
  post_thumbnail_url: string | null;
  post_media_type: 'image' | 'video' | null;
  comment_id: string | null;
  comment_body: string | null;
  conversation_id: string | null;
  read: boolean;
}

/*
 * The list's queries run as prepared statements (db/prepared.ts), as the feed's do.
 */

type RawGroupRow = Omit<ActivityGroupRow, 'latest' | 'actor_count'> & {
  latest: Date | string;
  actor_count: number | string;
  items: number | string;
};

const pageStatements = new WeakMap<Db, Map<string, Prepared<RawGroupRow>>>();

/**
 * A page of the recipient's activity groups, newest first, continuing after `after` (the newest item of
 * the last group shown). A group names its newest `actorsShown` people.
 *
 * The groups come from `activity_groups` in index order (recipient, latest_at desc, latest_id desc), and
 * only the groups of the page have their items folded (a lateral aggregate over
 * activity_items_recipient_group_idx), so a page costs what its groups hold, not the person's whole
 * history. The rows of activity_groups already leave out what a block hides (their latest item is the
 * newest visible one); the aggregate applies the same rule again, and a group left with no visible item
 * (never, while the triggers hold) is skipped without ending the page early.
 */
export async function findActivityPage(
  db: Db,
  recipientId: string,
  after: KeysetPosition | undefined,
  limit: number,
  actorsShown: number,
): Promise<ActivityGroupRow[]> {
  const shown = Math.max(1, Math.trunc(actorsShown));
  const withCursor = after !== undefined;
  const name = `activity_page_${shown}${withCursor ? '_after' : ''}`;
  const statement = preparedFor(pageStatements, db, name, () => {
    const g = activityGroups;
    const a = activityItems;
    const newestFirst = sql`${a.created_at} desc, ${a.id} desc`;
    // Its columns are named apart from the joined tables' (drizzle writes them unqualified outside).
    const folded = db
      .select({
        kind: sql<ActivityKindValue>`min(${a.kind})`.as('folded_kind'),
        actor_ids: sql<
          string[]
        >`(array_agg(${a.actor_id} order by ${newestFirst}))[1:${sql.raw(String(shown))}]`.as(
          'folded_actor_ids',
        ),
        actor_count: sql<number>`count(distinct ${a.actor_id})::int`.as('folded_actor_count'),
        post_id: sql<string | null>`(array_agg(${a.post_id}))[1]`.as('folded_post_id'),
        comment_id: sql<string | null>`(array_agg(coalesce(${a.comment_id}, ${a.liked_comment_id})))[1]`.as(
          'folded_comment_id',
        ),
        conversation_id: sql<string | null>`(array_agg(${a.conversation_id}))[1]`.as(
          'folded_conversation_id',
        ),
        read: sql<boolean>`bool_and(${a.read_at} is not null)`.as('folded_read'),
        items: sql<number>`count(*)::int`.as('folded_items'),
      })
      .from(a)
      .where(
        and(
          eq(a.recipient_id, g.recipient_id),
          eq(a.group_key, g.group_key),
          notBlocked(sql`${a.recipient_id}`, sql`${a.actor_id}`),
        ),
      )
      .as('folded');
    return db
      .select({
        id: g.latest_id,
        latest: g.latest_at,
        kind: folded.kind,
        actor_ids: folded.actor_ids,
        actor_count: folded.actor_count,
        post_id: folded.post_id,
        comment_id: folded.comment_id,
        conversation_id: folded.conversation_id,
        read: folded.read,
        items: folded.items,
        post_thumbnail_url: sql<string | null>`(select coalesce(
            (select v->>'url' from ${postMedia} m, jsonb_array_elements(m.variants) v
              where m.post_id = ${posts.id} and m.media_type = 'image'
              order by m.media_order, (v->>'width')::int limit 1),
            ${posts.media_url}))`,
        post_media_type: posts.media_type,
        comment_body: comments.body,
      })
      .from(g)
      .innerJoinLateral(folded, sql`true`)
      .leftJoin(posts, eq(posts.id, folded.post_id))
      .leftJoin(comments, eq(comments.id, folded.comment_id))
      .where(
        and(
          eq(g.recipient_id, sql.placeholder('recipientId')),
          sql`${folded.items} > 0`,
          withCursor
            ? sql`(${g.latest_at}, ${g.latest_id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
            : undefined,
        ),
      )
      .orderBy(
        // As the index is (drizzle writes `desc nulls last`), so the index gives the order.
        sql`${g.latest_at} desc nulls last`,
        sql`${g.latest_id} desc nulls last`,
      )
      .limit(sql.placeholder('limit'))
      .prepare(name) as unknown as Prepared<RawGroupRow>;
  });
  const rows = await statement.execute({
    recipientId,
    afterAt: after?.createdAt.toISOString(),
    afterId: after?.id,
    limit,
  });
  return rows.map(({ items: _items, ...row }) => ({
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

const unreadStatements = new WeakMap<Db, Map<string, Prepared<{ value: number | string }>>>();

/**
 * How many groups of the recipient's activity hold an unread item they may see: the rows of
 * activity_groups with unread items (a partial index holds only those).
 */
export async function countUnreadGroups(db: Db, recipientId: string): Promise<number> {
  const statement = preparedFor(unreadStatements, db, 'activity_unread_groups', () =>
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(activityGroups)
      .where(
        and(
          eq(activityGroups.recipient_id, sql.placeholder('recipientId')),
          sql`${activityGroups.unread_count} > 0`,
        ),
      )
      .prepare('activity_unread_groups'),
  );
  const [row] = await statement.execute({ recipientId });
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
    | { commentLike: { commentId: string; actorId: string } }
    | { comment: string }
    | { message: string }
    | { post: string }
    | { follow: { followerId: string; followingId: string } },
): Promise<string[]> {
  let which: SQL;
  if ('like' in cause) {
    which = sql`liked_post_id = ${cause.like.postId}::uuid and actor_id = ${cause.like.actorId}::uuid`;
  } else if ('commentLike' in cause) {
    which = sql`liked_comment_id = ${cause.commentLike.commentId}::uuid
      and actor_id = ${cause.commentLike.actorId}::uuid`;
  } else if ('comment' in cause) {
    // A comment's replies go with it, and the likes of both.
    const thread = sql`(select id from ${comments}
      where id = ${cause.comment}::uuid or parent_id = ${cause.comment}::uuid)`;
    which = sql`(comment_id in ${thread} or liked_comment_id in ${thread})`;
  } else if ('message' in cause) {
    which = sql`message_id = ${cause.message}::uuid`;
  } else if ('post' in cause) {
    // Everything about the post: its likes, comments, replies and comment likes.
    which = sql`post_id = ${cause.post}::uuid`;
  } else {
    which = sql`follow_id in (select id from ${follows}
      where follower_id = ${cause.follow.followerId}::uuid and following_id = ${cause.follow.followingId}::uuid)`;
  }
  return recipientsOf(db, sql`delete from ${activityItems} where ${which} returning recipient_id`);
}
