import { and, asc, eq, inArray, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type NewStorageObjectRow, type StorageObjectRow, storageObjects } from '../../db/schema/index.ts';

/** The only place with SQL for `storage_objects`. */

export async function insertStorageObject(db: Db, row: NewStorageObjectRow): Promise<StorageObjectRow> {
  const [inserted] = await db.insert(storageObjects).values(row).returning();
  if (!inserted) throw new Error('insert into storage_objects returned no row');
  return inserted;
}

/** The objects at `paths` that `ownerId` uploaded. */
export async function findOwnedStorageObjects(
  db: Db,
  ownerId: string,
  paths: readonly string[],
): Promise<StorageObjectRow[]> {
  if (paths.length === 0) return [];
  return db
    .select()
    .from(storageObjects)
    .where(and(eq(storageObjects.owner_id, ownerId), inArray(storageObjects.path, [...paths])));
}

/** Every object `ownerId` uploaded. */
export async function findStorageObjectsOfOwner(db: Db, ownerId: string): Promise<StorageObjectRow[]> {
  return db.select().from(storageObjects).where(eq(storageObjects.owner_id, ownerId));
}

/** Where a walk through stored objects in the order they were stored has got to. */
export interface StoredAtCursor {
  createdAt: Date;
  id: string;
}

/**
 * Objects whose path matches the LIKE `pattern`, stored after `after` (exclusive) and before `before`, in
 * the order they were stored: at most `limit`.
 */
export async function findStorageObjectsNamedBetween(
  db: Db,
  pattern: string,
  range: { after: StoredAtCursor | null; before: Date },
  limit: number,
): Promise<StorageObjectRow[]> {
  const { after, before } = range;
  return db
    .select()
    .from(storageObjects)
    .where(
      and(
        like(storageObjects.path, pattern),
        lt(storageObjects.created_at, before),
        after
          ? sql`(${storageObjects.created_at}, ${storageObjects.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(storageObjects.created_at), asc(storageObjects.id))
    .limit(limit);
}

export async function deleteStorageObjects(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(storageObjects).where(inArray(storageObjects.id, [...ids]));
}
