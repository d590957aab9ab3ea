import type { Post } from '@sys/shared';
import { and, asc, eq, inArray, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  blockedBetween,
  blockedBetweenViewer,
  inAnyBlock,
  notBlockedFor,
  visibleTo,
} from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import { type Prepared, preparedFor } from '../../db/prepared.ts';
import {
  comments,
  follows,
  type PostItemRow,
  type PostMediaRow,
  type PostRow,
  postItems,
  postLikes,
  postMedia,
  posts,
  profiles,
  savedItems,
  savedPosts,
} from '../../db/schema/index.ts';

/**
 * The reading SQL of `posts`, `post_media` and `post_items` (their writes are in posts.write.repository.ts).
 * Functions take the database or a transaction. A page of posts, or one post, is one statement whatever
 * its size: each post with its author, media, items, counts and the viewer's flags, written by PostgreSQL
 * as the API's JSON (postJson).
 */

export interface AuthorRow {
  id: string;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
}

/** A keyset position: the page continues with posts strictly older than this one. */
export interface PostKey {
  createdAt: Date;
  id: string;
}

/** The viewer of a list: an id, a prepared statement's placeholder for one, or nobody. */
type ViewerParam = string | Placeholder | null;

/**
 * `exists (select 1 from … where <condition>)`, evaluated as one index probe per row. Without `offset 0`
 * PostgreSQL may turn a correlated EXISTS into a hashed subplan that first reads every row of the viewer
 * (all their likes, saved posts or follows); in a prepared statement's generic plan it decides that for
 * an average viewer, so a viewer with 20,000 saved posts read all of them on every feed page: 7-10 ms
 * instead of 0.6 ms for the flags query on 100,000 posts (bench/RESULTS.md, section 2b). PostgreSQL
 * leaves an EXISTS with an OFFSET as written, so this costs a few probes of the (post, viewer) key per
 * post whoever the viewer is.
 */
