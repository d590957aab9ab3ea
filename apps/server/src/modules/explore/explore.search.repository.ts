import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { postSearch, profiles, searchTerms } from '../../db/schema/index.ts';
import { isFuzzyWord } from '../search-index/search-index.text.ts';
import { searchScore } from './explore.search-rank.ts';
import { arrayParam, epochMs, filterCondition, NEWEST_FIRST } from './explore.sql.ts';

/*
 * Search's SQL: the corrections and authors of each query word, and the ranking of the matching posts.
 * The words themselves are made in JavaScript (modules/search-index/search-index.text.ts).
 */

/** Below this trigram similarity a known word is no correction of a query word ('zra' ~ 'zara' is 0.29). */
const CORRECTION_SIMILARITY = 0.25;
/** Corrections kept per query word, most similar first. */
const CORRECTIONS_PER_WORD = 4;
/** Authors matched per query word; a word that names more people than this names nobody in particular. */
const AUTHORS_PER_WORD = 200;

/**
 * At most this many known words starting with a query word are listed (`completions`): beyond it the word
 * is matched as a prefix (see WordMatch.match).
 */
export const COMPLETIONS_MAX = 32;

/** What search needs of one query word, the same for every query holding it (ExploreService keeps it). */
export interface WordFacts {
  /**
   * The known words most like it (itself first when known), most alike first; none for a word too short
   * to be corrected (isFuzzyWord).
   */
  similar: string[];
  /** The profiles whose username or display name holds the word (see findWordFacts). */
  authorIds: string[];
  /**
   * Whether `authorIds` are all such profiles: at most AUTHORS_PER_WORD of them. When not, the ones a
   * query takes depend on the whole query (findWordAuthors).
   */
  allAuthors: boolean;
  /** Known words that are the word or start with it, at most COMPLETIONS_MAX + 1 (then: more than the max). */
  prefixed: string[];
}

/** A known word's completions as a search plan takes them: null when more than COMPLETIONS_MAX. */
export function completionsOf(facts: WordFacts): string[] | null {
  return facts.prefixed.length > COMPLETIONS_MAX ? null : facts.prefixed;
}

/** The profiles whose names hold a word: a lowercase text, with a trigram index (profiles_names_trgm_idx). */
const profileNames = sql`lower(coalesce(${profiles.username}, '') || ' ' || coalesce(${profiles.display_name}, ''))`;

/** Up to `limit` profiles whose names hold `word`, those most like the whole `query` first. */
function authorsOf(word: string, query: string, limit: number): SQL {
  return sql`coalesce(array(
    select ${profiles.id}::text from ${profiles}
    where ${profileNames} %> ${word}::text
    order by similarity(${profileNames}, ${query.toLowerCase()}) desc, ${profiles.id}
    limit ${limit}
  ), '{}')`;
}

/**
 * Within inSearchTransaction, the facts of each of `words` (WordFacts: its corrections, the authors it
 * names, the known words it starts) and which of `terms` are known words, in one statement. Authors are
 * matched by pg_trgm word similarity at its default 0.6 threshold, those most like the whole `query`
 * first, so that a common word ('creator') keeps the profile the query names.
 *
 * One select per word, not one over unnest(words): PostgreSQL plans a LIKE whose pattern is a parameter
 * with the pattern as a constant and reads the words starting with it from an index (a range of the primary
 * key under the C collation, the trigram index under another), where the pattern of an unnest row is known
 * only while running and the `exists` that used it read the whole table: 3.5 million words, 333 ms a
 * query word at 1,000,000 posts, 1 s for 'black zara dress' (EXPLAIN ANALYZE; now 0.1 ms a word).
 */
