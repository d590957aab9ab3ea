import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { notBlockedFor, visibleTo } from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import { descNullsLast } from '../../db/order.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  type AlbumRow,
  albumPosts,
  albums,
  type MediaVariant,
  postMedia,
  posts,
  profiles,
  savedAlbums,
} from '../../db/schema/index.ts';
import type { KeysetPosition } from '../../lib/keyset-cursor.ts';
import { containsPattern, postMatchesSearch } from '../../lib/search.ts';
import type { AuthorRow } from '../posts/posts.repository.ts';

/**
 * The only place with SQL for `albums`, `album_posts` and `saved_albums`. Functions take the database
 * or a transaction. A page of album cards is two queries whatever its size: the albums with owner,
 * counts and the viewer's flags, then the cover images of all of them at once.
 */

// ---------------------------------------------------------------------------------------------------------
// Albums
// ---------------------------------------------------------------------------------------------------------

export async function insertAlbum(
  db: Db,
  row: { profile_id: string; name: string; is_public: boolean },
): Promise<AlbumRow> {
  const [inserted] = await db.insert(albums).values(row).returning();
  if (!inserted) throw new Error('insert into albums returned no row');
  return inserted;
}

export async function findAlbum(db: Db, id: string): Promise<AlbumRow | undefined> {
  const [row] = await db.select().from(albums).where(eq(albums.id, id));
  return row;
}

/** Locks the album for the rest of the transaction, so that concurrent additions get distinct positions. */
export async function lockAlbum(tx: Db, id: string): Promise<boolean> {
  const rows = await tx.select({ id: albums.id }).from(albums).where(eq(albums.id, id)).for('update');
  return rows.length > 0;
}

export async function updateAlbum(
  db: Db,
  id: string,
  fields: Partial<Pick<AlbumRow, 'name' | 'is_public'>>,
): Promise<void> {
  await db
    .update(albums)
    .set({ ...fields, updated_at: sql`now()` })
    .where(eq(albums.id, id));
}

