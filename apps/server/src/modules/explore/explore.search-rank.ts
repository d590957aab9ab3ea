import { anyOfQuery } from '../search-index/search-index.text.ts';

/*
 * Search's relevance, computed the same way wherever the matches are found (PostgreSQL or the in-memory
 * index, explore.filter-index.ts): each word's ts_rank values come from PostgreSQL or from `tsRank`
 * below, which computes them as PostgreSQL's ts_rank does for the documents search writes, bit for bit;
 * `searchScore` adds them up.
 */

/** The weight letters of a tsvector's positions, D being the one written without a letter. */
export type Weight = 'A' | 'B' | 'C' | 'D';
export const WEIGHTS: readonly Weight[] = ['A', 'B', 'C', 'D'];

/** ts_rank's default weights ({0.1, 0.2, 0.4, 1.0} for D, C, B, A), as the single-precision floats it uses. */
const WEIGHT_VALUES: Readonly<Record<Weight, number>> = {
  A: 1,
  B: Math.fround(0.4),
  C: Math.fround(0.2),
  D: Math.fround(0.1),
};

/** The sum of 1/i² that ts_rank divides each word's score by. */
const SUM_OF_INVERSE_SQUARES = 1.64493406685;

/** One word of a search as both paths match and rank it (see ExploreService.rankSearch). */
export interface SearchWordPlan {
  word: string;
  /** Long enough to be matched as a prefix ('zar' finds 'zara') and corrected. */
  fuzzy: boolean;
  /** Known words like it (not itself), most alike first. */
  corrections: readonly string[];
  /** The known words that are the word or start with it, when at most COMPLETIONS_MAX; null when more. */
  completions: readonly string[] | null;
  /** Authors whose names hold the word. */
  authorIds: readonly string[];
}

/** A search: its words, and all of them run together ('plus size' -> 'plussize') when there are several. */
export interface SearchPlan {
  words: readonly SearchWordPlan[];
  joined: string | null;
}

/** A tsquery operand: a word as it is, or (prefix) every word starting with it. */
export interface SearchOperand {
  term: string;
  prefix: boolean;
}

/** The word as typed (a prefix when fuzzy): its rank counts in full. */
export function exactOperands(plan: SearchWordPlan): SearchOperand[] {
  return [{ term: plan.word, prefix: plan.fuzzy }];
}

/** The word as typed or any of its corrections: half its rank counts; null when it has none. */
export function anyOperands(plan: SearchWordPlan): SearchOperand[] | null {
  if (plan.corrections.length === 0) return null;
  return [...exactOperands(plan), ...plan.corrections.map((term) => ({ term, prefix: false }))];
}

/**
 * What finds the posts a word matches: for a prefix with few known completions, those words and the
 * corrections, each as it is (the same posts: every word of a document long enough to start with a
 * fuzzy word is a known word, see WordMatch in explore.search.repository.ts); else the word or a correction.
 */
export function matchOperands(plan: SearchWordPlan): SearchOperand[] {
  if (plan.fuzzy && plan.completions && plan.completions.length > 0) {
    return [...new Set([...plan.completions, ...plan.corrections])].map((term) => ({ term, prefix: false }));
  }
  return anyOperands(plan) ?? exactOperands(plan);
}

/** A tsquery literal of the operands, any of them. */
export function operandsQuery(operands: readonly SearchOperand[]): string {
  return operands.map((operand) => anyOfQuery([operand.term], operand.prefix)).join(' | ');
}

/** A word's ranks in one post: ts_rank of its exact and any operands, and whether an author of it wrote the post. */
export interface WordRanks {
  exact: number;
  /** Null when the word has no corrections. */
  any: number | null;
  /** Null when no author's name holds the word. */
  author: boolean | null;
}

/**
 * A post's relevance to a search: per word, the best of its own rank, half the rank of the word or a
 * correction, and a fixed amount for the author; plus the rank of the words run together. Rounded to 6
 * decimals, so that pages and cursors compare equal whichever path computed them.
 */
