import type { Database } from '../db/client.ts';
import { countRows, listTables } from '../modules/backup/backup.repository.ts';

/** Runs `work` on a database being opened, then closes it. */
export async function withOpenedDatabase<T>(
  open: Promise<Database>,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await open;
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** Row count of every table, by `schema.table`. */
export async function tableCounts(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(database.db)) counts[table.name] = await countRows(database.db, table);
  return counts;
}
