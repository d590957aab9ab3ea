import { type AnyColumn, and, inArray, type SQL, sql } from 'drizzle-orm';
import { notBlockedFor } from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  brands,
  follows,
  itemClicks,
  type NewPostSearchRow,
  postItems,
  postSearch,
  posts,
  profiles,
  searchTerms,
  swipeEvents,
} from '../../db/schema/index.ts';
import type { CountedPosition, ScoredPosition } from '../../lib/ranked-cursor.ts';

/**
 * The only place with SQL for `post_search` and `search_terms`, and the read-only queries of the explore
 * pages over posts, items, brands, follows and clicks. Lists return post ids in order; the posts service
 * turns them into posts.
 */

/** A JavaScript array as one array parameter (a bare array would become a parameter list). */
const arrayParam = (values: readonly string[]) => sql.param([...values]);

/** A timestamp as milliseconds since the epoch: exact for our precision-3 columns on both drivers. */
const epochMs = (column: SQL | AnyColumn) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/*
 * Newest first, spelt as post_search_public_created_at_idx is built: drizzle-kit writes `.desc()` indexes
 * as DESC NULLS LAST, and PostgreSQL walks an index for an ORDER BY only when the NULLS order matches too
 * (the columns are NOT NULL, but the planner does not use that). Plain `desc` here made every filtered
 * page sort all its matches: 80 ms instead of 0.2 ms for 27,000 matches of 100,000 posts.
 */
const NEWEST_FIRST = [
  sql`${postSearch.created_at} desc nulls last`,
  sql`${postSearch.post_id} desc nulls last`,
] as const;

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

/**
 * Counts at most cap + 1 matches: the work stops there instead of visiting every match (55,000 for
 * size=M and color=Black of 1,000,000 posts). With the default cap (1,000) a broad filter reads about
 * cap / share-of-matches rows of the table in its physical order (11 ms at 1,000,000 posts) and a narrow
 * one its GIN bitmap; a cap of 10,000 made PostgreSQL read the whole bitmap of both keys (65-80 ms).
 */
async function countPublicPostsCapped(db: Db, where: SQL | undefined, cap: number): Promise<CappedCount> {
  const result = await db.execute(sql`
    select count(*)::int as value from (
      select 1 from ${postSearch} where ${and(sql`${postSearch.is_public}`, where)} limit ${cap + 1}
    ) m`);
  const value = Number(rowsOf<{ value: number }>(result)[0]?.value ?? 0);
  return value > cap ? { total: cap, capped: true } : { total: value, capped: false };
}

// ---------------------------------------------------------------------------------------------------------
// Indexing
// ---------------------------------------------------------------------------------------------------------

export interface IndexablePostRow {
  id: string;
  profile_id: string;
  visibility: string;
  created_at: Date;
  caption: string;
}

export interface IndexableItemRow {
  post_id: string;
  item_type: string | null;
  brand: string | null;
  size: string | null;
  color: string | null;
  pattern: string | null;
  title: string | null;
}

export async function findPostsForIndexing(db: Db, ids: readonly string[]): Promise<IndexablePostRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: posts.id,
      profile_id: posts.profile_id,
      visibility: posts.visibility,
      created_at: posts.created_at,
      caption: posts.caption,
    })
    .from(posts)
    .where(inArray(posts.id, [...ids]));
}

export async function findItemsForIndexing(db: Db, postIds: readonly string[]): Promise<IndexableItemRow[]> {
  if (postIds.length === 0) return [];
  return db
    .select({
      post_id: postItems.post_id,
      item_type: postItems.item_type,
      brand: postItems.brand,
      size: postItems.size,
      color: postItems.color,
      pattern: postItems.pattern,
      title: postItems.title,
    })
    .from(postItems)
    .where(inArray(postItems.post_id, [...postIds]));
}

/**
 * Writes the posts' search rows (`document` is a tsvector literal), replacing what was there, or with
 * `onlyMissing` leaving existing rows alone (a backfill must not overwrite a fresher row).
 */
