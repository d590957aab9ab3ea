import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * `column DESC NULLS LAST`: newest first, spelt the way drizzle-kit builds `.desc()` index columns.
 *
 * A plain `desc()` means `DESC NULLS FIRST`, and PostgreSQL walks an index for an ORDER BY only when the
 * NULLS placement matches too (it does not use a NOT NULL constraint to see that it makes no difference),
 * so `desc()` over a `(…, created_at DESC, id DESC)` index reads and sorts every matching row instead of
 * walking the index for one page (bench/RESULTS.md). The lists ordered this way have NOT NULL columns, so
 * the rows and their order are the same, and the keyset condition `(created_at, id) < ($1, $2)` still
 * continues exactly after the cursor.
 */
export function descNullsLast(column: AnyColumn | SQL): SQL {
  return sql`${column} desc nulls last`;
}
