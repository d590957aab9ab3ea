import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  type FilterChangeRow,
  type FilterEntryRow,
  findChangeSnapshot,
  findFilterChanges,
  findPublicFilterEntries,
  removeOldFilterChanges,
} from './explore.filter-index.repository.ts';
import {
  type FilterMatch,
  type FilterPostings,
  FilterPostingsBuilder,
  holdsSlot,
  type ScanKey,
} from './explore.filter-postings.ts';
import type { CappedMatches, PostIdRow, PostKey } from './explore.repository.ts';
import type { SearchRanking, SearchRow } from './explore.search.repository.ts';
import {
  addWeightAt,
  anyOperands,
  compareLexemes,
  exactOperands,
  finishRank,
  matchOperands,
  parseDocument,
  rankOrder,
  type SearchOperand,
  type SearchPlan,
  searchScore,
  WEIGHTS,
  type Weight,
  type WordRanks,
} from './explore.search-rank.ts';

/**
 * The filtered feed's matches (and search's) from memory instead of PostgreSQL (issue 20: a filter set
 * PostgreSQL had not seen cost 25-2,000 ms at 1,000,000 posts, as its GIN index intersects keys that are
 * each in 10-35% of posts). Each server holds every public post's filter keys (explore.filter-postings.ts), read once
 * from post_search, and keeps them fresh from post_search_changes, which triggers write for every way
 * post_search is written (the services, the command line, an account's deletion, another server):
 *
 * - before answering, it reads the changes committed since it last looked, in one small statement (the
 *   change table's index on the transaction id) that begins after the request arrived, so an answer
 *   holds every change committed before its request, as PostgreSQL's own would. Requests that arrive
 *   while one such read runs share the next, so under load there is at most one a round trip, not one a
 *   request;
 * - a changed post's old entry is marked dead and its new one kept beside the postings; when those grow
 *   past MAX_CHANGED (or a tenth of the posts are dead), they are put among the postings in memory
 *   (`compacted`), between two reads of changes;
 * - while the first read is under way (one read of post_search in batches, begun at start), a request
 *   waits for it up to FIRST_READ_WAIT_MS, then asks PostgreSQL; so does one when a read fails.
 *
 * The same postings answer search (`FilterIndexState.search`; see AUTHOR_KEY).
 *
 * Memory: 24 bytes a post (id and time) plus its keys' postings (a bit a post for common keys, 4 bytes a
 * post for rare ones): 57 MB for 980,000 public posts with search's keys (31 MB without them), read in
 * 20-30 s; see bench/RESULTS.md.
 */

/** How long noted changes are kept in post_search_changes; an index that has not looked for longer reads all again. */
export const CHANGES_KEPT_MS = 10 * 60_000;
/** How often a started index reads the changes without being asked. */
const SYNC_EVERY_MS = 60_000;
/** The changed posts kept beside the postings before they are put among them. */
const MAX_CHANGED = 2000;
const READ_BATCH = 20_000;
/** After a failed read, the next try waits this long (requests ask PostgreSQL meanwhile). */
const RETRY_AFTER_MS = 5000;
/**
 * How long a request waits for the first read before asking PostgreSQL instead: a small data set is
 * read in milliseconds, 1,000,000 posts in 10-15 s (bench/RESULTS.md).
 */
const FIRST_READ_WAIT_MS = 2000;

export interface FilterIndexOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** How many entries a read of post_search takes at a time. */
  readBatch?: number;
  /** The changed posts kept beside the postings before they are put among them (MAX_CHANGED). */
  maxChanged?: number;
  /** How long a request waits for the first read (FIRST_READ_WAIT_MS). */
  firstReadWaitMs?: number;
  /** A lexeme is held when in at least this many posts of the first batch (SAMPLE_MIN_POSTS; tests). */
  searchLexemeMinPosts?: number;
  /** The clock, for tests. */
  now?: () => number;
}

interface ChangedEntry extends FilterMatch {
  keys: ReadonlySet<string>;
}

/*
 * Search from memory. Besides its filter keys, a post's keys are its author (`a:` and the profile id) and
 * its document's lexemes with their weights (`wB:zara`: 'zara' of weight B), so that the postings find a
 * search's matches as they find a filter set's, and give each match's ranks (explore.search-rank.ts).
 * Only the lexemes of the index's `lexicon` are held: those in at least SAMPLE_MIN_POSTS of the newest
 * READ_BATCH posts (a lexeme in fewer would cost an array of its own for a handful of posts: holding
 * every lexeme of 10,000 posts made each filtered request 2.7 times as costly). The others are each in few
 * posts, and a search that needs one asks PostgreSQL for the posts holding it (findPostsWithLexemes,
 * an index lookup), at most RARE_POSTS_MAX of them; beyond that, or for a prefix with more known
 * completions than it lists, PostgreSQL answers the whole search.
 */
