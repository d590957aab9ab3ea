import { DISCOVERY_LIMITS } from '@sys/shared';

/*
 * Search text is split into words here, in JavaScript, for documents and queries alike, and handed to
 * PostgreSQL as ready lexemes (a tsvector and tsquery literal). So the words do not depend on the
 * database's locale or text-search configuration, behave the same on PGlite and PostgreSQL, and any
 * script (Hebrew included) is searchable.
 */

/** A word: a run of letters, marks and digits. */
const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;
const WORD_MAX_CHARS = 60;
/** Lexemes beyond this many per post add little and only cost index space. */
const DOCUMENT_LEXEMES_MAX = 600;
/** Words shorter than this are matched as typed: too few trigrams to correct them. */
export const FUZZY_MIN_CHARS = 3;

/** Lower-cased, NFC-normalised words of a text, in order, repeats kept. */
export function searchWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(NOT_WORD)
    .filter((word) => word !== '')
    .map((word) => word.slice(0, WORD_MAX_CHARS));
}

/** The words of a text plus, for a text of several words, the words run together ('Pull & Bear' -> 'pullbear'). */
export function searchWordsWithJoined(text: string | null | undefined): string[] {
  const words = searchWords(text);
  return words.length > 1 ? [...words, words.join('').slice(0, WORD_MAX_CHARS)] : words;
}

/** A lexeme in tsvector/tsquery literal syntax. Words hold no quotes or backslashes, but stay safe anyway. */
function quoted(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

export type DocumentWeight = 'A' | 'B' | 'C';

/**
 * A tsvector literal of the given words, each lexeme once with the best weight it was given (A > B > C)
 * and one position (the weight needs one).
 */
export function documentLiteral(parts: Record<DocumentWeight, readonly string[]>): string {
  const best = new Map<string, DocumentWeight>();
  for (const weight of ['A', 'B', 'C'] as const) {
    for (const word of parts[weight]) if (!best.has(word)) best.set(word, weight);
  }
  return [...best.entries()]
    .slice(0, DOCUMENT_LEXEMES_MAX)
    .map(([word, weight], index) => `${quoted(word)}:${index + 1}${weight}`)
    .join(' ');
}

/** A tsquery literal matching any of the words; the first as a prefix when `prefix` is set. */
export function anyOfQuery(words: readonly string[], prefix: boolean): string {
  return words.map((word, index) => `${quoted(word)}${index === 0 && prefix ? ':*' : ''}`).join(' | ');
}

/** The words of a search query that count: distinct, at most DISCOVERY_LIMITS.searchWordsMax. */
export function queryWords(q: string): string[] {
  return [...new Set(searchWords(q))].slice(0, DISCOVERY_LIMITS.searchWordsMax);
}

/** Whether a query word is long enough to be matched as a prefix ('zar' finds 'zara') and corrected. */
export function isFuzzyWord(word: string): boolean {
  return [...word].length >= FUZZY_MIN_CHARS;
}

/** The terms worth keeping for spelling correction: long enough to have trigrams. */
export function lexiconTerms(words: Iterable<string>): string[] {
  return [...new Set([...words].filter(isFuzzyWord))].sort();
}