export function searchScore(words: readonly WordRanks[], joined: number | null): number {
  let score = 0;
  for (const word of words) {
    let best = word.exact;
    if (word.any !== null) best = Math.max(best, word.any * 0.5);
    if (word.author !== null) best = Math.max(best, word.author ? 0.3 : 0);
    score += best;
  }
  if (joined !== null) score += joined;
  return Math.round(score * 1e6) / 1e6;
}

/** Compares two words as PostgreSQL orders lexemes: by their UTF-8 bytes, a prefix first. */
export function compareLexemes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/**
 * ts_rank(document, query) with the default weights and no normalisation, for a query that is one
 * operand or an OR of operands, and a document each of whose lexemes has one position (as
 * documentLiteral writes them): PostgreSQL's calc_rank_or, in its single-precision arithmetic.
 *
 * `weightsOf(operand)` gives the weights of the document's lexemes the operand matches (for a prefix,
 * every lexeme starting with it), in the document's order (compareLexemes). The operands are distinct
 * words (as a search's are: PostgreSQL keeps either of two operands of one word) taken in PostgreSQL's
 * order, sorted; each lexeme adds weight / SUM_OF_INVERSE_SQUARES, rounded to a float after each
 * addition, and the sum is divided by the number of operands.
 */
export function tsRank(
  operands: readonly SearchOperand[],
  weightsOf: (operand: SearchOperand) => readonly Weight[],
): number {
  const sorted = rankOrder(operands);
  let rank = 0;
  for (const operand of sorted) for (const weight of weightsOf(operand)) rank = addToRank(rank, weight);
  return finishRank(rank, sorted.length);
}

/** The operands in the order ts_rank takes them (by compareLexemes). */
export function rankOrder(operands: readonly SearchOperand[]): SearchOperand[] {
  return [...operands].sort((a, b) => compareLexemes(a.term, b.term));
}

/** What a lexeme of each weight adds to a rank, by its index in WEIGHTS. */
const WEIGHT_STEPS = WEIGHTS.map((weight) => WEIGHT_VALUES[weight] / SUM_OF_INVERSE_SQUARES);

/** `rank` with one more lexeme of this weight (see tsRank). */
export function addToRank(rank: number, weight: Weight): number {
  return addWeightAt(rank, WEIGHTS.indexOf(weight));
}

/** `addToRank` of the weight WEIGHTS[at]. */
export function addWeightAt(rank: number, at: number): number {
  return Math.fround(rank + WEIGHT_STEPS[at]!);
}

/** The rank of a query of `operands` operands whose lexemes' weights were added up in `rank`. */
export function finishRank(rank: number, operands: number): number {
  return operands === 0 ? 0 : Math.fround(rank / operands);
}

/**
 * The lexemes of a tsvector's text form (`'black':3B 'zara':1A`) with the weight of each one's position;
 * null when a lexeme has more than one position (not written by documentLiteral: tsRank would not hold).
 * A lexeme without positions ranks as one of weight D, as in PostgreSQL.
 */
export function parseDocument(text: string): Map<string, Weight> | null {
  const lexemes = new Map<string, Weight>();
  let at = 0;
  const length = text.length;
  while (at < length) {
    if (text[at] === ' ') {
      at++;
      continue;
    }
    if (text[at] !== "'") throw new Error(`not a tsvector: ${text.slice(at, at + 20)}`);
    at++;
    let lexeme = '';
    for (;;) {
      const quote = text.indexOf("'", at);
      const backslash = text.indexOf('\\', at);
      if (quote < 0) throw new Error('unterminated lexeme in a tsvector');
      if (backslash >= 0 && backslash < quote) {
        lexeme += text.slice(at, backslash) + text[backslash + 1];
        at = backslash + 2;
        continue;
      }
      lexeme += text.slice(at, quote);
      at = quote + 1;
      if (text[at] === "'") {
        lexeme += "'";
        at++;
        continue;
      }
      break;
    }
    let weight: Weight = 'D';
    if (text[at] === ':') {
      const end = text.indexOf(' ', at);
      const positions = text.slice(at + 1, end < 0 ? length : end);
      if (positions.includes(',')) return null;
      const letter = positions.at(-1);
      if (letter === 'A' || letter === 'B' || letter === 'C') weight = letter;
      at = end < 0 ? length : end;
    }
    lexemes.set(lexeme, weight);
  }
  return lexemes;
}
