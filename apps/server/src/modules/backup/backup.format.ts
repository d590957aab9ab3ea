import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { type DbEngine, readJournal } from '../../db/client.ts';
import { assertStoragePath } from '../storage/storage.types.ts';
import type { SequenceValue } from './backup.repository.ts';

/**
 * `npm run backup` / `npm run restore`: the database and the media in one folder.
 *
 *   sys-backup-20250101-120000/
 *     manifest.json                 what is inside: tables with row counts, media with sizes and SHA-256
 *     database/{schema}.{table}.ndjson.gz   one JSON row per line (row_to_json), gzip
 *     media/{key}                   every stored file, under the same key as in the store
 *     keys/                         the generated JWT signing key (DATA_DIR/keys), when there is one
 *
 * The database part is logical and engine-neutral: a backup of the embedded PGlite database restores
 * into PostgreSQL and back. The rows are read in one repeatable-read, read-only transaction, so they
 * are one consistent snapshot even while the server keeps writing (PostgreSQL).
 */

export const BACKUP_FORMAT = 'sys-backup';
export const BACKUP_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  source: { engine: DbEngine; storageDriver: 'local' | 's3' };
  /** drizzle's `created_at` stamps of the migrations the database had. */
  migrations: number[];
  /** `size` and `sha256` are of the gzipped file (backups made before they were recorded lack them). */
  tables: { name: string; columns: string[]; rows: number; file: string; size?: number; sha256?: string }[];
  sequences: SequenceValue[];
  media: { key: string; size: number; sha256: string }[];
  keys: string[];
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export type Log = (line: string) => void;

/** Passes bytes through while counting them and hashing them with SHA-256. */
export function hashingStream() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

export async function readManifest(from: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(join(from, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new BackupError(`${from} is not a SYS backup (no readable manifest.json)`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new BackupError(`${from} is not a SYS backup of a version this release reads`);
  }
  return manifest;
}

/** Refuses a backup made by a newer SYS (migrations this build does not know). */
export function checkMigrations(manifest: BackupManifest): void {
  const known = new Set(readJournal().map((entry) => entry.when));
  const unknown = manifest.migrations.filter((when) => !known.has(when));
  if (unknown.length > 0) {
    throw new BackupError(
      `the backup was made by a newer version of SYS (${unknown.length} migration(s) this version does not know); restore it with that version`,
    );
  }
}

/** The size and SHA-256 of a file, or null when it does not exist. */
async function fileChecksum(path: string): Promise<{ size: number; sha256: string } | null> {
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
      hash.update(chunk);
      size += chunk.length;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Checks every table file and every media file of the backup against the manifest (present, same size and
 * SHA-256), so that a damaged or incomplete backup is refused before the restore changes anything in the
 * target. (Each table's rows are also checked against its count while loading, in the one transaction that
 * a failure rolls back; that is the only check for backups made before table checksums were recorded.)
 */
export async function verifyBackupFiles(from: string, manifest: BackupManifest): Promise<void> {
  for (const table of manifest.tables) {
    const found =
      table.file === `database/${table.name}.ndjson.gz` ? await fileChecksum(join(from, table.file)) : null;
    if (!found) {
      throw new BackupError(`the rows of ${table.name} are missing from the backup (${table.file})`);
    }
    if (table.sha256 !== undefined && (found.size !== table.size || found.sha256 !== table.sha256)) {
      throw new BackupError(
        `the rows of ${table.name} in the backup are damaged (its checksum does not match)`,
      );
    }
  }
  for (const entry of manifest.media) {
    const key = assertStoragePath(entry.key);
    const found = await fileChecksum(join(from, 'media', key));
    if (!found) throw new BackupError(`media file ${key} is missing from the backup`);
    if (found.size !== entry.size || found.sha256 !== entry.sha256) {
      throw new BackupError(`media file ${key} of the backup is damaged (its checksum does not match)`);
    }
  }
}

/**
 * Passes a file's bytes through and fails at the end, before the file is stored, when they are not the
 * ones the manifest lists.
 */
export function checkingStream(expected: { size: number; sha256: string }, damaged: () => Error): Transform {
  const hash = createHash('sha256');
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      callback(size === expected.size && hash.digest('hex') === expected.sha256 ? null : damaged());
    },
  });
}