export async function upsertPostSearch(
  db: Db,
  rows: readonly NewPostSearchRow[],
  options: { onlyMissing?: boolean } = {},
): Promise<void> {
  if (rows.length === 0) return;
  const insert = db
    .insert(postSearch)
    .values(rows.map((row) => ({ ...row, document: sql`${row.document}::tsvector` as unknown as string })));
  if (options.onlyMissing) {
    await insert.onConflictDoNothing();
    return;
  }
  await insert.onConflictDoUpdate({
    target: postSearch.post_id,
    set: {
      profile_id: sql`excluded.profile_id`,
      is_public: sql`excluded.is_public`,
      created_at: sql`excluded.created_at`,
      document: sql`excluded.document`,
      filter_keys: sql`excluded.filter_keys`,
      tag_keys: sql`excluded.tag_keys`,
      tags_text: sql`excluded.tags_text`,
      indexed_at: sql`now()`,
    },
  });
}

/** Adds words to the spelling lexicon. Sorted by the caller, so concurrent writers lock in one order. */
export async function insertSearchTerms(db: Db, terms: readonly string[]): Promise<void> {
  if (terms.length === 0) return;
  await db
    .insert(searchTerms)
    .values(terms.map((term) => ({ term })))
    .onConflictDoNothing();
}

/**
 * The smallest post id without a search row, or null: where the backfill's walk starts (one anti-join over
 * all posts, 0.4 s for 1,000,000 indexed posts, instead of walking them all when nothing is missing).
 */
export async function findFirstUnindexedPostId(db: Db): Promise<string | null> {
  const result = await db.execute(sql`
    select min(${posts.id}::text) as id from ${posts}
    where not exists (select 1 from ${postSearch} where ${postSearch.post_id} = ${posts.id})`);
  return rowsOf<{ id: string | null }>(result)[0]?.id ?? null;
}

export interface UnindexedBatch {
  /** Posts of this stretch without their search row. */
  ids: string[];
  /** The last post id of the stretch (where the next one starts), or null when the walk is done. */
  lastId: string | null;
}

/**
 * Posts written without their search row (before discovery existed, or by a bulk loader), walking the
 * posts in id order: the next `limit` posts after `afterId`, of which those without a row. Each call reads
 * only its own stretch of the primary key, so a backfill is linear (a `not exists` over all posts from
 * the start rescanned every indexed post again for each batch).
 */