const AUTHOR_KEY = 'a:';
/** A lexeme is held when it is in at least this many posts of the first READ_BATCH read. */
const SAMPLE_MIN_POSTS = 4;
/** The most posts a search takes from PostgreSQL for the lexemes the index does not hold. */
const RARE_POSTS_MAX = 2000;

function lexemeKey(weight: Weight, lexeme: string): string {
  return `w${weight}:${lexeme}`;
}

/** The key of a lexeme of any weight: what finds the posts a search word matches. */
function anyLexemeKey(lexeme: string): string {
  return `w:${lexeme}`;
}

/** The lexeme of a lexeme key (of a weight or any), or null for another key. */
function lexemeOfKey(key: string): string | null {
  if (key[0] !== 'w') return null;
  if (key[1] === ':') return key.slice(2);
  return key[2] === ':' ? key.slice(3) : null;
}

/**
 * A post's keys: its filter keys, its author, and its document's lexemes that `held` keeps (all without
 * it); null when its document is not one search's ranking can be computed from (parseDocument).
 */
function entryKeys(
  row: Omit<FilterEntryRow, 'postId'>,
  held?: ReadonlySet<string>,
): { keys: string[]; searchable: boolean } {
  const keys = [...row.keys, `${AUTHOR_KEY}${row.profileId}`];
  const document = parseDocument(row.document);
  if (!document) return { keys, searchable: false };
  for (const [lexeme, weight] of document) {
    if (held && !held.has(lexeme)) continue;
    keys.push(lexemeKey(weight, lexeme));
    // A changed post's own (the built postings get them at once: FilterPostings.addUnion).
    if (!held) keys.push(anyLexemeKey(lexeme));
  }
  return { keys, searchable: true };
}

/**
 * The lexemes the index holds, from the first batch read (the newest posts): those in at least `minPosts`
 * of them (SAMPLE_MIN_POSTS).
 */
function heldLexemes(rows: readonly FilterEntryRow[], minPosts = SAMPLE_MIN_POSTS): Set<string> {
  const least = minPosts;
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const lexeme of parseDocument(row.document)?.keys() ?? []) {
      counts.set(lexeme, (counts.get(lexeme) ?? 0) + 1);
    }
  }
  return new Set([...counts].filter(([, count]) => count >= least).map(([lexeme]) => lexeme));
}

/** The newer first, as the feed orders posts (ids compared as PostgreSQL compares uuids: their hex). */
function newerFirst(a: FilterMatch, b: FilterMatch): number {
  if (a.createdMs !== b.createdMs) return b.createdMs - a.createdMs;
  return a.postId < b.postId ? 1 : a.postId > b.postId ? -1 : 0;
}

/** Whether `entry` comes after the position `after` in the feed's order. */
function isAfter(entry: FilterMatch, after: FilterMatch): boolean {
  return newerFirst(after, entry) < 0;
}

/** No weight: the lexeme is not in the post (in a search's weight codes, which are indexes in WEIGHTS). */
const NO_WEIGHT = 255;
/**
 * How many slots of authors' lists of posts (FilterIndexState.authorSlots) are kept at most, in all: 8 MB
 * (a word naming 200 people of 500 posts each is 100,000 slots).
 */
const AUTHOR_SLOTS_KEPT = 2_000_000;
const EMPTY_SLOTS = new Uint32Array(0);

/** A search's matches in the feed's order: slots of the postings, -1 where a changed post's entry is. */
interface Matches {
  slots: Int32Array;
  /** The changed posts' entries at their places; null when there are none. */
  entries: (ChangedEntry | null)[] | null;
}

/** One rank of a search (a word's exact or any): its lexemes' weight codes, in ts_rank's order. */
interface RankCodes {
  codes: Uint8Array[];
  operands: number;
}

/** The rank of candidate `at` (see tsRank). */
function rankAt(rank: RankCodes, at: number): number {
  let sum = 0;
  for (const codes of rank.codes) {
    const code = codes[at]!;
    if (code !== NO_WEIGHT) sum = addWeightAt(sum, code);
  }
  return finishRank(sum, rank.operands);
}