export async function findWordFacts(
  tx: Db,
  words: readonly string[],
  terms: readonly string[],
  query: string,
): Promise<{ facts: Map<string, WordFacts>; knownTerms: Set<string> }> {
  const facts = new Map<string, WordFacts>();
  const knownTerms = new Set<string>();
  if (words.length === 0 && terms.length === 0) return { facts, knownTerms };
  // Corrections only for the words that take them: 'il' shares a trigram with every word starting with
  // 'i' (over 0.25 of its three), so looking it up rechecked 250,000 words at 100,000 posts (250 ms).
  const similar = (word: string) =>
    isFuzzyWord(word)
      ? sql`coalesce(array(
          select t.term from ${searchTerms} t
          where t.term % ${word}::text
          order by similarity(t.term, ${word}::text) desc, t.term
          limit ${CORRECTIONS_PER_WORD}
        ), '{}')`
      : sql`'{}'::text[]`;
  const wordSelect = (word: string) => sql`
      select 'word' as kind, ${word}::text as word, ${similar(word)} as similar,
        ${authorsOf(word, query, AUTHORS_PER_WORD + 1)} as "authorIds",
        coalesce(array(
          select k.term from ${searchTerms} k where k.term like ${word}::text || '%'
          limit ${COMPLETIONS_MAX + 1}
        ), '{}') as prefixed`;
  const termSelect = (term: string) => sql`
      select 'term' as kind, ${term}::text as word, null, null,
        case when exists(select 1 from ${searchTerms} k where k.term = ${term}::text) then '{}'::text[] end`;
  const result = await tx.execute(
    sql.join([...words.map(wordSelect), ...terms.map(termSelect)], sql` union all `),
  );
  const rows = rowsOf<{
    kind: 'word' | 'term';
    word: string;
    similar: string[] | null;
    authorIds: string[] | null;
    prefixed: string[] | null;
  }>(result);
  for (const row of rows) {
    if (row.kind === 'term') {
      if (row.prefixed) knownTerms.add(row.word);
      continue;
    }
    const authorIds = row.authorIds ?? [];
    facts.set(row.word, {
      similar: row.similar ?? [],
      authorIds: authorIds.slice(0, AUTHORS_PER_WORD),
      allAuthors: authorIds.length <= AUTHORS_PER_WORD,
      prefixed: row.prefixed ?? [],
    });
  }
  return { facts, knownTerms };
}

/**
 * The AUTHORS_PER_WORD profiles whose names hold `word` most like the whole `query`: for a word that names
 * more people than that (WordFacts.allAuthors false), so the ones taken depend on the query.
 */
export async function findWordAuthors(db: Db, word: string, query: string): Promise<string[]> {
  const result = await db.execute(sql`select ${authorsOf(word, query, AUTHORS_PER_WORD)} as "authorIds"`);
  return rowsOf<{ authorIds: string[] }>(result)[0]?.authorIds ?? [];
}

/**
 * Runs a search's statements (findWordExpansions, then rankSearchCandidates) in one transaction with
 * search's settings, local to it: the similarity threshold of the `%` operator (and of its trigram index
 * with it), and no JIT compilation, which PostgreSQL starts above a plan cost of 100,000 and which the
 * plan of a search with a window reaches at 1,000,000 posts (the later part's estimate counts though it
 * mostly never runs): 12 ms of compiling for a 66 ms statement.
 */
