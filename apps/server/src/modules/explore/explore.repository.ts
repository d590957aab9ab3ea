import { type AnyColumn, and, type SQL, sql } from 'drizzle-orm';
import { notBlockedFor } from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  brands,
  follows,
  itemClicks,
  postItems,
  postSearch,
  posts,
  profiles,
  swipeEvents,
} from '../../db/schema/index.ts';
import type { CountedPosition, ScoredPosition } from '../../lib/ranked-cursor.ts';
import { arrayParam, epochMs, filterCondition, NEWEST_FIRST } from './explore.sql.ts';

/**
 * The read-only queries of the explore pages over the search index (`post_search` and `search_terms`,
 * written by modules/search-index), posts, items, brands, follows and clicks. Lists return post ids in
 * order; the posts service turns them into posts. Search's ranking is in explore.search.repository.ts.
 */

export interface PostKey {
  createdAt: Date;
  id: string;
}

function olderThan(after: PostKey | undefined): SQL | undefined {
  if (!after) return undefined;
  return sql`(${postSearch.created_at}, ${postSearch.post_id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`;
}

export interface PostIdRow {
  postId: string;
  createdAt: Date;
}

/** A page of public post ids matching `where`, newest first. */
async function findPublicPostIds(
  db: Db,
  where: SQL | undefined,
  after: PostKey | undefined,
  limit: number,
): Promise<PostIdRow[]> {
  const rows = await db
    .select({ postId: postSearch.post_id, createdAt: postSearch.created_at })
    .from(postSearch)
    .where(and(sql`${postSearch.is_public}`, where, olderThan(after)))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
  return rows;
}

/** A count that stops at `cap`: `capped` when there are more than `cap` matches (`total` is then `cap`). */
export interface CappedCount {
  total: number;
  capped: boolean;
}

/** A capped count with, when it is not capped, every match: newest first, by created_at then id. */
export interface CappedMatches extends CappedCount {
  rows: PostIdRow[] | null;
}

/**
 * Takes at most cap + 1 matches: the work stops there instead of visiting every match (55,000 for
 * size=M and color=Black of 1,000,000 posts). With the default cap (1,000) a broad condition reads about
 * cap / share-of-matches rows of the table in its physical order (11 ms at 1,000,000 posts) and a narrow
 * one its GIN bitmap; a cap of 10,000 made PostgreSQL read the whole bitmap of both keys (65-80 ms).
 * When there are at most `cap`, the same statement returns them in time order, so that a narrow filter's
 * pages need no walk of their own: the walk in time order (findPublicPostIds) is quick for a broad one
 * but reads every public post when few or none match, as the planner takes the keys as independent and
 * expects ~10,000 matches where there are 0 (size=M, type=Dress, color=Black of 1,000,000 generated
 * posts: 2.2 s and 980,000 rows walked, against 25 ms through the GIN index).
 */
async function findPublicMatchesCapped(db: Db, where: SQL | undefined, cap: number): Promise<CappedMatches> {
  const result = await db.execute(sql`
    with m as materialized (
      select ${postSearch.post_id} as post_id, ${postSearch.created_at} as created_at from ${postSearch}
      where ${and(sql`${postSearch.is_public}`, where)} limit ${cap + 1}
    ), n as (select count(*)::int as total from m)
    select n.total, r.post_id as "postId", r.created_ms as "createdMs"
    from n left join lateral (
      select m.post_id, ${epochMs(sql`m.created_at`)} as created_ms from m where n.total <= ${cap}
      order by m.created_at desc, m.post_id desc
    ) r on true`);
  const rows = rowsOf<{ total: number; postId: string | null; createdMs: number | null }>(result);
  const total = Number(rows[0]?.total ?? 0);
  if (total > cap) return { total: cap, capped: true, rows: null };
  const matches = rows.flatMap((row) =>
    row.postId === null ? [] : [{ postId: row.postId, createdAt: new Date(Number(row.createdMs)) }],
  );
  return { total, capped: false, rows: matches };
}

// ---------------------------------------------------------------------------------------------------------
// Filters, categories, brands
// ---------------------------------------------------------------------------------------------------------