/** The union of two lists of increasing slots, the first `want` of it. */
function unionOfSlots(a: Int32Array, b: Int32Array, want: number): Int32Array {
  const union = new Int32Array(Math.min(want, a.length + b.length));
  let count = 0;
  let i = 0;
  let j = 0;
  while (count < union.length && (i < a.length || j < b.length)) {
    if (j === b.length || (i < a.length && a[i]! < b[j]!)) union[count++] = a[i++]!;
    else {
      if (i < a.length && a[i] === b[j]) i++;
      union[count++] = b[j++]!;
    }
  }
  return union.subarray(0, count);
}

/**
 * A search's ranking from the index: the candidates (slots of these postings, or changed posts' entries)
 * in the order of their scores, best first; each row made when asked for (a page needs 21 of 2,000). It
 * holds as little as that takes (the slots in order, and where each score's run ends), because the
 * rankings kept for their next pages live long enough to reach V8's old generation: 50 kB a ranking at
 * 2,000 searches a second filled it once a second, and each of its collections stopped the server for
 * ~100 ms (bench/RESULTS.md). A kept ranking keeps its postings: a state made afterwards
 * (FilterIndexState.compacted) replaces them only after changes, which clear the kept rankings.
 */
class SlotRanking implements SearchRanking {
  readonly size: number;
  /** The candidates' slots in the ranking's order; -1 for a changed post's entry. */
  private readonly slots: Int32Array;
  /** Changed posts' entries by their place in the ranking; null when there are none. */
  private readonly entries: Map<number, ChangedEntry> | null;
  /** The scores, highest first, and where each one's run of candidates ends. */
  private readonly runs: { score: number; end: number }[];

  constructor(
    private readonly postings: FilterPostings,
    matches: Matches,
    scores: Float64Array,
    readonly found: number,
  ) {
    const { order, runs } = orderByScore(scores);
    this.size = order.length;
    this.runs = runs;
    this.slots = new Int32Array(this.size);
    this.entries = matches.entries ? new Map() : null;
    for (let at = 0; at < this.size; at++) {
      const i = order[at]!;
      this.slots[at] = matches.slots[i]!;
      const entry = matches.entries?.[i];
      if (entry) this.entries!.set(at, entry);
    }
  }

  row(at: number): SearchRow {
    let run = 0;
    while (this.runs[run]!.end <= at) run++;
    const score = this.runs[run]!.score;
    const slot = this.slots[at]!;
    if (slot >= 0) {
      return { postId: this.postings.idAt(slot), createdAt: new Date(this.postings.timeAt(slot)), score };
    }
    const entry = this.entries!.get(at)!;
    return { postId: entry.postId, createdAt: new Date(entry.createdMs), score };
  }
}

/**
 * The indexes of `scores` from the highest score to the lowest, those of one score in their own order
 * (the candidates are in the feed's order, newest first: search's order among equal scores, bestFirst),
 * and each score's run in it. A search's scores take few values: counted, then placed.
 */
function orderByScore(scores: Float64Array): { order: Uint32Array; runs: { score: number; end: number }[] } {
  // Each candidate's score as the index of its value among the distinct ones, and how many have each.
  const valueAt = new Map<number, number>();
  const values: number[] = [];
  const counts: number[] = [];
  const valueIndex = new Uint32Array(scores.length);
  for (let i = 0; i < scores.length; i++) {
    const score = scores[i]!;
    let value = valueAt.get(score);
    if (value === undefined) {
      value = values.length;
      valueAt.set(score, value);
      values.push(score);
      counts.push(0);
    }
    counts[value]!++;
    valueIndex[i] = value;
  }
  // Where each value's candidates start, the highest value first.
  const starts = new Uint32Array(values.length);
  const runs: { score: number; end: number }[] = [];
  let start = 0;
  for (const value of values.map((_, at) => at).sort((a, b) => values[b]! - values[a]!)) {
    starts[value] = start;
    start += counts[value]!;
    runs.push({ score: values[value]!, end: start });
  }
  const order = new Uint32Array(scores.length);
  for (let i = 0; i < scores.length; i++) order[starts[valueIndex[i]!]!++] = i;
  return { order, runs };
}

/** The postings as built, and the posts changed since, with what it has seen of the changes. */
export class FilterIndexState {
  private readonly changed = new Map<string, ChangedEntry>();
  /** Authors' lists of posts as slots (authorSlots), by their keys, and how many slots they hold. */
  private readonly authorLists = new Map<string, Uint32Array>();
  private authorListSlots = 0;
  private sorted: ChangedEntry[] | null = [];

