import { and, eq, inArray } from 'drizzle-orm';
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

export async function deleteStorageObjects(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(storageObjects).where(inArray(storageObjects.id, [...ids]));
}