export async function deleteOwnedAlbum(db: Db, id: string, ownerId: string): Promise<boolean> {
  const rows = await db
    .delete(albums)
    .where(and(eq(albums.id, id), eq(albums.profile_id, ownerId)))
    .returning({ id: albums.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------------
// Posts of an album
// ---------------------------------------------------------------------------------------------------------

/** Adds the post at the end of the album; false when it was already there. Run with the album locked. */
export async function appendAlbumPost(tx: Db, albumId: string, postId: string): Promise<boolean> {
  const rows = await tx.execute(sql`
    insert into ${albumPosts} (album_id, post_id, position)
    select ${albumId}::uuid, ${postId}::uuid,
      coalesce((select max(${albumPosts.position}) from ${albumPosts} where ${albumPosts.album_id} = ${albumId}::uuid), -1) + 1
    on conflict do nothing
    returning post_id`);
  return rowsOf(rows).length > 0;
}

export async function deleteAlbumPost(db: Db, albumId: string, postId: string): Promise<boolean> {
  const rows = await db
    .delete(albumPosts)
    .where(and(eq(albumPosts.album_id, albumId), eq(albumPosts.post_id, postId)))
    .returning({ post_id: albumPosts.post_id });
  return rows.length > 0;
}

/** Posts a viewer can see: public ones and their own, none across a block (so in counts and covers too). */
function postVisibleTo(viewerId: string | null): SQL {
  return visibleTo(viewerId, posts.profile_id, sql`${posts.visibility} = 'public'`);
}

export async function countVisibleAlbumPosts(
  db: Db,
  albumId: string,
  viewerId: string | null,
): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(albumPosts)
    .innerJoin(posts, eq(posts.id, albumPosts.post_id))
    .where(and(eq(albumPosts.album_id, albumId), postVisibleTo(viewerId)));
  return Number(row?.value ?? 0);
}

/** A position in an album: the page continues after this post. */
export interface AlbumPostKey {
  position: number;
  postId: string;
}

/** A page of the album's posts the viewer can see, in album order, optionally matching a search. */
export async function findAlbumPostsPage(
  db: Db,
  albumId: string,
  viewerId: string | null,
  options: { after?: AlbumPostKey | undefined; limit: number; q?: string | undefined },
): Promise<{ post_id: string; position: number }[]> {
  const after = options.after
    ? sql`(${albumPosts.position}, ${albumPosts.post_id}) > (${options.after.position}, ${options.after.postId}::uuid)`
    : undefined;
  return db
    .select({ post_id: albumPosts.post_id, position: albumPosts.position })
    .from(albumPosts)
    .innerJoin(posts, eq(posts.id, albumPosts.post_id))
    .where(
      and(
        eq(albumPosts.album_id, albumId),
        postVisibleTo(viewerId),
        options.q ? postMatchesSearch(options.q) : undefined,
        after,
      ),
    )
    .orderBy(albumPosts.position, albumPosts.post_id)
    .limit(options.limit);
}

// ---------------------------------------------------------------------------------------------------------
// Album cards
// ---------------------------------------------------------------------------------------------------------

export interface AlbumCardRow {
  album: AlbumRow;
  owner: AuthorRow;
  postCount: number;
  savedByMe: boolean;
  containsPost: boolean | null;
  /** The save's time in saved-album lists, for their cursor. */
  savedAt: Date | null;
}

function cardSelection(viewerId: string | null, postId: string | undefined) {
  return {
    album: albums,
    owner: {
      id: profiles.id,
      username: profiles.username,
      display_name: profiles.display_name,
      avatar_url: profiles.avatar_url,
    },
    postCount: sql<number>`(select count(*)::int from ${albumPosts} join ${posts} on ${posts.id} = ${albumPosts.post_id} where ${albumPosts.album_id} = ${albums.id} and ${postVisibleTo(viewerId)})`,
    savedByMe: viewerId
      ? sql<boolean>`exists (select 1 from ${savedAlbums} where ${savedAlbums.album_id} = ${albums.id} and ${savedAlbums.profile_id} = ${viewerId})`
      : sql<boolean>`false`,
    containsPost: postId
      ? sql<
          boolean | null
        >`exists (select 1 from ${albumPosts} where ${albumPosts.album_id} = ${albums.id} and ${albumPosts.post_id} = ${postId})`
      : sql<boolean | null>`null`,
  };
}

function normalise<R extends Omit<AlbumCardRow, 'savedAt'>>(
  rows: R[],
  savedAt?: (row: R) => Date,
): AlbumCardRow[] {
  return rows.map((row) => ({
    album: row.album,
    owner: row.owner,
    postCount: Number(row.postCount),
    savedByMe: Boolean(row.savedByMe),
    containsPost: row.containsPost === null ? null : Boolean(row.containsPost),
    savedAt: savedAt ? savedAt(row) : null,
  }));
}

function newerFirstAfter(after: KeysetPosition | undefined): SQL | undefined {
  return after
    ? sql`(${albums.created_at}, ${albums.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined;
}

function nameMatches(q: string | undefined, withOwner = false): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return withOwner
    ? or(sql`${albums.name} ilike ${pattern}`, sql`${profiles.username} ilike ${pattern}`)
    : sql`${albums.name} ilike ${pattern}`;
}

export async function findAlbumCardsByIds(
  db: Db,
  ids: readonly string[],
  viewerId: string | null,
): Promise<AlbumCardRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardSelection(viewerId, undefined))
    .from(albums)
    .innerJoin(profiles, eq(profiles.id, albums.profile_id))
    .where(inArray(albums.id, [...ids]));
  return normalise(rows);
}

export interface CardPageOptions {
  viewerId: string | null;
  after?: KeysetPosition | undefined;
  limit: number;
  q?: string | undefined;
  /** Also tell whether each album holds this post. */
  postId?: string | undefined;
}

/**
 * One profile's albums, newest first: public ones, and the private ones too when `includePrivate`; none
 * for a viewer on the other side of a block.
 */
export async function findProfileAlbumCards(
  db: Db,
  profileId: string,
  includePrivate: boolean,
  options: CardPageOptions,
): Promise<AlbumCardRow[]> {
  const rows = await db
    .select(cardSelection(options.viewerId, options.postId))
    .from(albums)
    .innerJoin(profiles, eq(profiles.id, albums.profile_id))
    .where(
      and(
        eq(albums.profile_id, profileId),
        includePrivate ? undefined : eq(albums.is_public, true),
        notBlockedFor(options.viewerId, albums.profile_id),
        nameMatches(options.q),
        newerFirstAfter(options.after),
      ),
    )
    .orderBy(descNullsLast(albums.created_at), descNullsLast(albums.id))
    .limit(options.limit);
  return normalise(rows);
}

/** Explore's albums: public ones holding at least one public post, newest first; none across a block. */
export async function findPublicAlbumCards(db: Db, options: CardPageOptions): Promise<AlbumCardRow[]> {
  const rows = await db
    .select(cardSelection(options.viewerId, options.postId))
    .from(albums)
    .innerJoin(profiles, eq(profiles.id, albums.profile_id))
    .where(
      and(
        eq(albums.is_public, true),
        sql`exists (select 1 from ${albumPosts} join ${posts} on ${posts.id} = ${albumPosts.post_id} where ${albumPosts.album_id} = ${albums.id} and ${posts.visibility} = 'public')`,
        notBlockedFor(options.viewerId, albums.profile_id),
        nameMatches(options.q, true),
        newerFirstAfter(options.after),
      ),
    )
    .orderBy(descNullsLast(albums.created_at), descNullsLast(albums.id))
    .limit(options.limit);
  return normalise(rows);
}

/** Albums the profile saved and may still see (public or their own, not across a block). */
function savedVisible(profileId: string, q: string | undefined): SQL | undefined {
  return and(
    eq(savedAlbums.profile_id, profileId),
    visibleTo(profileId, albums.profile_id, sql`${albums.is_public}`),
    nameMatches(q, true),
  );
}

export async function findSavedAlbumCards(
  db: Db,
  profileId: string,
  options: CardPageOptions,
): Promise<AlbumCardRow[]> {
  const after = options.after
    ? sql`(${savedAlbums.created_at}, ${savedAlbums.album_id}) < (${options.after.createdAt.toISOString()}::timestamptz, ${options.after.id}::uuid)`
    : undefined;
  const rows = await db
    .select({ ...cardSelection(options.viewerId, options.postId), savedAt: savedAlbums.created_at })
    .from(savedAlbums)
    .innerJoin(albums, eq(albums.id, savedAlbums.album_id))
    .innerJoin(profiles, eq(profiles.id, albums.profile_id))
    .where(and(savedVisible(profileId, options.q), after))
    .orderBy(descNullsLast(savedAlbums.created_at), descNullsLast(savedAlbums.album_id))
    .limit(options.limit);
  return normalise(rows, (row) => row.savedAt);
}

export async function countSavedAlbums(db: Db, profileId: string, q?: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(savedAlbums)
    .innerJoin(albums, eq(albums.id, savedAlbums.album_id))
    .innerJoin(profiles, eq(profiles.id, albums.profile_id))
    .where(savedVisible(profileId, q));
  return Number(row?.value ?? 0);
}

export interface AlbumImageRow {
  album_id: string;
  post_id: string;
  url: string;
  type: 'image' | 'video';
  placeholder: string | null;
  variants: MediaVariant[] | null;
}

/**
 * The card images of several albums at once: the first media of each album's first `perAlbum` posts
 * the viewer can see, in album order. A lateral join walks each album's (album_id, position) index.
 */
export async function findAlbumImages(
  db: Db,
  albumIds: readonly string[],
  viewerId: string | null,
  perAlbum: number,
): Promise<AlbumImageRow[]> {
  if (albumIds.length === 0) return [];
  const ids = sql.join(
    albumIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select a.id as album_id, first_posts.post_id, first_posts.url, first_posts.type,
           first_posts.placeholder, first_posts.variants
    from ${albums} a
    cross join lateral (
      select ${posts.id} as post_id,
             coalesce(${postMedia.media_url}, ${posts.media_url}) as url,
             coalesce(${postMedia.media_type}, ${posts.media_type}) as type,
             ${postMedia.placeholder} as placeholder,
             ${postMedia.variants} as variants,
             ${albumPosts.position} as position
      from ${albumPosts}
      join ${posts} on ${posts.id} = ${albumPosts.post_id}
      left join ${postMedia} on ${postMedia.post_id} = ${posts.id} and ${postMedia.media_order} = 0
      where ${albumPosts.album_id} = a.id and ${postVisibleTo(viewerId)}
      order by ${albumPosts.position}, ${albumPosts.post_id}
      limit ${perAlbum}
    ) first_posts
    where a.id in (${ids})
    order by a.id, first_posts.position, first_posts.post_id`);
  return rowsOf<AlbumImageRow>(result);
}

// ---------------------------------------------------------------------------------------------------------
// Saved albums: keyed by (profile, album), so saving again changes nothing.
// ---------------------------------------------------------------------------------------------------------

export async function insertSavedAlbum(db: Db, profileId: string, albumId: string): Promise<void> {
  await db.insert(savedAlbums).values({ profile_id: profileId, album_id: albumId }).onConflictDoNothing();
}

export async function deleteSavedAlbum(db: Db, profileId: string, albumId: string): Promise<void> {
  await db
    .delete(savedAlbums)
    .where(and(eq(savedAlbums.profile_id, profileId), eq(savedAlbums.album_id, albumId)));
}