  constructor(
    readonly postings: FilterPostings,
    /** The snapshot of the last read of changes (or of post_search): what it has seen. */
    public seen: string,
    private readonly maxChanged = MAX_CHANGED,
    /** The lexemes the postings hold; null: the index does not answer search (a document it cannot rank). */
    private lexicon: ReadonlySet<string> | null = null,
  ) {}

  /** Whether search can be answered from the postings (see `search`). */
  get searchable(): boolean {
    return this.lexicon !== null;
  }

  /** The posts changed since the postings were built. */
  get changedCount(): number {
    return this.changed.size;
  }

  /** Whether it is time to build the whole again. */
  get worn(): boolean {
    return this.changed.size > this.maxChanged || this.postings.removed * 10 > this.postings.size;
  }

  apply(changes: readonly FilterChangeRow[]): void {
    for (const change of changes) {
      const postId = change.postId.toLowerCase();
      this.postings.remove(postId, change.oldCreatedMs);
      this.changed.delete(postId);
      if (change.now) {
        // Its entry as it is now (and where its old one is, if it was built in with this time).
        this.postings.remove(postId, change.now.createdMs);
        const { keys, searchable } = entryKeys(change.now);
        if (!searchable) this.lexicon = null;
        this.changed.set(postId, { postId, createdMs: change.now.createdMs, keys: new Set(keys) });
      }
      this.sorted = null;
    }
  }

  /**
   * The first `want` public posts after `after` matching every key list, newest first (see
   * FilterPostings.scan), the changed ones included.
   */
  find(
    keyLists: readonly (readonly string[])[],
    after: FilterMatch | undefined,
    want: number,
  ): FilterMatch[] {
    return this.withChanged(this.postings.scan(keyLists, after, want), keyLists, after, want);
  }

  /** The first `want` of `built` (the postings' matches) and the changed posts' matches, in order. */
  private withChanged(
    built: FilterMatch[],
    keyLists: readonly (readonly string[])[],
    after: FilterMatch | undefined,
    want: number,
  ): FilterMatch[] {
    if (this.changed.size === 0) return built;
    this.sorted ??= [...this.changed.values()].sort(newerFirst);
    const changed: FilterMatch[] = [];
    for (const entry of this.sorted) {
      if (changed.length >= want) break;
      if (after && !isAfter(entry, after)) continue;
      if (matchesAll(entry.keys, keyLists))
        changed.push({ postId: entry.postId, createdMs: entry.createdMs });
    }
    if (changed.length === 0) return built;
    return [...built, ...changed].sort(newerFirst).slice(0, want);
  }

  /**
   * A state of the same posts with the changed ones put among the postings, made in memory
   * (FilterPostings.compact): about 0.1-0.2 s for 1,000,000 posts (bench/RESULTS.md) against 10-15 s to
   * read them all again.
   */
  compacted(): FilterIndexState {
    this.sorted ??= [...this.changed.values()].sort(newerFirst);
    const lexicon = this.lexicon;
    // Only the lexemes the postings hold: the others are asked of PostgreSQL (see AUTHOR_KEY).
    const added = this.sorted.map((entry) => ({
      ...entry,
      keys: [...entry.keys].filter((key) => {
        const lexeme = lexemeOfKey(key);
        return lexeme === null || lexicon?.has(lexeme) === true;
      }),
    }));
    return new FilterIndexState(this.postings.compact(added), this.seen, this.maxChanged, lexicon);
  }

  /** `CappedMatches` of the filter set: every match while there are at most `cap`, else the count alone. */
  matches(keyLists: readonly (readonly string[])[], cap: number): CappedMatches {
    // Counted first, by slots: a broad set has far more than the cap, and its ids are not needed.
    const slots = this.postings.matchingSlots(keyLists, undefined, cap + 1);
    let count = slots.length;
    for (const entry of this.changed.values()) {
      if (count > cap) break;
      if (matchesAll(entry.keys, keyLists)) count++;
    }
    if (count > cap) return { total: cap, capped: true, rows: null };
    const found = this.withChanged(this.postings.entries(slots), keyLists, undefined, cap + 1);
    return { total: found.length, capped: false, rows: found.map(toRow) };
  }

  /** The first `limit` matches after `after`. */
  page(keyLists: readonly (readonly string[])[], after: PostKey | undefined, limit: number): PostIdRow[] {
    const position = after
      ? { createdMs: after.createdAt.getTime(), postId: after.id.toLowerCase() }
      : undefined;
    return this.find(keyLists, position, limit).map(toRow);
  }

