/** The rows of a `db.execute` result: `{ rows }` on node-postgres and PGlite alike; older drivers gave the array. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
