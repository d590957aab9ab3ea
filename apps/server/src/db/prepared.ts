import type { Db } from './client.ts';

/*
 * Prepared statements for the queries a request asks every time: drizzle builds their SQL once instead of
 * on every request (about 0.6 ms of CPU per query on the 2-core bench machine) and PostgreSQL plans them
 * once per connection (bench/RESULTS.md, issue 20). They are kept per database handle (tests open many; a
 * transaction is a handle of its own) and per name, one name per shape of the query.
 */

/** A drizzle prepared statement, as far as its callers need it. */
export interface Prepared<R> {
  execute(values: Record<string, unknown>): Promise<R[]>;
}

/** The statement `key` of `db` in `cache`, built by `build` the first time. */
export function preparedFor<T>(cache: WeakMap<Db, Map<string, T>>, db: Db, key: string, build: () => T): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(key);
  if (!statement) {
    statement = build();
    statements.set(key, statement);
  }
  return statement;
}
