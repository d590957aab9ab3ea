/*
 * Every paged list reads one row more than a page shows: that row is not shown, it only tells whether
 * another page follows. The next page's cursor names the last row shown (lib/keyset-cursor.ts,
 * lib/ranked-cursor.ts), so the next page continues strictly after it.
 */

/** How many rows to read for a page of `limit`: one more, to learn whether another page follows. */
export function rowsForPage(limit: number): number {
  return limit + 1;
}

/** A page of rows and where the next one starts (null: this is the last page). */
export interface RowPage<Row> {
  items: Row[];
  nextCursor: string | null;
}

/**
 * The page among `rows` (read with `rowsForPage(limit)`): its first `limit` rows, and the cursor of the
 * last of them when more rows follow.
 */
export function pageOf<Row>(
  rows: readonly Row[],
  limit: number,
  cursorOf: (last: Row) => string,
): RowPage<Row> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
