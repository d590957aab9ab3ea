import { and, asc, eq, inArray, like, lt, or, sql } from 'drizzle-orm';
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
    .where(
      and(
        eq(storageObjects.owner_id, ownerId),
        or(inArray(storageObjects.path, [...paths]), inArray(storageObjects.source_path, [...paths])),
      ),
    );
}

export async function findStorageObjectById(db: Db, id: string): Promise<StorageObjectRow | undefined> {
  const [row] = await db.select().from(storageObjects).where(eq(storageObjects.id, id));
  return row;
}

/**
 * A video's transcode job is over: `ready` with its MP4 (now `path`) and poster, or `failed` (kept as
 * sent). In the job's transaction; false when the object is gone or no longer processing.
 */
export async function finishVideoObject(
  tx: Db,
  id: string,
  result:
    | { status: 'ready'; path: string; posterPath: string; sizeBytes: number; mimeType: string }
    | { status: 'failed' },
): Promise<boolean> {
  const rows = await tx
    .update(storageObjects)
    .set(
      result.status === 'ready'
        ? {
            status: 'ready',
            path: result.path,
            poster_path: result.posterPath,
            size_bytes: result.sizeBytes,
            mime_type: result.mimeType,
          }
        : { status: 'failed' },
    )
    .where(and(eq(storageObjects.id, id), eq(storageObjects.status, 'processing')))
    .returning({ id: storageObjects.id });
  return rows.length > 0;
}

/**
 * Locks these objects until the caller's transaction ends and returns their state: a post being written
 * reads its videos' state with it, so that a transcode job finishing at the same moment either commits
 * first (and the post sees `ready`) or waits for the post (and then updates its rows).
 */
export async function lockStorageObjects(tx: Db, ids: readonly string[]): Promise<StorageObjectRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(storageObjects)
    .where(inArray(storageObjects.id, [...ids]))
    .for('share');
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

/** The videos whose transcode has not finished (the server queues each again at start). */
export async function findProcessingObjectIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: storageObjects.id })
    .from(storageObjects)
    .where(eq(storageObjects.status, 'processing'));
  return rows.map((row) => row.id);
}