export function inSearchTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.similarity_threshold', ${String(CORRECTION_SIMILARITY)}, true),
        set_config('jit', 'off', true)`,
    );
    return work(tx);
  });
}

/** One query word as the search matches it. */
export interface WordMatch {
  /** tsquery literal of the word as typed (a prefix when long enough). */
  exact: string;
  /** tsquery literal of the word or any of its corrections. */
  any: string;
  /**
   * What finds the posts `any` matches: `any` itself, or, for a prefix with few known completions, those
   * words and the corrections, each as it is. The same posts, as every word of a document that is long
   * enough to be a prefix's completion is a known word (the lexicon gets a post's words in the
   * transaction that writes its search row; a search started just before a new word's first post may
   * miss that post, as its cached ranking would anyway), but the GIN index then intersects the
   * words' lists, where a prefix makes it collect each one's whole list into a bitmap first: 'black':* &
   * 'zara':* & 'dress':* took 209 ms (346 ms with the bitmaps lossy at the default work_mem) and the
   * same words as they are 30 ms, at 1,000,000 posts. Ranking keeps `exact` and `any` (ts_rank scores a
   * prefix otherwise than a list of words).
   */
  match: string;
  /** Authors whose names hold the word. */
  authorIds: string[];
}

export interface SearchOptions {
  words: readonly WordMatch[];
  /** tsquery literal of all words run together ('plus size' -> 'plussize'), for several words. */
  joined: string | null;
  /** Only the newest this-many matches are ranked, listed and counted. */
  candidates: number;
  /** The filters' key lists (see filterSetKeys): only posts matching them all are searched. */
  filterKeys?: readonly (readonly string[])[];
  /**
   * The posts since this time are searched first, the older ones only when those hold too few matches
   * (see candidatesCte). Any time gives the same answer; none searches all at once.
   */
  recentFrom?: Date | null;
}

export interface SearchRow {
  postId: string;
  createdAt: Date;
  score: number;
}

/*
 * A post matches when every word matches its document (the word, a prefix of it, or a correction) or its
 * author's names, or when the words run together match a tag. Relevance: searchScore.
 */
function wordCondition(word: WordMatch): SQL {
  const inDocument = sql`${postSearch.document} @@ ${word.match}::tsquery`;
  if (word.authorIds.length === 0) return inDocument;
  return sql`(${inDocument} or ${postSearch.profile_id} = any(${arrayParam(word.authorIds)}::uuid[]))`;
}

function searchMatch(options: Pick<SearchOptions, 'words' | 'joined'>): SQL {
  const match = sql.join(options.words.map(wordCondition), sql` and `);
  if (!options.joined) return match;
  return sql`((${match}) or ${postSearch.document} @@ ${options.joined}::tsquery)`;
}

/**
 * The public matches (ids, times and where their rows are) with created_at in [from, before), either end
 * open when absent.
 */
function searchMatches(
  options: Pick<SearchOptions, 'words' | 'joined' | 'filterKeys'>,
  range: { from?: Date; before?: Date } = {},
): SQL {
  const conditions = [sql`${postSearch.is_public}`, searchMatch(options)];
  const filters = filterCondition(options.filterKeys ?? []);
  if (filters) conditions.push(filters);
  if (range.from) conditions.push(sql`${postSearch.created_at} >= ${range.from.toISOString()}::timestamptz`);
  if (range.before)
    conditions.push(sql`${postSearch.created_at} < ${range.before.toISOString()}::timestamptz`);
  return sql`
    select ${postSearch.post_id} as post_id, ${postSearch.created_at} as created_at, ctid as row_id
    from ${postSearch}
    where ${sql.join(conditions, sql` and `)}`;
}

/**
 * The CTE `c`: the newest `candidates` + 1 public matches (ids, times and their rows' ctid), never more
 * rows than that.
 *
 * The matches of several words (or of words and filters) are found through the GIN index, materialized,
 * then sorted: never by walking post_search_public_created_at_idx and testing each post, which the planner
 * chose when it took the words as independent and expected thousands of matches where there were none
 * ('green nike skirt' at 1,000,000 posts: all 980,000 public posts walked, 4.6 s). One word's estimate
 * is the index statistics' own, so there the planner still picks the walk when the word is in many posts.
 * The GIN index finds the matches without the table, but their times are in the table: with many
 * matches, reading them all is the cost ('white tommy': 33,000 matches, 28,000 pages, 225 ms). So with a
 * `recentFrom` (the time of the SEARCH_WINDOW-th newest public post), the matches since then are found
 * first (the GIN bitmap ANDed with the time index's: 3,400 rows read, 47 ms), and the older ones only
 * when those are not more than `candidates`.
 */
function candidatesCte(options: SearchOptions): SQL {
  const limit = options.candidates + 1;
  const walkable = options.words.length === 1 && (options.filterKeys ?? []).length === 0;
  const matches = (range: { from?: Date; before?: Date }) =>
    walkable
      ? sql`${searchMatches(options, range)} order by ${sql.join([...NEWEST_FIRST], sql`, `)} limit ${limit}`
      : searchMatches(options, range);
  const newest = (from: SQL) =>
    sql`c as materialized (
      select post_id, created_at, row_id from ${from} m
      order by created_at desc, post_id desc limit ${limit})`;
  if (!options.recentFrom) {
    return sql`all_matches as materialized (${matches({})}), ${newest(sql`all_matches`)}`;
  }
  const from = options.recentFrom;
  return sql`
    recent as materialized (${matches({ from })}),
    older as materialized (
      select * from (${matches({ before: from })}) o
      where (select count(*) from recent) <= ${options.candidates}
    ),
    ${newest(sql`(select * from recent union all select * from older)`)}`;
}

/** Search's ranked candidates, best first, and how many matches were found (up to candidates + 1). */
export interface SearchRanking {
  found: number;
  /** How many are ranked. */
  size: number;
  /** The ranked candidate at `at` (0: the best). */
  row(at: number): SearchRow;
}

/** The ranking of these rows, best first (bestFirst). */
export function rankingOf(rows: readonly SearchRow[], found: number): SearchRanking {
  return { found, size: rows.length, row: (at) => rows[at]! };
}

/**
 * Ranks the candidates (the newest `candidates` matches; one more is found only to know that there are
 * more) and answers all of them, best first: relevance needs each match's document (ts_rank reads all of
 * it), so the ranking is the expensive part, and every page of the same query is a slice of it (the service
 * keeps it briefly). At most `candidates` rows of a few narrow columns: each word's ts_rank values and
 * whether one of its authors wrote the post, added up by searchScore (explore.search-rank.ts) as the
 * in-memory index's ranking is. The candidates' rows are read again by their ctid, which this statement's
 * snapshot keeps valid: 2,000 rows by the primary key took 20-35 ms of a 'reebok tops' at 100,000 posts, by
 * ctid 12-20 ms.
 */
export async function rankSearchCandidates(db: Db, options: SearchOptions): Promise<SearchRanking> {
  if (options.words.length === 0) return rankingOf([], 0);
  const ranks: SQL[] = [];
  const authored: SQL[] = [];
  for (const word of options.words) {
    ranks.push(sql`ts_rank(${postSearch.document}, ${word.exact}::tsquery)`);
    if (word.any !== word.exact) ranks.push(sql`ts_rank(${postSearch.document}, ${word.any}::tsquery)`);
    if (word.authorIds.length > 0) {
      authored.push(sql`${postSearch.profile_id} = any(${arrayParam(word.authorIds)}::uuid[])`);
    }
  }
  if (options.joined) ranks.push(sql`ts_rank(${postSearch.document}, ${options.joined}::tsquery)`);
  const result = await db.execute(sql`
    with ${candidatesCte(options)}
    select ${postSearch.post_id} as "postId", ${epochMs(postSearch.created_at)} as "createdMs",
      array_to_json(array[${sql.join(ranks, sql`, `)}]::float4[])::text as ranks,
      array_to_json(array[${authored.length > 0 ? sql.join(authored, sql`, `) : sql``}]::boolean[])::text as authored,
      (select count(*)::int from c) as found
    from ${postSearch}
    where ctid = any(array(
      select c.row_id from c order by c.created_at desc, c.post_id desc limit ${options.candidates}
    ))`);
  const rows = rowsOf<{ postId: string; createdMs: number; ranks: string; authored: string; found: number }>(
    result,
  );
  const ranked = rows.map((row) => {
    const values = (JSON.parse(row.ranks) as number[]).map((value) => Math.fround(value));
    const authors = JSON.parse(row.authored) as boolean[];
    let at = 0;
    let authorAt = 0;
    const words = options.words.map((word) => ({
      exact: values[at++]!,
      any: word.any !== word.exact ? values[at++]! : null,
      author: word.authorIds.length > 0 ? authors[authorAt++]! : null,
    }));
    return {
      postId: row.postId,
      createdAt: new Date(Number(row.createdMs)),
      score: searchScore(words, options.joined ? values[at]! : null),
    };
  });
  return rankingOf(ranked.sort(bestFirst), Number(rows[0]?.found ?? 0));
}

/** Search's order: by relevance, then newest first (created_at, then id, as PostgreSQL compares uuids). */
export function bestFirst(a: SearchRow, b: SearchRow): number {
  if (a.score !== b.score) return b.score - a.score;
  const time = b.createdAt.getTime() - a.createdAt.getTime();
  if (time !== 0) return time;
  return a.postId < b.postId ? 1 : a.postId > b.postId ? -1 : 0;
}

/**
 * The time of the `size`-th newest public post, or null when there are not that many: where search's
 * first look ends (see candidatesCte). An index-only walk of `size` entries (26 ms for 100,000).
 */
export async function findRecentFrom(db: Db, size: number): Promise<Date | null> {
  const result = await db.execute(sql`
    select ${epochMs(postSearch.created_at)} as "ms" from ${postSearch}
    where ${postSearch.is_public}
    order by ${sql.join([...NEWEST_FIRST], sql`, `)}
    offset ${size - 1} limit 1`);
  const ms = rowsOf<{ ms: number }>(result)[0]?.ms;
  return ms === undefined ? null : new Date(Number(ms));
}