export async function findFilteredPostIds(
  db: Db,
  keyLists: readonly (readonly string[])[],
  after: PostKey | undefined,
  limit: number,
): Promise<PostIdRow[]> {
  return findPublicPostIds(db, filterCondition(keyLists), after, limit);
}

/** The filtered feed's matches, up to `cap` (see findPublicMatchesCapped). */
export async function findFilteredMatches(
  db: Db,
  keyLists: readonly (readonly string[])[],
  cap: number,
): Promise<CappedMatches> {
  return findPublicMatchesCapped(db, filterCondition(keyLists), cap);
}

/** A tag containing `key` (a tagKey: letters and digits only, so no LIKE wildcard can be in it). */
function categoryCondition(key: string): SQL {
  return sql`${postSearch.tags_text} like ${`%${key}%`}`;
}

export async function findCategoryPostIds(
  db: Db,
  key: string,
  after: PostKey | undefined,
  limit: number,
): Promise<PostIdRow[]> {
  return findPublicPostIds(db, categoryCondition(key), after, limit);
}

/** The category page's matches, up to `cap` (see findPublicMatchesCapped). */
export async function findCategoryMatches(db: Db, key: string, cap: number): Promise<CappedMatches> {
  return findPublicMatchesCapped(db, categoryCondition(key), cap);
}

function brandCondition(brandKey: string, authorIds: readonly string[]): SQL {
  const byItem = sql`${postSearch.filter_keys} && ${arrayParam([brandKey])}::text[]`;
  if (authorIds.length === 0) return byItem;
  return sql`(${byItem} or ${postSearch.profile_id} = any(${arrayParam(authorIds)}::uuid[]))`;
}

export async function findBrandPostIds(
  db: Db,
  brandKey: string,
  authorIds: readonly string[],
  after: PostKey | undefined,
  limit: number,
): Promise<PostIdRow[]> {
  return findPublicPostIds(db, brandCondition(brandKey, authorIds), after, limit);
}

/** The brand page's matches, up to `cap` (see findPublicMatchesCapped). */
export async function findBrandMatches(
  db: Db,
  brandKey: string,
  authorIds: readonly string[],
  cap: number,
): Promise<CappedMatches> {
  return findPublicMatchesCapped(db, brandCondition(brandKey, authorIds), cap);
}

export interface AuthorNameRow {
  id: string;
  username: string | null;
  display_name: string | null;
}

/** Profiles whose username or display name is `name`, ignoring case (the service compares exactly). */
export async function findProfilesNamed(db: Db, name: string): Promise<AuthorNameRow[]> {
  return db
    .select({ id: profiles.id, username: profiles.username, display_name: profiles.display_name })
    .from(profiles)
    .where(
      sql`lower(btrim(${profiles.username})) = lower(${name}) or lower(btrim(${profiles.display_name})) = lower(${name})`,
    )
    .limit(50);
}

export interface BrandCountRow {
  id: string;
  name: string;
  itemCount: number;
}

/** Items of public posts per brand: a brand matches an item's brand ignoring case, as it is counted. */
const brandItemCounts = sql`(
  select lower(${postItems.brand}) as brand_key, count(*)::int as item_count
  from ${postItems} join ${posts} on ${posts.id} = ${postItems.post_id}
  where ${posts.visibility} = 'public' and ${postItems.brand} is not null
  group by 1
)`;

/** Brands by the number of tagged items of public posts, most first; `limit` null for all of them. */
export async function findBrandsByItemCount(db: Db, limit: number | null): Promise<BrandCountRow[]> {
  const result = await db.execute(sql`
    select ${brands.id} as id, ${brands.name} as name, coalesce(c.item_count, 0)::int as "itemCount"
    from ${brands} left join ${brandItemCounts} c on c.brand_key = lower(${brands.name})
    order by "itemCount" desc, lower(${brands.name}), ${brands.id}
    ${limit === null ? sql`` : sql`limit ${limit}`}`);
  return rowsOf<BrandCountRow>(result).map((row) => ({ ...row, itemCount: Number(row.itemCount) }));
}