export async function findUnindexedPostIds(
  db: Db,
  from: { after: string } | { atOrAfter: string },
  limit: number,
): Promise<UnindexedBatch> {
  const start =
    'after' in from ? sql`${posts.id} > ${from.after}::uuid` : sql`${posts.id} >= ${from.atOrAfter}::uuid`;
  const result = await db.execute(sql`
    select s.id::text as id, not exists (select 1 from ${postSearch} where ${postSearch.post_id} = s.id) as missing
    from (
      select ${posts.id} as id from ${posts} where ${start}
      order by ${posts.id} limit ${limit}
    ) s
    order by s.id`);
  const rows = rowsOf<{ id: string; missing: boolean }>(result);
  return {
    ids: rows.filter((row) => row.missing).map((row) => row.id),
    lastId: rows.length < limit ? null : (rows.at(-1)?.id ?? null),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------------------

/** Below this trigram similarity a known word is no correction of a query word ('zra' ~ 'zara' is 0.29). */
const CORRECTION_SIMILARITY = 0.25;
/** Corrections kept per query word, most similar first. */
const CORRECTIONS_PER_WORD = 4;
/** Authors matched per query word; a word that names more people than this names nobody in particular. */
const AUTHORS_PER_WORD = 200;

export interface WordExpansionRow {
  word: string;
  terms: string[];
  authorIds: string[];
}

/**
 * For each query word: the known words most like it (itself first when known) and the profiles whose
 * username or display name holds it (pg_trgm word similarity at its default 0.6 threshold), those most
 * like the whole query first, so that a common word ('creator') keeps the profile the query names.
 */
export async function findWordExpansions(
  db: Db,
  words: readonly string[],
  query: string,
): Promise<WordExpansionRow[]> {
  if (words.length === 0) return [];
  const names = sql`lower(coalesce(${profiles.username}, '') || ' ' || coalesce(${profiles.display_name}, ''))`;
  return db.transaction(async (tx) => {
    // Local to this transaction: the `%` operator below uses it (and its trigram index with it).
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(CORRECTION_SIMILARITY)}, true)`,
    );
    const result = await tx.execute(sql`
      select w.word,
        coalesce(array(
          select t.term from ${searchTerms} t
          where t.term % w.word
          order by similarity(t.term, w.word) desc, t.term
          limit ${CORRECTIONS_PER_WORD}
        ), '{}') as "terms",
        coalesce(array(
          select ${profiles.id}::text from ${profiles}
          where ${names} %> w.word
          order by similarity(${names}, ${query.toLowerCase()}) desc, ${profiles.id}
          limit ${AUTHORS_PER_WORD}
        ), '{}') as "authorIds"
      from unnest(${arrayParam(words)}::text[]) as w(word)`);
    return rowsOf<WordExpansionRow>(result);
  });
}

/** One query word as the search matches it. */
export interface WordMatch {
  /** tsquery literal of the word as typed (a prefix when long enough). */
  exact: string;
  /** tsquery literal of the word or any of its corrections. */
  any: string;
  /** Authors whose names hold the word. */
  authorIds: string[];
}

export interface SearchOptions {
  words: readonly WordMatch[];
  /** tsquery literal of all words run together ('plus size' -> 'plussize'), for several words. */
  joined: string | null;
  /** Only the newest this-many matches are ranked, listed and counted. */
  candidates: number;
}

export interface SearchRow {
  postId: string;
  createdAt: Date;
  score: number;
}

/*
 * A post matches when every word matches its document (the word, a prefix of it, or a correction) or its
 * author's names, or when the words run together match a tag. Relevance adds up, per word, the best of:
 * the word's own rank, half the rank of a correction, a fixed amount for the author. Rounded to 6 decimals
 * so that the cursor's number compares equal to the recomputed one.
 */
function wordCondition(word: WordMatch): SQL {
  const inDocument = sql`${postSearch.document} @@ ${word.any}::tsquery`;
  if (word.authorIds.length === 0) return inDocument;
  return sql`(${inDocument} or ${postSearch.profile_id} = any(${arrayParam(word.authorIds)}::uuid[]))`;
}

/** Each ts_rank reads the whole document: only the parts a word has are computed. */
function wordScore(word: WordMatch): SQL {
  const parts = [sql`ts_rank(${postSearch.document}, ${word.exact}::tsquery)`];
  if (word.any !== word.exact) parts.push(sql`ts_rank(${postSearch.document}, ${word.any}::tsquery) * 0.5`);
  if (word.authorIds.length > 0) {
    parts.push(
      sql`case when ${postSearch.profile_id} = any(${arrayParam(word.authorIds)}::uuid[]) then 0.3 else 0 end`,
    );
  }
  return parts.length === 1 ? parts[0]! : sql`greatest(${sql.join(parts, sql`, `)})`;
}

function searchMatch(options: Pick<SearchOptions, 'words' | 'joined'>): SQL {
  const match = sql.join(options.words.map(wordCondition), sql` and `);
  if (!options.joined) return match;
  return sql`((${match}) or ${postSearch.document} @@ ${options.joined}::tsquery)`;
}

/**
 * The newest `candidates` + 1 public matches (ids only), newest first: the GIN index or a walk of
 * post_search_public_created_at_idx, whichever the planner finds cheaper, and never more rows than that.
 */
function searchCandidates(options: Pick<SearchOptions, 'words' | 'joined' | 'candidates'>): SQL {
  return sql`
    select ${postSearch.post_id} as post_id, ${postSearch.created_at} as created_at
    from ${postSearch}
    where ${postSearch.is_public} and ${searchMatch(options)}
    order by ${sql.join([...NEWEST_FIRST], sql`, `)}
    limit ${options.candidates + 1}`;
}

/** Search's ranked candidates, best first, and how many matches were found (up to candidates + 1). */
export interface SearchRanking {
  rows: SearchRow[];
  found: number;
}

/**
 * Ranks the candidates (the newest `candidates` matches; one more is found only to know that there are
 * more) and answers all of them, best first: relevance needs each match's document (ts_rank reads all of
 * it), so the ranking is the expensive part, and every page of the same query is a slice of it (the service
 * keeps it briefly). At most `candidates` rows of three narrow columns.
 */
export async function rankSearchCandidates(db: Db, options: SearchOptions): Promise<SearchRanking> {
  if (options.words.length === 0) return { rows: [], found: 0 };
  let score = sql.join(options.words.map(wordScore), sql` + `);
  if (options.joined) score = sql`(${score} + ts_rank(${postSearch.document}, ${options.joined}::tsquery))`;
  const result = await db.execute(sql`
    with c as materialized (${searchCandidates(options)})
    select m.post_id as "postId", ${epochMs(sql`m.created_at`)} as "createdMs", m.score,
      (select count(*)::int from c) as found
    from (
      select ${postSearch.post_id} as post_id, ${postSearch.created_at} as created_at,
        round((${score})::numeric, 6)::float8 as score
      from ${postSearch}
      where ${postSearch.post_id} in (
        select k.post_id from (
          select c.post_id from c order by c.created_at desc, c.post_id desc limit ${options.candidates}
        ) k
      )
    ) m
    order by m.score desc, m.created_at desc, m.post_id desc`);
  const rows = rowsOf<{ postId: string; createdMs: number; score: number; found: number }>(result);
  return {
    rows: rows.map((row) => ({
      postId: row.postId,
      createdAt: new Date(Number(row.createdMs)),
      score: Number(row.score),
    })),
    found: Number(rows[0]?.found ?? 0),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Filters, categories, brands
// ---------------------------------------------------------------------------------------------------------

/** Every key list must share a key with the post's filter keys (see filterSetKeys in packages/shared). */
function filterCondition(keyLists: readonly (readonly string[])[]): SQL | undefined {
  if (keyLists.length === 0) return undefined;
  return and(...keyLists.map((keys) => sql`${postSearch.filter_keys} && ${arrayParam(keys)}::text[]`));
}

export async function findFilteredPostIds(
  db: Db,
  keyLists: readonly (readonly string[])[],
  after: PostKey | undefined,
  limit: number,
): Promise<PostIdRow[]> {
  return findPublicPostIds(db, filterCondition(keyLists), after, limit);
}

/** The filtered feed's count, stopping at `cap` (see countPublicPostsCapped). */
export async function countFiltered(
  db: Db,
  keyLists: readonly (readonly string[])[],
  cap: number,
): Promise<CappedCount> {
  return countPublicPostsCapped(db, filterCondition(keyLists), cap);
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

/** The category page's count, stopping at `cap` (see countPublicPostsCapped). */
export async function countCategory(db: Db, key: string, cap: number): Promise<CappedCount> {
  return countPublicPostsCapped(db, categoryCondition(key), cap);
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

/** The brand page's count, stopping at `cap` (see countPublicPostsCapped). */
export async function countBrandPosts(
  db: Db,
  brandKey: string,
  authorIds: readonly string[],
  cap: number,
): Promise<CappedCount> {
  return countPublicPostsCapped(db, brandCondition(brandKey, authorIds), cap);
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
 * Profiles with a username, by followers (most first, then id), continuing after `after`; without those
 * blocked either way by `viewerId`.
 */
export async function findCreatorsPage(
  db: Db,
  after: CountedPosition | undefined,
  limit: number,
  viewerId: string | null = null,
): Promise<CreatorRow[]> {
  const continuing = after
    ? sql`where (c.followers, c.id) < (${after.count}::int, ${after.id}::uuid)`
    : sql``;
  const result = await db.execute(sql`
    select * from (
      select ${profiles.id} as id, ${profiles.username} as username, ${profiles.display_name} as display_name,
        ${profiles.avatar_url} as avatar_url,
        (select count(*)::int from ${follows} where ${follows.following_id} = ${profiles.id}) as followers,
        (select count(*)::int from ${posts} where ${posts.profile_id} = ${profiles.id} and ${posts.visibility} = 'public') as posts
      from ${profiles}
      where ${profiles.username} is not null and ${notBlockedFor(viewerId, profiles.id) ?? sql`true`}
    ) c ${continuing}
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

export async function findOwnMeasurements(db: Db, profileId: string): Promise<Measurements | undefined> {
  const [row] = await db
    .select({
      chest: profiles.chest_circumference,
      waist: profiles.waist_circumference,
      hip: profiles.hip_circumference,
    })
    .from(profiles)
    .where(sql`${profiles.id} = ${profileId}`);
  return row;
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
      where ${profiles.measurements_public}
        and ${profiles.id} <> ${options.viewerId}::uuid
        and ${notBlockedFor(options.viewerId, profiles.id)}
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
// Outfits to rank by taste (the swipe deck and 'For you')
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
