import { createReadStream, existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LocalStorage } from '../storage/storage.local.ts';
import { RESUMABLE_S3_PREFIX } from '../storage/storage.resumable-s3.ts';
import type { S3Storage } from '../storage/storage.s3.ts';
import { assertStoragePath } from '../storage/storage.types.ts';
import { BackupError, type BackupManifest, checkingStream, type Log } from './backup.format.ts';

/* The media part of a backup: the files of the local folder or the S3 bucket, listed, read and restored. */

export type MediaStore = LocalStorage | S3Storage;

/**
 * Files under `root` as storage keys (forward slashes). Dot files and folders are left out: the local
 * store writes into `.tmp/` before renaming, and keys never start with a dot.
 */
export async function walkFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((key) => !key.split('/').some((segment) => segment.startsWith('.')))
    .sort();
}

export async function* mediaKeys(store: MediaStore): AsyncGenerator<string> {
  if (store instanceof LocalStorage) {
    yield* await walkFiles(store.root);
    return;
  }
  // Unfinished resumable uploads wait in the bucket too; they are not media, and expire.
  for await (const key of store.keys()) if (!key.startsWith(`${RESUMABLE_S3_PREFIX}/`)) yield key;
}

export async function openMedia(store: MediaStore, key: string): Promise<Readable> {
  if (store instanceof LocalStorage) return createReadStream(join(store.root, assertStoragePath(key)));
  const object = await store.get(key);
  if (!object?.body) throw new BackupError(`media file ${key} disappeared while it was backed up`);
  return object.body;
}

/** Whether the store holds any file (a restore target must be empty). */
export async function mediaStoreIsEmpty(store: MediaStore): Promise<boolean> {
  for await (const _key of mediaKeys(store)) return false;
  return true;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  heic: 'image/heic',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/**
 * Copies the backup's media into the store beside what it holds: a store's files are never rewritten
 * under the same key, so until the restore is complete the database it replaces keeps all its files.
 * Each file's SHA-256 is checked as it is written; a damaged one fails before it is stored.
 */
export async function restoreMedia(from: string, manifest: BackupManifest, store: MediaStore, log?: Log) {
  let bytes = 0;
  for (const entry of manifest.media) {
    const key = assertStoragePath(entry.key);
    const checking = checkingStream(
      entry,
      () => new BackupError(`media file ${key} of the backup is damaged (its checksum does not match)`),
    );
    const body = new PassThrough();
    const [reading, storing] = await Promise.allSettled([
      pipeline(createReadStream(join(from, 'media', key)), checking, body),
      store.putStream(key, body, contentTypeOf(key)),
    ]);
    if (reading.status === 'rejected') throw reading.reason;
    if (storing.status === 'rejected') throw storing.reason;
    bytes += entry.size;
  }
  log?.(`  media: ${manifest.media.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
}

/** Local media files that the backup does not hold (restore --force removes them once it is complete). */
export async function removeMediaNotIn(manifest: BackupManifest, store: LocalStorage): Promise<number> {
  const restored = new Set(manifest.media.map((entry) => entry.key));
  let removed = 0;
  for (const key of await walkFiles(store.root)) {
    if (restored.has(key)) continue;
    await store.remove(key);
    removed++;
  }
  return removed;
}