export async function findBrandWithItemCount(db: Db, brandId: string): Promise<BrandCountRow | undefined> {
  const result = await db.execute(sql`
    select ${brands.id} as id, ${brands.name} as name,
      (select count(*)::int from ${postItems} join ${posts} on ${posts.id} = ${postItems.post_id}
        where ${posts.visibility} = 'public' and lower(${postItems.brand}) = lower(${brands.name})) as "itemCount"
    from ${brands} where ${brands.id} = ${brandId}::uuid`);
  const [row] = rowsOf<BrandCountRow>(result);
  return row ? { ...row, itemCount: Number(row.itemCount) } : undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Creators and trending products
// ---------------------------------------------------------------------------------------------------------

export interface CreatorRow {
  id: string;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
  followers: number;
  posts: number;
}

/**
 * Profiles with a username and at least one public post, by followers (most first, then id), continuing
 * after `after`; without those blocked either way by `viewerId`.
 */
export async function findCreatorsPage(
  db: Db,
  after: CountedPosition | undefined,
  limit: number,
  viewerId: string | null = null,
): Promise<CreatorRow[]> {
  const continuing = after ? sql`and (c.followers, c.id) < (${after.count}::int, ${after.id}::uuid)` : sql``;
  const result = await db.execute(sql`
    select * from (
      select ${profiles.id} as id, ${profiles.username} as username, ${profiles.display_name} as display_name,
        ${profiles.avatar_url} as avatar_url,
        (select count(*)::int from ${follows} where ${follows.following_id} = ${profiles.id}) as followers,
        (select count(*)::int from ${posts} where ${posts.profile_id} = ${profiles.id} and ${posts.visibility} = 'public') as posts
      from ${profiles}
      where ${profiles.username} is not null and ${notBlockedFor(viewerId, profiles.id) ?? sql`true`}
    ) c where c.posts > 0 ${continuing}
    order by c.followers desc, c.id desc
    limit ${limit}`);
  return rowsOf<CreatorRow>(result).map((row) => ({
    ...row,
    followers: Number(row.followers),
    posts: Number(row.posts),
  }));
}

export interface TrendingRow {
  id: string;
  post_id: string;
  title: string | null;
  brand: string | null;
  item_type: string | null;
  price: number | string | null;
  currency: string;
  image_url: string | null;
  post_media_url: string;
  link: string;
  clicks: number;
}

/**
 * Items of public posts by their clicks since `days` ago (most first, then id); items without clicks are
 * left out, and so are those of people `viewerId` blocked or who blocked them.
 */
export async function findTrendingPage(
  db: Db,
  days: number,
  after: CountedPosition | undefined,
  limit: number,
  viewerId: string | null = null,
): Promise<TrendingRow[]> {
  const continuing = after
    ? sql`and (c.clicks, ${postItems.id}) < (${after.count}::int, ${after.id}::uuid)`
    : sql``;
  const result = await db.execute(sql`
    select ${postItems.id} as id, ${postItems.post_id} as post_id, ${postItems.title} as title,
      ${postItems.brand} as brand, ${postItems.item_type} as item_type, ${postItems.price} as price,
      ${postItems.currency} as currency, ${postItems.image_url} as image_url, ${posts.media_url} as post_media_url,
      ${postItems.link} as link, c.clicks
    from (
      select ${itemClicks.item_id} as item_id, count(*)::int as clicks
      from ${itemClicks}
      where ${itemClicks.created_at} > now() - make_interval(days => ${days}::int)
      group by ${itemClicks.item_id}
    ) c
    join ${postItems} on ${postItems.id} = c.item_id
    join ${posts} on ${posts.id} = ${postItems.post_id} and ${posts.visibility} = 'public'
    where ${notBlockedFor(viewerId, posts.profile_id) ?? sql`true`} ${continuing}
    order by c.clicks desc, ${postItems.id} desc
    limit ${limit}`);
  return rowsOf<TrendingRow>(result).map((row) => ({ ...row, clicks: Number(row.clicks) }));
}

// ---------------------------------------------------------------------------------------------------------
// Fits like me
// ---------------------------------------------------------------------------------------------------------

export interface Measurements {
  chest: number;
  waist: number;
  hip: number;
}

/** The caller's own three measurements, or undefined unless they have entered all three (0 is invalid). */
export async function findOwnMeasurements(db: Db, profileId: string): Promise<Measurements | undefined> {
  const [row] = await db
    .select({
      chest: profiles.chest_circumference,
      waist: profiles.waist_circumference,
      hip: profiles.hip_circumference,
    })
    .from(profiles)
    .where(sql`${profiles.id} = ${profileId}`);
  if (!row) return undefined;
  const { chest, waist, hip } = row;
  return chest && waist && hip ? { chest, waist, hip } : undefined;
}

/** Who may appear in 'Fits like me' for a viewer: others with public measurements, not across a block. */
function fitsCandidates(viewerId: string) {
  return sql`${profiles.measurements_public}
        and ${profiles.id} <> ${viewerId}::uuid
        and ${notBlockedFor(viewerId, profiles.id)}`;
}

/** The tolerance at which a profile starts to match the reference: its largest difference, in cm. */
function neededTolerance(r: Measurements) {
  return sql`greatest(abs(${profiles.chest_circumference} - ${r.chest}::int),
    abs(${profiles.waist_circumference} - ${r.waist}::int), abs(${profiles.hip_circumference} - ${r.hip}::int))`;
}

/**
 * How many posts would match at each tolerance up to `max` (the posts that start to match at it), from
 * the same candidates as findFitsPage: only public measurements ever decide how wide the search goes.
 */
export async function countFitsByTolerance(
  db: Db,
  options: { reference: Measurements; viewerId: string; max: number },
): Promise<Map<number, number>> {
  const result = await db.execute(sql`
    select ${neededTolerance(options.reference)}::int as tolerance, count(*)::int as posts
    from ${profiles}
    join ${posts} on ${posts.profile_id} = ${profiles.id} and ${posts.visibility} = 'public'
    where ${fitsCandidates(options.viewerId)}
      and ${neededTolerance(options.reference)} <= ${options.max}::int
    group by 1`);
  return new Map(
    rowsOf<{ tolerance: number; posts: number }>(result).map((row) => [
      Number(row.tolerance),
      Number(row.posts),
    ]),
  );
}

export interface FitsOptions {
  reference: Measurements;
  tolerance: number;
  /** Whose reference it is: their own posts, and those across a block from them, are left out. */
  viewerId: string;
  after: ScoredPosition | undefined;
  limit: number;
}

export interface FitsRow {
  postId: string;
  createdAt: Date;
  distance: number;
  total: number;
}

/**
 * Public posts by other authors who share their measurements, each within `tolerance` cm of the reference,
 * closest first (sum of the three differences), then newest. The measurements never leave this query.
 */
export async function findFitsPage(db: Db, options: FitsOptions): Promise<FitsRow[]> {
  const { reference: r, tolerance: t } = options;
  const within = (column: AnyColumn, value: number) =>
    sql`${column} between ${value - t}::int and ${value + t}::int`;
  // Rows sort by distance ascending but by time and id descending, so the position is compared in two parts.
  const after = options.after
    ? sql`where f.distance > ${options.after.score}::float8
        or (f.distance = ${options.after.score}::float8
          and (f.created_at, f.post_id) < (${options.after.createdAt.toISOString()}::timestamptz, ${options.after.id}::uuid))`
    : sql``;
  const result = await db.execute(sql`
    with f as (
      select ${posts.id} as post_id, ${posts.created_at} as created_at,
        (abs(${profiles.chest_circumference} - ${r.chest}::int) + abs(${profiles.waist_circumference} - ${r.waist}::int)
          + abs(${profiles.hip_circumference} - ${r.hip}::int))::int as distance,
        count(*) over ()::int as total
      from ${profiles}
      join ${posts} on ${posts.profile_id} = ${profiles.id} and ${posts.visibility} = 'public'
      where ${fitsCandidates(options.viewerId)}
        and ${within(profiles.chest_circumference, r.chest)}
        and ${within(profiles.waist_circumference, r.waist)}
        and ${within(profiles.hip_circumference, r.hip)}
    )
    select f.post_id as "postId", ${epochMs(sql`f.created_at`)} as "createdMs", f.distance, f.total
    from f ${after}
    order by f.distance asc, f.created_at desc, f.post_id desc
    limit ${options.limit}`);
  return rowsOf<{ postId: string; createdMs: number; distance: number; total: number }>(result).map(
    (row) => ({
      postId: row.postId,
      createdAt: new Date(Number(row.createdMs)),
      distance: Number(row.distance),
      total: Number(row.total),
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Outfits to rank by preferences (the swipe deck and 'For you')
// ---------------------------------------------------------------------------------------------------------

export interface OutfitRow {
  postId: string;
  createdAt: Date;
  tagKeys: string[];
  filterKeys: string[];
  username: string | null;
  displayName: string | null;
}

export interface OutfitCandidateOptions {
  limit: number;
  /** Leave out this profile's own posts. */
  excludeAuthorId?: string | null;
  /** Leave out the posts this profile has swiped. */
  notSwipedBy?: string | null;
  /** Leave out the posts of people this profile blocked or who blocked it. */
  viewerId?: string | null;
}

/** The newest public posts with what scoring reads, newest first. */
export async function findOutfitCandidates(db: Db, options: OutfitCandidateOptions): Promise<OutfitRow[]> {
  const conditions: SQL[] = [sql`${postSearch.is_public}`];
  if (options.excludeAuthorId)
    conditions.push(sql`${postSearch.profile_id} <> ${options.excludeAuthorId}::uuid`);
  if (options.notSwipedBy) {
    conditions.push(
      sql`not exists (select 1 from ${swipeEvents} where ${swipeEvents.profile_id} = ${options.notSwipedBy}::uuid and ${swipeEvents.outfit_id} = ${postSearch.post_id})`,
    );
  }
  const notBlocked = notBlockedFor(options.viewerId, postSearch.profile_id);
  if (notBlocked) conditions.push(notBlocked);
  return db
    .select({
      postId: postSearch.post_id,
      createdAt: postSearch.created_at,
      tagKeys: postSearch.tag_keys,
      filterKeys: postSearch.filter_keys,
      username: profiles.username,
      displayName: profiles.display_name,
    })
    .from(postSearch)
    .innerJoin(profiles, sql`${profiles.id} = ${postSearch.profile_id}`)
    .where(and(...conditions))
    .orderBy(...NEWEST_FIRST)
    .limit(options.limit);
}

// ---------------------------------------------------------------------------------------------------------
// Hashtags
// ---------------------------------------------------------------------------------------------------------

/**
 * Posts with exactly the tag `key` (a tagKey, so no LIKE character is in it; served by the trigram index
 * on tags_text) that `viewerId` may see: public or their own, and nothing across a block.
 */
function tagCondition(key: string, viewerId: string | null): SQL {
  const mine = viewerId ? sql` or ${postSearch.profile_id} = ${viewerId}::uuid` : sql``;
  return and(
    sql`${postSearch.tags_text} like ${`%|${key}|%`}`,
    sql`(${postSearch.is_public}${mine})`,
    notBlockedFor(viewerId, postSearch.profile_id),
  ) as SQL;
}

export async function findTagPostIds(
  db: Db,
  key: string,
  viewerId: string | null,
  after: PostKey | undefined,
  limit: number,
): Promise<PostIdRow[]> {
  return db
    .select({ postId: postSearch.post_id, createdAt: postSearch.created_at })
    .from(postSearch)
    .where(and(tagCondition(key, viewerId), olderThan(after)))
    .orderBy(...NEWEST_FIRST)
    .limit(limit);
}

/** How many posts with the tag `viewerId` may see, stopping at `cap` (as findPublicMatchesCapped does). */
export async function countTagPosts(
  db: Db,
  key: string,
  viewerId: string | null,
  cap: number,
): Promise<CappedCount> {
  const result = await db.execute(sql`
    select count(*)::int as value from (
      select 1 from ${postSearch} where ${tagCondition(key, viewerId)} limit ${cap + 1}
    ) m`);
  const value = Number(rowsOf<{ value: number }>(result)[0]?.value ?? 0);
  return value > cap ? { total: cap, capped: true } : { total: value, capped: false };
}
