import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { postSearch, profiles, searchTerms } from '../../db/schema/index.ts';
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

export interface WordExpansionRow {
  word: string;
  terms: string[];
  authorIds: string[];
  /** Whether some known word is the word itself or starts with it: it matches as typed. */
  known: boolean;
}

/**
 * For each query word: the known words most like it (itself first when known) and the profiles whose
 * username or display name holds it (pg_trgm word similarity at its default 0.6 threshold), those most
 * like the whole query first, so that a common word ('creator') keeps the profile the query names; and
 * whether a known word starts with it (then it needs no correction; query words hold no '%' or '_').
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
        ), '{}') as "authorIds",
        exists(select 1 from ${searchTerms} k where k.term like w.word || '%') as "known"
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
  /** The filters' key lists (see filterSetKeys): only posts matching them all are searched. */
  filterKeys?: readonly (readonly string[])[];
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
function searchCandidates(
  options: Pick<SearchOptions, 'words' | 'joined' | 'candidates' | 'filterKeys'>,
): SQL {
  const filters = filterCondition(options.filterKeys ?? []);
  return sql`
    select ${postSearch.post_id} as post_id, ${postSearch.created_at} as created_at
    from ${postSearch}
    where ${postSearch.is_public} and ${searchMatch(options)}${filters ? sql` and ${filters}` : sql``}
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