  /**
   * Search's ranking from the postings, as rankSearchCandidates gives it from PostgreSQL: the newest
   * `candidates` + 1 public posts matching `filterKeys` and either every word of `plan` (a word: one of
   * its match lexemes, or one of its authors) or all words run together; the newest `candidates` of
   * them ranked by searchScore. Null when the index cannot answer it (see AUTHOR_KEY): then PostgreSQL does.
   */
  async search(
    plan: SearchPlan,
    filterKeys: readonly (readonly string[])[],
    candidates: number,
    rarePosts: RarePosts,
  ): Promise<SearchRanking | null> {
    const lexicon = this.lexicon;
    if (!lexicon || plan.words.length === 0) return null;
    // A word's prefix is the known words starting with it, in the documents' order: unknown when too many.
    if (plan.words.some((word) => word.fuzzy && word.completions === null)) return null;
    const words = plan.words.map((word) => {
      const completions = [...(word.completions ?? [])].sort(compareLexemes);
      const lexemesOf = (operand: SearchOperand) => (operand.prefix ? completions : [operand.term]);
      return {
        exact: exactOperands(word),
        any: anyOperands(word),
        match: matchOperands(word).flatMap(lexemesOf),
        lexemesOf,
        authorKeys: word.authorIds.map((id) => `${AUTHOR_KEY}${id.toLowerCase()}`),
      };
    });
    const joined = plan.joined;
    const needed = new Set<string>(joined ? [joined] : []);
    for (const word of words) {
      for (const operand of [...word.exact, ...(word.any ?? [])])
        for (const l of word.lexemesOf(operand)) needed.add(l);
      for (const lexeme of word.match) needed.add(lexeme);
    }
    const rare = [...needed].filter((lexeme) => !lexicon.has(lexeme));
    const rareWeights = rare.length > 0 ? await this.rareWeights(rare, rarePosts) : new Map();
    // A change read meanwhile may have brought a document the index cannot rank.
    if (!rareWeights || !this.lexicon) return null;
    // From here on nothing awaits: the postings and changed posts are read as they are now.

    const rareSlots = (lexeme: string) =>
      Uint32Array.from(
        [...rareWeights].filter(([, found]) => found.has(lexeme)).map(([slot]) => slot),
      ).sort();
    const scanKey = (lexeme: string): ScanKey =>
      lexicon.has(lexeme) ? anyLexemeKey(lexeme) : rareSlots(lexeme);
    const want = candidates + 1;
    // A word's authors' posts as one list (a word may name up to AUTHORS_PER_WORD people).
    const authorSlots = words.map((word) => this.authorSlots(word.authorKeys));
    const wordLists = words.map((word, i) => [...word.match.map(scanKey), authorSlots[i]!]);
    let slots = this.postings.matchingSlots([...filterKeys, ...wordLists], undefined, want);
    if (joined) {
      const alsoJoined = this.postings.matchingSlots([...filterKeys, [scanKey(joined)]], undefined, want);
      slots = unionOfSlots(slots, alsoJoined, want);
    }

    // The changed posts that match, newest first.
    const hasLexeme = (keys: ReadonlySet<string>, lexeme: string) => keys.has(anyLexemeKey(lexeme));
    this.sorted ??= [...this.changed.values()].sort(newerFirst);
    const changed: ChangedEntry[] = [];
    for (const entry of this.sorted) {
      if (changed.length >= want) break;
      if (!matchesAll(entry.keys, filterKeys)) continue;
      const everyWord = words.every(
        (word) =>
          word.match.some((lexeme) => hasLexeme(entry.keys, lexeme)) ||
          word.authorKeys.some((key) => entry.keys.has(key)),
      );
      if (everyWord || (joined !== null && hasLexeme(entry.keys, joined))) changed.push(entry);
    }
    const matches = this.mergeChanged(slots, changed, want);
    const ranked = matches.slots.length === 0 ? matches : this.shortened(matches, candidates);
    const count = ranked.slots.length;

    // Each lexeme's weight in each candidate, as its index in WEIGHTS (NO_WEIGHT: it has none), found
    // one key at a time over all candidates.
    const codesOf = new Map<string, Uint8Array>();
    const weightCodes = (lexeme: string): Uint8Array => {
      let codes = codesOf.get(lexeme);
      if (codes) return codes;
      codes = new Uint8Array(count).fill(NO_WEIGHT);
      if (lexicon.has(lexeme)) {
        WEIGHTS.forEach((weight, at) => {
          this.postings.mark(lexemeKey(weight, lexeme), ranked.slots, codes!, at, NO_WEIGHT);
        });
      } else {
        for (let i = 0; i < count; i++) {
          const weight = rareWeights.get(ranked.slots[i]!)?.get(lexeme);
          if (weight) codes[i] = WEIGHTS.indexOf(weight);
        }
      }
      for (let i = 0; i < count; i++) {
        const entry = ranked.entries?.[i];
        if (!entry) continue;
        const at = WEIGHTS.findIndex((weight) => entry.keys.has(lexemeKey(weight, lexeme)));
        codes[i] = at < 0 ? NO_WEIGHT : at;
      }
      codesOf.set(lexeme, codes);
      return codes;
    };
    // A rank's lexemes' codes in the order ts_rank adds them, with how many operands it divides by.
    const rankCodes = (
      operands: readonly SearchOperand[],
      lexemesOf: (operand: SearchOperand) => readonly string[],
    ): RankCodes => {
      const ordered = rankOrder(operands);
      return { codes: ordered.flatMap(lexemesOf).map(weightCodes), operands: ordered.length };
    };
    const plans = words.map((word, i) => ({
      exact: rankCodes(word.exact, word.lexemesOf),
      any: word.any ? rankCodes(word.any, word.lexemesOf) : null,
      authorKeys: word.authorKeys,
      authorSlots: authorSlots[i]!,
    }));
    const joinedCodes = joined ? { codes: [weightCodes(joined)], operands: 1 } : null;
    // Whether each candidate was written by one of each word's authors (null: the word names nobody).
    const authored = plans.map((plan) => {
      if (plan.authorKeys.length === 0) return null;
      const by = new Uint8Array(count);
      for (let i = 0; i < count; i++) {
        const entry = ranked.entries?.[i];
        by[i] = Number(
          entry
            ? plan.authorKeys.some((key) => entry.keys.has(key))
            : holdsSlot(plan.authorSlots, ranked.slots[i]!),
        );
      }
      return by;
    });
    // One WordRanks a word, filled in again for each candidate.
    const wordRanks: WordRanks[] = words.map(() => ({ exact: 0, any: null, author: null }));
    const scoreAt = (i: number) => {
      for (let w = 0; w < plans.length; w++) {
        const plan = plans[w]!;
        const ranks = wordRanks[w]!;
        ranks.exact = rankAt(plan.exact, i);
        ranks.any = plan.any ? rankAt(plan.any, i) : null;
        const by = authored[w];
        ranks.author = by ? by[i] === 1 : null;
      }
      return searchScore(wordRanks, joinedCodes ? rankAt(joinedCodes, i) : null);
    };
    // A score depends only on the candidate's weight codes and authors, which most candidates share:
    // computed once for each such signature (a number while they fit in 53 bits: 5 codes, 2 author values).
    const codeLists = [...codesOf.values()];
    const authorLists = authored.filter((by) => by !== null);
    const signed = codeLists.length * Math.log2(5) + authorLists.length < 53;
    const known = new Map<number, number>();
    const scores = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      if (!signed) {
        scores[i] = scoreAt(i);
        continue;
      }
      let signature = 0;
      for (const codes of codeLists) {
        const code = codes[i]!;
        signature = signature * 5 + (code === NO_WEIGHT ? 4 : code);
      }
      for (const by of authorLists) signature = signature * 2 + by[i]!;
      let score = known.get(signature);
      if (score === undefined) {
        score = scoreAt(i);
        known.set(signature, score);
      }
      scores[i] = score;
    }
    return new SlotRanking(this.postings, ranked, scores, matches.slots.length);
  }

  /** The posts of some authors (`a:` keys) as one list of slots, kept for the next search of them. */
  private authorSlots(keys: readonly string[]): Uint32Array {
    if (keys.length === 0) return EMPTY_SLOTS;
    const key = keys.join(' ');
    let slots = this.authorLists.get(key);
    if (!slots) {
      slots = this.postings.slotsWithAny(keys);
      if (this.authorListSlots + slots.length > AUTHOR_SLOTS_KEPT) {
        this.authorLists.clear();
        this.authorListSlots = 0;
      }
      if (slots.length <= AUTHOR_SLOTS_KEPT) {
        this.authorLists.set(key, slots);
        this.authorListSlots += slots.length;
      }
    }
    return slots;
  }

  /**
   * The first `want` of the postings' matching `slots` (increasing) and the `changed` entries that match
   * (newest first), in the feed's order: as slots (-1 for an entry) and, when there are entries, the
   * entries at their places.
   */
  private mergeChanged(slots: Int32Array, changed: readonly ChangedEntry[], want: number): Matches {
    if (changed.length === 0) return { slots: slots.subarray(0, want), entries: null };
    const count = Math.min(want, slots.length + changed.length);
    const merged: Matches = { slots: new Int32Array(count), entries: new Array(count).fill(null) };
    let s = 0;
    let c = 0;
    for (let i = 0; i < count; i++) {
      const entry = changed[c];
      const slot = slots[s];
      let slotFirst = slot !== undefined;
      if (slotFirst && entry) {
        // Newer first; as old, the greater id first (an id is read only then).
        const time = this.postings.timeAt(slot!);
        slotFirst =
          time > entry.createdMs || (time === entry.createdMs && this.postings.idAt(slot!) > entry.postId);
      }
      if (slotFirst) {
        merged.slots[i] = slot!;
        s++;
      } else {
        merged.slots[i] = -1;
        merged.entries![i] = entry!;
        c++;
      }
    }
    return merged;
  }

  /** The first `count` of `matches`. */
  private shortened(matches: Matches, count: number): Matches {
    if (matches.slots.length <= count) return matches;
    return { slots: matches.slots.subarray(0, count), entries: matches.entries?.slice(0, count) ?? null };
  }

  /**
   * The weights of `lexemes` (none of which the postings hold) in the live posts holding them, by slot,
   * from PostgreSQL; null when there are more than RARE_POSTS_MAX such posts. A changed post is left out:
   * its entry has all its lexemes.
   */
  private async rareWeights(
    lexemes: readonly string[],
    rarePosts: RarePosts,
  ): Promise<Map<number, Map<string, Weight>> | null> {
    const rows = await rarePosts(lexemes, RARE_POSTS_MAX + 1);
    if (rows.length > RARE_POSTS_MAX) return null;
    const weights = new Map<number, Map<string, Weight>>();
    for (const row of rows) {
      const postId = row.postId.toLowerCase();
      if (this.changed.has(postId)) continue;
      const slot = this.postings.liveSlotOf(postId, row.createdMs);
      if (slot < 0) continue;
      const document = parseDocument(row.document);
      if (!document) return null;
      const found = new Map<string, Weight>();
      for (const lexeme of lexemes) {
        const weight = document.get(lexeme);
        if (weight) found.set(lexeme, weight);
      }
      weights.set(slot, found);
    }
    return weights;
  }
}

