/**
 * Comparison keys for user-entered values. Every case-insensitive comparison in the domain goes through
 * these, so "Pull & Bear", " pull  &  bear " and "PULL & BEAR" are the same brand everywhere.
 */

/** Trimmed, whitespace runs collapsed to one space, Unicode-normalised, lower-cased. */
export function foldCase(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** Whether two values are equal ignoring case and surrounding/repeated whitespace. */
export function equalsIgnoreCase(a: string, b: string): boolean {
  return foldCase(a) === foldCase(b);
}

/** Whether `list` holds `value` ignoring case and surrounding/repeated whitespace. */
export function includesIgnoreCase(list: readonly string[], value: string): boolean {
  const key = foldCase(value);
  return list.some((entry) => foldCase(entry) === key);
}

/** Case-insensitive substring search of the filter dialog's and lists' search boxes; blank matches all. */
export function matchesSearch(value: string, query: string): boolean {
  const needle = foldCase(query);
  return needle === '' || foldCase(value).includes(needle);
}

/** The options whose text contains `query` (case-insensitive), in their original order. */
export function searchOptions<T extends string>(options: readonly T[], query: string): T[] {
  return options.filter((option) => matchesSearch(option, query));
}

/** Keeps the first spelling of each value, dropping blanks and case-insensitive repeats; trims each. */
export function uniqueIgnoreCase(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const value of values) {
    const key = foldCase(value);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(value.trim());
  }
  return result;
}
