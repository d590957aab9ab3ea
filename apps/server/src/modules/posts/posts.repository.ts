import { and, asc, eq, inArray, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { blockedBetween, notBlockedFor, visibleTo } from '../../db/block-filter.ts';
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
 * Functions take the database or a transaction. A page of posts is two queries whatever its size: the
 * posts with their authors, counts and the viewer's flags; then the media and the items of all of them at
 * once (findMediaAndItemsOfPosts).
 */

export interface AuthorRow {
  id: string;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
}

export interface PostListRow {
  post: PostRow;
  author: AuthorRow;
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  savedByMe: boolean;
  /** The viewer follows the author (false for visitors). */
  followingAuthor: boolean;
  /** The viewer's saved products among the post's items (null when none, and for visitors). */
  savedItemIds: string[] | null;
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
      ? sql<number>`(select count(*)::int from ${comments} where ${comments.post_id} = ${posts.id} and not ${blockedBetween(viewerId, comments.profile_id)})`
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

const feedStatements = new WeakMap<Db, Map<string, Prepared<PostListRow>>>();

/** The home feed: public posts, newest first. */
export async function findPublicFeedPage(db: Db, options: PageOptions): Promise<PostListRow[]> {
  const withViewer = options.viewerId !== null;
  const withCursor = options.after !== undefined;
  const name = `posts_feed${withViewer ? '_viewer' : ''}${withCursor ? '_after' : ''}`;
  const statement = preparedFor(feedStatements, db, name, () =>
    db
      .select(postSelection(withViewer ? sql.placeholder('viewerId') : null))
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
  return statement.execute({
    viewerId: options.viewerId,
    afterCreatedAt: options.after?.createdAt.toISOString(),
    afterId: options.after?.id,
    limit: options.limit,
  });
}

/** What a signed-in viewer sees differently on a post of the public feed, and its current counts. */
export interface ViewerPostStateRow {
  id: string;
  /** Still public, and no block between the viewer and the author. */
  visible: boolean;
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  savedByMe: boolean;
  followingAuthor: boolean;
  /** The viewer's saved products among the post's items. */
  savedItemIds: string[] | null;
}

const viewerStateStatements = new WeakMap<Db, Map<string, Prepared<ViewerPostStateRow>>>();

/**
 * The viewer's relation to these posts (liked, saved, following the author, saved products) with their
 * current like and comment counts, in one query: what turns a visitor's cached feed page into this
 * viewer's. A post that is gone is left out; one hidden from the viewer since comes back not `visible`.
 */
export async function findViewerStateOfPosts(
  db: Db,
  viewerId: string,
  postIds: readonly string[],
): Promise<ViewerPostStateRow[]> {
  if (postIds.length === 0) return [];
  const statement = preparedFor(viewerStateStatements, db, 'posts_viewer_state', () => {
    const viewer = sql.placeholder('viewerId');
    const selection = postSelection(viewer);
    return (
      db
        .select({
          id: posts.id,
          visible: sql<boolean>`(${posts.visibility} = 'public' and not ${blockedBetween(viewer, posts.profile_id)})`,
          likeCount: selection.likeCount,
          commentCount: selection.commentCount,
          likedByMe: selection.likedByMe,
          savedByMe: selection.savedByMe,
          followingAuthor: selection.followingAuthor,
          savedItemIds: selection.savedItemIds,
        })
        .from(posts)
        // Not for its columns: with a join drizzle writes every column with its table's name. A select from
        // one table writes them bare, and a bare `id` inside a subquery means the subquery's own table.
        .innerJoin(profiles, eq(profiles.id, posts.profile_id))
        .where(sql`${posts.id} = any(${sql.placeholder('postIds')}::uuid[])`)
        .prepare('posts_viewer_state')
    );
  });
  return statement.execute({ viewerId, postIds: [...postIds] });
}

const profilePostsStatements = new WeakMap<Db, Map<string, Prepared<PostListRow>>>();

/** One profile's posts, newest first; `includePrivate` only for the profile's owner. */
export async function findProfilePostsPage(
  db: Db,
  profileId: string,
  includePrivate: boolean,
  options: PageOptions,
): Promise<PostListRow[]> {
  const withViewer = options.viewerId !== null;
  const withCursor = options.after !== undefined;
  // A prepared statement per shape, as the feed's (drizzle builds the SQL once, not on every request).
  const name = `posts_of_profile${includePrivate ? '_all' : ''}${withViewer ? '_viewer' : ''}${withCursor ? '_after' : ''}`;
  const statement = preparedFor(profilePostsStatements, db, name, () => {
    const viewer = withViewer ? sql.placeholder('viewerId') : null;
    return db
      .select(postSelection(viewer))
      .from(posts)
      .innerJoin(profiles, eq(profiles.id, posts.profile_id))
      .where(
        and(
          sql`${posts.profile_id} = ${sql.placeholder('profileId')}::uuid`,
          includePrivate ? undefined : eq(posts.visibility, 'public'),
          notBlockedFor(viewer, posts.profile_id),
          withCursor ? olderThanCursor() : undefined,
        ),
      )
      .orderBy(...NEWEST_FIRST)
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
  return statement.execute({
    profileId,
    viewerId: options.viewerId,
    afterCreatedAt: options.after?.createdAt.toISOString(),
    afterId: options.after?.id,
    limit: options.limit,
  });
}

const byIdsStatements = new WeakMap<Db, Map<string, Prepared<PostListRow>>>();

/**
 * The posts with these ids that `viewerId` may see (public, or their own, and no block between them and
 * the author), in no particular order. A prepared statement (one for visitors, one for viewers): a post's
 * page asks this on every request.
 */
export async function findVisiblePostsByIds(
  db: Db,
  ids: readonly string[],
  viewerId: string | null,
): Promise<PostListRow[]> {
  if (ids.length === 0) return [];
  const name = `posts_by_ids${viewerId !== null ? '_viewer' : ''}`;
  const statement = preparedFor(byIdsStatements, db, name, () => {
    const viewer = viewerId !== null ? sql.placeholder('viewerId') : null;
    return db
      .select(postSelection(viewer))
      .from(posts)
      .innerJoin(profiles, eq(profiles.id, posts.profile_id))
      .where(
        and(
          sql`${posts.id} = any(${sql.placeholder('ids')}::uuid[])`,
          visibleTo(viewer, posts.profile_id, eq(posts.visibility, 'public')),
        ),
      )
      .prepare(name);
  });
  return statement.execute({ ids: [...ids], viewerId });
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

/** What `findMediaAndItemsOfPosts` reads in one statement: the rows of `findMediaOfPosts` and `findItemsOfPosts`. */
export interface MediaAndItemsOfPosts {
  media: PostMediaRow[];
  items: PostItemRow[];
}

/** A row of post_media or post_items as json_agg writes it: timestamps as text. */
type JsonRow<R> = Omit<R, 'created_at'> & { created_at: string };

const mediaAndItemsStatements = new WeakMap<
  Db,
  Map<string, Prepared<{ media: JsonRow<PostMediaRow>[]; items: JsonRow<PostItemRow>[] }>>
>();

/**
 * The media and the items of a page of posts in one prepared statement (a page asked two, one after
 * the other: bench/RESULTS.md, issue 20): each list aggregated to JSON in the order of
 * `findMediaOfPosts` and `findItemsOfPosts`, whose rows it gives back (json_agg writes every column under
 * its name; the numeric price as a JSON number, as the 'number' mode reads it; created_at as text,
 * made a Date again here).
 */
export async function findMediaAndItemsOfPosts(
  db: Db,
  postIds: readonly string[],
): Promise<MediaAndItemsOfPosts> {
  if (postIds.length === 0) return { media: [], items: [] };
  const statement = preparedFor(mediaAndItemsStatements, db, 'posts_media_and_items_of', () => {
    const ids = sql`any(${sql.placeholder('postIds')}::uuid[])`;
    return db
      .select({
        media: sql<
          JsonRow<PostMediaRow>[]
        >`(select coalesce(json_agg(m order by m.post_id, m.media_order), '[]'::json) from ${postMedia} m where m.post_id = ${ids})`,
        items: sql<
          JsonRow<PostItemRow>[]
        >`(select coalesce(json_agg(i order by i.post_id, i.item_order, i.created_at), '[]'::json) from ${postItems} i where i.post_id = ${ids})`,
      })
      .from(sql`(select 1) as one`)
      .prepare('posts_media_and_items_of');
  });
  const [row] = await statement.execute({ postIds: [...postIds] });
  return {
    media: (row?.media ?? []).map((m) => ({ ...m, created_at: new Date(m.created_at) })),
    items: (row?.items ?? []).map((i) => ({ ...i, created_at: new Date(i.created_at) })),
  };
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

const profileIdStatements = new WeakMap<Db, Map<string, Prepared<{ id: string }>>>();

/** A prepared statement: a profile's posts ask it on every request. */
export async function findProfileIdByUsername(db: Db, username: string): Promise<string | undefined> {
  const statement = preparedFor(profileIdStatements, db, 'posts_profile_id_by_username', () =>
    db
      .select({ id: profiles.id })
      .from(profiles)
      // Usernames are unique ignoring case (profiles_username_lower_key), which this lookup uses.
      .where(sql`lower(${profiles.username}) = lower(${sql.placeholder('username')}::text)`)
      .prepare('posts_profile_id_by_username'),
  );
  const [row] = await statement.execute({ username });
  return row?.id;
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