/** The posts holding lexemes the postings do not (findPostsWithLexemes), at most `limit`. */
export type RarePosts = (lexemes: readonly string[], limit: number) => Promise<FilterEntryRow[]>;

/** Whether `promise` settles within `ms` (true once it has resolved; a rejection is thrown). */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether a post with these keys has one of every list (matchesFilterKeys of packages/shared). */
function matchesAll(keys: ReadonlySet<string>, keyLists: readonly (readonly string[])[]): boolean {
  return keyLists.every((list) => list.some((key) => keys.has(key)));
}

function toRow(match: FilterMatch): PostIdRow {
  return { postId: match.postId, createdAt: new Date(match.createdMs) };
}

export class FilterIndex {
  private state: FilterIndexState | null = null;
  /** The first read under way. */
  private first: Promise<FilterIndexState> | null = null;
  private failedAt = Number.NEGATIVE_INFINITY;
  private syncedAt = Number.NEGATIVE_INFINITY;
  private prunedAt = Number.NEGATIVE_INFINITY;
  /** The sync queued behind the one running: every request that arrives before it starts joins it. */
  private queued: Promise<void> | null = null;
  /** The syncs, one after another. */
  private tail: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;

  constructor(private readonly options: FilterIndexOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Begins the first read, and reads the changes every SYNC_EVERY_MS even when no request asks, so that
   * a quiet server's index neither misses pruned changes nor meets a pile of them at its next request.
   */
  start(): void {
    this.readFirst().catch(() => {
      // Logged; the first request tries again.
    });
    this.timer = setInterval(() => {
      if (this.state) this.sync().catch(() => {});
    }, SYNC_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([this.first, this.tail]);
  }

  /**
   * The index, holding every change committed before this call (see the comment at the top), or null
   * when it cannot be had now: then the caller asks PostgreSQL.
   */
  async current(): Promise<FilterIndexState | null> {
    if (this.stopped) return null;
    try {
      if (!this.state) {
        if (!this.first && this.now() - this.failedAt < RETRY_AFTER_MS) return null;
        const wait = this.options.firstReadWaitMs ?? FIRST_READ_WAIT_MS;
        if (!(await within(this.readFirst(), wait))) return null;
      }
      await this.sync();
      return this.state;
    } catch {
      return null;
    }
  }

  /** The first read of every entry, once however many ask meanwhile. */
  private readFirst(): Promise<FilterIndexState> {
    if (this.state) return Promise.resolve(this.state);
    if (this.first) return this.first;
    const startedAt = this.now();
    const first = this.readAll().then((state) => {
      this.state ??= state;
      this.syncedAt = Math.max(this.syncedAt, startedAt);
      return state;
    });
    this.first = first;
    first
      .catch((error: unknown) => {
        this.failedAt = this.now();
        if (!this.stopped) this.options.log.warn({ err: error }, 'could not read the filter index');
      })
      .finally(() => {
        if (this.first === first) this.first = null;
      });
    return first;
  }

  /**
   * Reads the changes committed since the state last looked, in a statement that begins after this call:
   * one at a time, and every request that comes while one runs joins the next.
   */
  private sync(): Promise<void> {
    if (this.queued) return this.queued;
    const run = async () => {
      this.queued = null;
      const startedAt = this.now();
      const state = this.state;
      if (!state) throw new Error('no filter index to bring up to date');
      if (startedAt - this.syncedAt > CHANGES_KEPT_MS / 2) {
        // Changes it has not read may be gone from the table (the database was out of reach for
        // minutes): read everything again, PostgreSQL answering meanwhile.
        this.state = null;
        this.readFirst().catch(() => {
          // Logged; a request tries again.
        });
        return;
      }
      await this.readChanges(state);
      this.syncedAt = Math.max(this.syncedAt, startedAt);
      this.afterSync();
    };
    const queued = this.tail.then(run, run);
    this.queued = queued;
    this.tail = queued.catch(() => undefined);
    return queued;
  }

  private async readChanges(state: FilterIndexState): Promise<void> {
    const { snapshot, changes } = await findFilterChanges(this.options.db, state.seen);
    state.apply(changes);
    state.seen = snapshot;
  }

  /** Removes old noted changes now and then; puts the changed posts among the postings when they pile up. */
  private afterSync(): void {
    const now = this.now();
    if (now - this.prunedAt > CHANGES_KEPT_MS / 10) {
      this.prunedAt = now;
      removeOldFilterChanges(this.options.db, CHANGES_KEPT_MS).catch((error: unknown) => {
        if (!this.stopped) this.options.log.warn({ err: error }, 'could not remove old filter index changes');
      });
    }
    const state = this.state;
    if (state?.worn) {
      // In turn with the syncs (this runs in one), so no change is applied to the old state after it.
      const started = performance.now();
      this.state = state.compacted();
      this.options.log.info(
        { posts: this.state.postings.size, changed: state.changedCount, ms: performance.now() - started },
        'filter index compacted',
      );
    }
  }

  /** Every public post's entry, and the changes committed while they were read. */
  private async readAll(): Promise<FilterIndexState> {
    const startedAt = this.now();
    const { db } = this.options;
    const seen = await findChangeSnapshot(db);
    const builder = new FilterPostingsBuilder();
    const batch = this.options.readBatch ?? READ_BATCH;
    let after: { createdMs: number; postId: string } | null = null;
    let lexicon: Set<string> | null = null;
    let searchable = true;
    for (;;) {
      if (this.stopped) throw new Error('the server is stopping');
      const rows = await findPublicFilterEntries(db, after, batch);
      // The first batch, the newest posts, decides which lexemes are held (see AUTHOR_KEY).
      lexicon ??= heldLexemes(rows, this.options.searchLexemeMinPosts);
      for (const row of rows) {
        const entry = entryKeys(row, lexicon);
        searchable &&= entry.searchable;
        builder.add(row.postId, row.createdMs, entry.keys);
      }
      const last = rows.at(-1);
      if (!last || rows.length < batch) break;
      after = { createdMs: last.createdMs, postId: last.postId };
    }
    const postings = builder.finish();
    for (const lexeme of lexicon ?? []) {
      postings.addUnion(
        anyLexemeKey(lexeme),
        WEIGHTS.map((weight) => lexemeKey(weight, lexeme)),
      );
    }
    const state = new FilterIndexState(postings, seen, this.options.maxChanged, searchable ? lexicon : null);
    // Some of them were read already: applying them again is harmless.
    await this.readChanges(state);
    this.options.log.info(
      {
        posts: state.postings.size,
        bytes: state.postings.bytes,
        lexemes: lexicon?.size ?? 0,
        searchable: state.searchable,
        ms: this.now() - startedAt,
      },
      'filter index read',
    );
    return state;
  }
}