function probe(table: SQLWrapper, condition: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${table} where ${condition} offset 0)`;
}

function postSelection(viewerId: ViewerParam) {
  // Scalar subqueries, not joins with GROUP BY: each is an index lookup on (post_id, ...) per post of the
  // page, and the page stays one query.
  const likedByMe = viewerId
    ? probe(postLikes, sql`${postLikes.post_id} = ${posts.id} and ${postLikes.profile_id} = ${viewerId}`)
    : sql<boolean>`false`;
  const savedByMe = viewerId
    ? probe(savedPosts, sql`${savedPosts.post_id} = ${posts.id} and ${savedPosts.profile_id} = ${viewerId}`)
    : sql<boolean>`false`;
  return {
    post: posts,
    author: {
      id: profiles.id,
      username: profiles.username,
      display_name: profiles.display_name,
      avatar_url: profiles.avatar_url,
    },
    likeCount: sql<number>`(select count(*)::int from ${postLikes} where ${postLikes.post_id} = ${posts.id})`,
    // A signed-in viewer does not count the comments of people on the other side of a block (they are
    // not shown to them either).
    commentCount: viewerId
      ? sql<number>`(select count(*)::int from ${comments} where ${comments.post_id} = ${posts.id} and not ${blockedBetweenViewer(viewerId, comments.profile_id)})`
      : sql<number>`(select count(*)::int from ${comments} where ${comments.post_id} = ${posts.id})`,
    likedByMe,
    savedByMe,
    // The viewer's relation to the author and to the post's products, in the same row: two statements
    // fewer per page than asking the follows and wishlist modules afterwards (bench/RESULTS.md, issue 20).
    followingAuthor: viewerId
      ? probe(
          follows,
          sql`${follows.follower_id} = ${viewerId} and ${follows.following_id} = ${posts.profile_id}`,
        )
      : sql<boolean>`false`,
    savedItemIds: viewerId
      ? sql<
          string[] | null
        >`(select array_agg(${savedItems.item_id}) from ${savedItems} join ${postItems} on ${postItems.id} = ${savedItems.item_id} where ${postItems.post_id} = ${posts.id} and ${savedItems.profile_id} = ${viewerId})`
      : sql<string[] | null>`null::uuid[]`,
  };
}

/** A timestamp as JavaScript's `toISOString` writes it (milliseconds, UTC, 'Z'). */
function isoTime(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The post of the current row exactly as the API answers it (PostSchema), written by PostgreSQL: its
 * author, media, items, counts and the viewer's flags in one JSON value. A page or a post is then one
 * statement (the media and items were a second one, the profile's id a third: bench/RESULTS.md, issue
 * 20), and the server neither maps rows nor formats dates. The media and items are one index probe each
 * per post (post_media_post_id_order_key, post_items_post_id_order_idx); a saved product is a probe of
 * saved_items' primary key. The query must join `profiles` as the author (its columns are named with
 * their table then, not bare).
 */
function postJson(viewerId: ViewerParam): SQL<Post> {
  const selection = postSelection(viewerId);
  const itemSaved = viewerId
    ? sql`exists (select 1 from ${savedItems} s where s.profile_id = ${viewerId} and s.item_id = i.id offset 0)`
    : sql`false`;
  const media = sql`(select coalesce(json_agg(json_build_object(
      'id', m.id, 'media_url', m.media_url, 'media_type', m.media_type, 'media_order', m.media_order,
      'width', m.width, 'height', m.height, 'placeholder', m.placeholder,
      'variants', coalesce(m.variants, '[]'::jsonb), 'status', m.status, 'poster_url', m.poster_url
    ) order by m.media_order), '[]'::json) from ${postMedia} m where m.post_id = ${posts.id})`;
  const items = sql`(select coalesce(json_agg(json_build_object(
      'id', i.id, 'item_type', i.item_type, 'brand', i.brand, 'link', i.link, 'size', i.size,
      'title', i.title, 'image_url', i.image_url, 'price', i.price, 'currency', i.currency,
      'color', i.color, 'pattern', i.pattern, 'saved_by_me', ${itemSaved}
    ) order by i.item_order, i.created_at), '[]'::json) from ${postItems} i where i.post_id = ${posts.id})`;
  return sql<Post>`json_build_object(
    'id', ${posts.id}, 'caption', ${posts.caption}, 'media_url', ${posts.media_url},
    'media_type', ${posts.media_type},
    'visibility', coalesce(${posts.held_visibility}, ${posts.visibility}),
    'created_at', ${isoTime(posts.created_at)}, 'updated_at', ${isoTime(posts.updated_at)},
    'author', json_build_object('id', ${profiles.id}, 'username', ${profiles.username},
      'display_name', ${profiles.display_name}, 'avatar_url', ${profiles.avatar_url}),
    'media', ${media}, 'items', ${items},
    'like_count', ${selection.likeCount}, 'comment_count', ${selection.commentCount},
    'liked_by_me', ${selection.likedByMe}, 'saved_by_me', ${selection.savedByMe},
    'following_author', ${selection.followingAuthor}
  )`;
}

/** Older than the cursor's post (the placeholders `afterCreatedAt` and `afterId`). */
function olderThanCursor(): SQL {
  // A row comparison, so that PostgreSQL walks the (created_at desc, id desc) index from the cursor.
  return sql`(${posts.created_at}, ${posts.id}) < (${sql.placeholder('afterCreatedAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`;
}

/**
 * Newest first, spelled the way the indexes are built: drizzle-kit writes `.desc()` index columns as
 * `DESC NULLS LAST`, while a plain `ORDER BY ... DESC` means `NULLS FIRST`. PostgreSQL only walks an
 * index for an ORDER BY with the same NULLS placement (it does not use the NOT NULL constraint to see
 * that it makes no difference), so `desc()` here sorted the whole table for every page: 62 ms and a
 * sequential scan per feed page at 100,000 posts, 0.4 ms with the index (bench/RESULTS.md).
 */
const NEWEST_FIRST = [sql`${posts.created_at} desc nulls last`, sql`${posts.id} desc nulls last`] as const;

export interface PageOptions {
  viewerId: string | null;
  after?: PostKey;
  /** Rows to fetch; callers ask for one more than the page to learn whether another page follows. */
  limit: number;
}

/*
 * The queries of every feed page run as prepared statements (db/prepared.ts): drizzle builds their SQL
 * once instead of on every request (most of a page's cost once the index is used) and PostgreSQL plans
 * them once per connection.
 */

const feedStatements = new WeakMap<Db, Map<string, Prepared<{ post: Post }>>>();

/** The home feed: public posts, newest first, as the API answers them (postJson). */
export async function findPublicFeedPage(db: Db, options: PageOptions): Promise<Post[]> {
  const withViewer = options.viewerId !== null;
  const withCursor = options.after !== undefined;
  const name = `posts_feed${withViewer ? '_viewer' : ''}${withCursor ? '_after' : ''}`;
  const statement = preparedFor(feedStatements, db, name, () =>
    db
      .select({ post: postJson(withViewer ? sql.placeholder('viewerId') : null) })
      .from(posts)
      .innerJoin(profiles, eq(profiles.id, posts.profile_id))
      .where(
        and(
          eq(posts.visibility, 'public'),
          // A signed-in viewer never sees the posts of someone they blocked or who blocked them.
          withViewer ? notBlockedFor(sql.placeholder('viewerId'), posts.profile_id) : undefined,
          withCursor ? olderThanCursor() : undefined,
        ),
      )
      .orderBy(...NEWEST_FIRST)
      .limit(sql.placeholder('limit'))
      .prepare(name),
  );
  const rows = await statement.execute({
    viewerId: options.viewerId,
    afterCreatedAt: options.after?.createdAt.toISOString(),
    afterId: options.after?.id,
    limit: options.limit,
  });
  return rows.map((row) => row.post);
}

/**
 * What a signed-in viewer sees differently on a post of the public feed. The counts are null when the
 * visitors' page's counts are theirs too (findViewerStateOfPosts).
 */
export interface ViewerPostStateRow {
  id: string;
  /** Still public, and no block between the viewer and the author. */
  visible: boolean;
  likeCount: number | null;
  commentCount: number | null;
  likedByMe: boolean;
  savedByMe: boolean;
  followingAuthor: boolean;
  /** The viewer's saved products among the post's items. */
  savedItemIds: string[] | null;
}

const viewerStateStatements = new WeakMap<Db, Map<string, Prepared<ViewerPostStateRow>>>();

/**
 * The viewer's relation to these posts (liked, saved, following the author, saved products), in one
 * query: what turns a visitor's cached feed page into this viewer's. A post that is gone is left out; one
 * hidden from the viewer since comes back not `visible`.
 *
 * The counts are read only when `counts` asks for them (the viewer changed something since the visitors'
 * page was read, so its counts may lack their own like or comment), and a comment count also when the
 * viewer is in a block (they do not count the comments of people on the other side). Otherwise they come
 * back null: the page's are the viewer's. Each flag is one probe of a (post, viewer) key per post; with
 * neither count and no block probes for a viewer in no block, a page of 20 costs PostgreSQL under half
 * of what it did with them on 100,000 posts (bench/RESULTS.md, issue 20).
 *
 * A prepared statement per length of the list and per `counts`, the ids one parameter each (`id in ($1,
 * ..., $n)`): PostgreSQL keeps a statement's generic plan only when it costs no more than the plans it
 * makes for the values at hand. With `= any($1)` it could not tell how many ids an array brings, and with
 * `case when $counts` it left the counts out of the plans for `false`; either way its generic plan looked
 * dearer and it planned every execution anew: ~1 ms of its CPU per request, more than running it
 * (checked with PREPARE/EXECUTE and pg_prepared_statements; bench/RESULTS.md, issue 20).
 */
export async function findViewerStateOfPosts(
  db: Db,
  viewerId: string,
  postIds: readonly string[],
  options: { counts: boolean },
): Promise<ViewerPostStateRow[]> {
  if (postIds.length === 0) return [];
  const counts = options.counts;
  const name = `posts_viewer_state${counts ? '_counts' : ''}_${postIds.length}`;
  const statement = preparedFor(viewerStateStatements, db, name, () => {
    const viewer = sql.placeholder('viewerId');
    const selection = postSelection(viewer);
    return (
      db
        .select({
          id: posts.id,
          visible: sql<boolean>`(${posts.visibility} = 'public' and not ${blockedBetweenViewer(viewer, posts.profile_id)})`,
          likeCount: counts ? selection.likeCount : sql<number | null>`null::int`,
          commentCount: counts
            ? selection.commentCount
            : sql<number | null>`case when ${inAnyBlock(viewer)} then ${selection.commentCount} end`,
          likedByMe: selection.likedByMe,
          savedByMe: selection.savedByMe,
          followingAuthor: selection.followingAuthor,
          savedItemIds: selection.savedItemIds,
        })
        .from(posts)
        // Not for its columns: with a join drizzle writes every column with its table's name. A select from
        // one table writes them bare, and a bare `id` inside a subquery means the subquery's own table.
        .innerJoin(profiles, eq(profiles.id, posts.profile_id))
        .where(
          sql`${posts.id} in (${sql.join(
            postIds.map((_, i) => sql`${sql.placeholder(`post${i}`)}::uuid`),
            sql`, `,
          )})`,
        )
        .prepare(name)
    );
  });
  const values: Record<string, unknown> = { viewerId };
  for (const [i, id] of postIds.entries()) values[`post${i}`] = id;
  return statement.execute(values);
}

/** A profile's page of posts: null when no profile has that username. */
export interface ProfilePostsPage {
  profileId: string;
  posts: Post[];
}

const profilePostsStatements = new WeakMap<Db, Map<string, Prepared<{ profileId: string; posts: Post[] }>>>();

/**
 * One profile's posts, newest first, as `viewerId` may see them: the public ones, all of them for the
 * profile's owner, none across a block. The profile is found by its username in the same statement (one
 * statement a page, not two): no row when there is no such profile, a row with no posts when there is
 * nothing for this viewer to see. The page is a subquery per profile row, so it walks
 * posts_profile_id_created_at_idx from the cursor and stops at the limit.
 */
export async function findProfilePostsPage(
  db: Db,
  username: string,
  options: PageOptions,
): Promise<ProfilePostsPage | null> {
  const withViewer = options.viewerId !== null;
  const withCursor = options.after !== undefined;
  // A prepared statement per shape, as the feed's (drizzle builds the SQL once, not on every request).
  const name = `posts_of_profile${withViewer ? '_viewer' : ''}${withCursor ? '_after' : ''}`;
  const statement = preparedFor(profilePostsStatements, db, name, () => {
    const viewer = withViewer ? sql.placeholder('viewerId') : null;
    const owner = alias(profiles, 'owner');
    const page = db
      .select({
        post: postJson(viewer).as('post'),
        created_at: posts.created_at,
        id: posts.id,
      })
      .from(posts)
      .innerJoin(profiles, eq(profiles.id, posts.profile_id))
      .where(
        and(
          sql`${posts.profile_id} = ${owner.id}`,
          // Private posts (and those held while a video processes) only for their author.
          viewer
            ? sql`(${posts.visibility} = 'public' or ${posts.profile_id} = ${viewer})`
            : eq(posts.visibility, 'public'),
          notBlockedFor(viewer, posts.profile_id),
          withCursor ? olderThanCursor() : undefined,
        ),
      )
      .orderBy(...NEWEST_FIRST)
      .limit(sql.placeholder('limit'));
    return (
      db
        .select({
          profileId: owner.id,
          posts: sql<
            Post[]
          >`(select coalesce(json_agg(page.post order by page.created_at desc, page.id desc), '[]'::json) from (${page}) page)`,
        })
        .from(owner)
        // Usernames are unique ignoring case (profiles_username_lower_key), which this lookup uses.
        .where(sql`lower(${owner.username}) = lower(${sql.placeholder('username')}::text)`)
        .prepare(name)
    );
  });
  const [row] = await statement.execute({
    username,
    viewerId: options.viewerId,
    afterCreatedAt: options.after?.createdAt.toISOString(),
    afterId: options.after?.id,
    limit: options.limit,
  });
  return row ?? null;
}

const byIdsStatements = new WeakMap<Db, Map<string, Prepared<{ post: Post }>>>();

/**
 * The posts with these ids that `viewerId` may see (public, or their own, and no block between them and
 * the author), in no particular order, as the API answers them (postJson). A prepared statement (one for
 * visitors, one for viewers): a post's page asks this on every request, and it is its only statement.
 */
export async function findVisiblePostsByIds(
  db: Db,
  ids: readonly string[],
  viewerId: string | null,
): Promise<Post[]> {
  if (ids.length === 0) return [];
  // One post (a post's page) by equality: PostgreSQL then keeps the prepared statement's generic plan.
  // With `= any($1)` it cannot tell how many rows an array brings, so it planned every execution anew:
  // 0.6 ms of PostgreSQL's CPU per request for a plan of 13 subqueries (bench/RESULTS.md, issue 20).
  const one = ids.length === 1;
  const name = `posts_by_${one ? 'id' : 'ids'}${viewerId !== null ? '_viewer' : ''}`;
  const statement = preparedFor(byIdsStatements, db, name, () => {
    const viewer = viewerId !== null ? sql.placeholder('viewerId') : null;
    return db
      .select({ post: postJson(viewer) })
      .from(posts)
      .innerJoin(profiles, eq(profiles.id, posts.profile_id))
      .where(
        and(
          one
            ? sql`${posts.id} = ${sql.placeholder('id')}::uuid`
            : sql`${posts.id} = any(${sql.placeholder('ids')}::uuid[])`,
          visibleTo(viewer, posts.profile_id, eq(posts.visibility, 'public')),
        ),
      )
      .prepare(name);
  });
  const rows = await statement.execute({ id: ids[0], ids: [...ids], viewerId });
  return rows.map((row) => row.post);
}

/** The ids among `ids` of the posts `viewerId` may see (the same rule as `findVisiblePostsByIds`). */
export async function findVisiblePostIds(
  db: Db,
  ids: readonly string[],
  viewerId: string | null,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(inArray(posts.id, [...ids]), visibleTo(viewerId, posts.profile_id, eq(posts.visibility, 'public'))),
    );
  return rows.map((row) => row.id);
}

const mediaStatements = new WeakMap<Db, Map<string, Prepared<PostMediaRow>>>();
const itemStatements = new WeakMap<Db, Map<string, Prepared<PostItemRow>>>();

export async function findMediaOfPosts(db: Db, postIds: readonly string[]): Promise<PostMediaRow[]> {
  if (postIds.length === 0) return [];
  const statement = preparedFor(mediaStatements, db, 'posts_media_of', () =>
    db
      .select()
      .from(postMedia)
      .where(sql`${postMedia.post_id} = any(${sql.placeholder('postIds')}::uuid[])`)
      .orderBy(asc(postMedia.post_id), asc(postMedia.media_order))
      .prepare('posts_media_of'),
  );
  return statement.execute({ postIds: [...postIds] });
}

export async function findItemsOfPosts(db: Db, postIds: readonly string[]): Promise<PostItemRow[]> {
  if (postIds.length === 0) return [];
  const statement = preparedFor(itemStatements, db, 'posts_items_of', () =>
    db
      .select()
      .from(postItems)
      .where(sql`${postItems.post_id} = any(${sql.placeholder('postIds')}::uuid[])`)
      .orderBy(asc(postItems.post_id), asc(postItems.item_order), asc(postItems.created_at))
      .prepare('posts_items_of'),
  );
  return statement.execute({ postIds: [...postIds] });
}

/** The fields that decide who may see and change a post. */
export interface PostAccessRow {
  id: string;
  profile_id: string;
  visibility: PostRow['visibility'];
  caption: string;
  /** Whether a block stands between the viewer asked about and the post's author. */
  blocked: boolean;
}

export async function findPostAccess(
  db: Db,
  id: string,
  viewerId: string | null = null,
): Promise<PostAccessRow | undefined> {
  const [row] = await db
    .select({
      id: posts.id,
      profile_id: posts.profile_id,
      visibility: posts.visibility,
      caption: posts.caption,
      blocked: viewerId ? blockedBetween(viewerId, posts.profile_id) : sql<boolean>`false`,
    })
    .from(posts)
    .where(eq(posts.id, id));
  return row;
}

/**
 * Which of `urls` one of `ownerId`'s posts still shows, as a media item or an item's image. Only the owner's
 * posts can use their uploads (the service checks that), so the search walks that profile's posts.
 */
export async function findUrlsStillUsed(
  db: Db,
  ownerId: string,
  urls: readonly string[],
): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const list = [...urls];
  const media = await db
    .selectDistinct({ url: postMedia.media_url })
    .from(postMedia)
    .innerJoin(posts, eq(posts.id, postMedia.post_id))
    .where(and(eq(posts.profile_id, ownerId), inArray(postMedia.media_url, list)));
  const images = await db
    .selectDistinct({ url: postItems.image_url })
    .from(postItems)
    .innerJoin(posts, eq(posts.id, postItems.post_id))
    .where(and(eq(posts.profile_id, ownerId), inArray(postItems.image_url, list)));
  return new Set([...media, ...images].map((row) => row.url).filter((url): url is string => url !== null));
}

