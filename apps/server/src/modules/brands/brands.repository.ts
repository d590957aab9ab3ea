import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type BrandRow, brands } from '../../db/schema/index.ts';

/** The only place with SQL for `brands`. */

export type NewBrandRow = typeof brands.$inferInsert;

/** Inserts brands, or sets the usage count of those that exist already (same name). */
export async function upsertBrands(db: Db, rows: NewBrandRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(brands)
    .values(rows)
    .onConflictDoUpdate({ target: brands.name, set: { usage_count: sql`excluded.usage_count` } });
}

/**
 * Counts one more use of each brand. A brand already known under another case ('zara' for 'Zara') is
 * counted there; an unknown one is created. The insert's ON CONFLICT makes two posts introducing the
 * same new brand at once count it twice rather than fail.
 */
export async function incrementBrandUsage(db: Db, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const updated = await db
      .update(brands)
      .set({ usage_count: sql`${brands.usage_count} + 1` })
      .where(sql`lower(${brands.name}) = lower(${name})`)
      .returning({ id: brands.id });
    if (updated.length > 0) continue;
    await db
      .insert(brands)
      .values({ name, usage_count: 1 })
      .onConflictDoUpdate({ target: brands.name, set: { usage_count: sql`${brands.usage_count} + 1` } });
  }
}

/** Spec section 7, "read brands": every brand, most used first. */
export async function findBrandsByUsage(db: Db): Promise<BrandRow[]> {
  return db.select().from(brands).orderBy(desc(brands.usage_count), sql`lower(${brands.name})`, brands.id);
}
