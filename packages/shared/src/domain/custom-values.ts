import { includesIgnoreCase } from './text.ts';

/**
 * Adds a user's custom brand, size, colour, pattern, type or style to `list` (section 5): the trimmed value
 * is appended unless it is blank or already present, ignoring case, in `list` or in `builtIn` (the
 * constant options shown next to the custom ones). When nothing is added, `list` itself is returned, so
 * React state holding it does not change.
 */
export function addCustomValue<L extends readonly string[]>(
  list: L,
  value: string,
  builtIn: readonly string[] = [],
): L | string[] {
  const trimmed = value.trim();
  if (trimmed === '' || includesIgnoreCase(list, trimmed) || includesIgnoreCase(builtIn, trimmed))
    return list;
  return [...list, trimmed];
}