/** Which of `urls` any post shows, as a medium or a product image (whoever its author). */
export async function findUrlsUsedByAnyPost(db: Db, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const list = [...urls];
  const media = await db
    .selectDistinct({ url: postMedia.media_url })
    .from(postMedia)
    .where(inArray(postMedia.media_url, list));
  const images = await db
    .selectDistinct({ url: postItems.image_url })
    .from(postItems)
    .where(inArray(postItems.image_url, list));
  return new Set([...media, ...images].map((row) => row.url).filter((url): url is string => url !== null));
}

/** A tagged item with the fields that decide who may see it. */
export interface ItemAccessRow {
  id: string;
  post_id: string;
  profile_id: string;
  visibility: PostRow['visibility'];
  /** Whether a block stands between the viewer asked about and the post's author. */
  blocked: boolean;
}

export async function findItemAccess(
  db: Db,
  itemId: string,
  viewerId: string | null = null,
): Promise<ItemAccessRow | undefined> {
  const [row] = await db
    .select({
      id: postItems.id,
      post_id: postItems.post_id,
      profile_id: posts.profile_id,
      visibility: posts.visibility,
      blocked: viewerId ? blockedBetween(viewerId, posts.profile_id) : sql<boolean>`false`,
    })
    .from(postItems)
    .innerJoin(posts, eq(posts.id, postItems.post_id))
    .where(eq(postItems.id, itemId));
  return row;
}
