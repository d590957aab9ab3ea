import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { AppConfig } from '../../config.ts';
import {
  type Database,
  type Db,
  type DbEngine,
  lockPgliteDir,
  migrateDatabase,
  openDatabase,
  pgliteDirFor,
  readJournal,
} from '../../db/client.ts';
import type { FolderLock } from '../../db/folder-lock.ts';
import { LocalStorage } from '../storage/storage.local.ts';
import { openStorage } from '../storage/storage.plugin.ts';
import { RESUMABLE_S3_PREFIX } from '../storage/storage.resumable-s3.ts';
import type { S3Storage } from '../storage/storage.s3.ts';
import { assertStoragePath } from '../storage/storage.types.ts';
import {
  addForeignKey,
  countRows,
  dropForeignKey,
  dropUserSchemas,
  insertJsonRows,
  listForeignKeys,
  listTables,
  MIGRATIONS_TABLE,
  readAppliedMigrations,
  readRowsPage,
  readSequences,
  type SequenceValue,
  setSequence,
  truncateTables,
} from './backup.repository.ts';

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

export type MediaStore = LocalStorage | S3Storage;

/** Rows per page read from a table, and per INSERT on restore. */
const EXPORT_PAGE_ROWS = 2000;
const IMPORT_BATCH_ROWS = 500;

export class BackupError extends Error {
  override name = 'BackupError';
}

type Log = (line: string) => void;

/** Passes bytes through while counting them and hashing them with SHA-256. */
function hashingStream() {
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

/**
 * Files under `root` as storage keys (forward slashes). Dot files and folders are left out: the local
 * store writes into `.tmp/` before renaming, and keys never start with a dot.
 */
async function walkFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((key) => !key.split('/').some((segment) => segment.startsWith('.')))
    .sort();
}

async function* mediaKeys(store: MediaStore): AsyncGenerator<string> {
  if (store instanceof LocalStorage) {
    yield* await walkFiles(store.root);
    return;
  }
  // Unfinished resumable uploads wait in the bucket too; they are not media, and expire.
  for await (const key of store.keys()) if (!key.startsWith(`${RESUMABLE_S3_PREFIX}/`)) yield key;
}

async function openMedia(store: MediaStore, key: string): Promise<Readable> {
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
 * A backup holds password hashes, sessions and private messages: its folder is the owner's alone
 * (0700, so nothing inside is reachable by other users) and each file is 0600 too, should it be copied out.
 */
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

async function writeTable(tx: Db, table: Awaited<ReturnType<typeof listTables>>[number], file: string) {
  const gzip = createGzip();
  const hashing = hashingStream();
  const output = createWriteStream(file, { mode: PRIVATE_FILE });
  const done = pipeline(gzip, hashing.stream, output);
  let rows = 0;
  let cursor: string | null = null;
  for (;;) {
    const page = await readRowsPage(tx, table, cursor, EXPORT_PAGE_ROWS);
    for (const { row } of page) {
      if (!gzip.write(`${row}\n`)) await new Promise((resolve) => gzip.once('drain', resolve));
    }
    rows += page.length;
    if (page.length < EXPORT_PAGE_ROWS) break;
    cursor = page.at(-1)!.ctid;
  }
  gzip.end();
  await done;
  return { rows, ...hashing.result() };
}

export interface CreateBackupOptions {
  database: Database;
  storage: MediaStore;
  /** DATA_DIR, for the generated signing key; null when there is none. */
  dataDir: string | null;
  /** The backup folder to create; it must not exist yet. */
  out: string;
  log?: Log;
}

/** Writes a backup to `out` (first as `out.partial`, renamed when complete, so a folder named `out` is whole). */
export async function createBackup(options: CreateBackupOptions): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  const { out } = options;
  if (existsSync(out)) throw new BackupError(`${out} already exists; choose another --out`);
  const partial = `${out}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true, mode: PRIVATE_DIR });
  await chmod(partial, PRIVATE_DIR); // whatever the umask
  await mkdir(join(partial, 'database'), { mode: PRIVATE_DIR });
  await mkdir(join(partial, 'media'), { mode: PRIVATE_DIR });

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    source: { engine: options.database.engine, storageDriver: options.storage.driver },
    migrations: [],
    tables: [],
    sequences: [],
    media: [],
    keys: [],
  };

  await options.database.db.transaction(
    async (tx) => {
      manifest.migrations = await readAppliedMigrations(tx);
      if (manifest.migrations.length === 0) throw new BackupError('the database is empty (never migrated)');
      for (const table of await listTables(tx)) {
        const file = `database/${table.name}.ndjson.gz`;
        const { rows, size, sha256 } = await writeTable(tx, table, join(partial, file));
        manifest.tables.push({ name: table.name, columns: table.columns, rows, file, size, sha256 });
        log(`  ${table.name}: ${rows} rows`);
      }
      manifest.sequences = await readSequences(tx);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  // Media after the rows: a file uploaded meanwhile is copied without a row (harmless); files are never
  // rewritten under the same key, so every copied file is whole.
  let bytes = 0;
  for await (const key of mediaKeys(options.storage)) {
    const target = join(partial, 'media', assertStoragePath(key));
    await mkdir(dirname(target), { recursive: true, mode: PRIVATE_DIR });
    const hashing = hashingStream();
    await pipeline(
      await openMedia(options.storage, key),
      hashing.stream,
      createWriteStream(target, { mode: PRIVATE_FILE }),
    );
    const { size, sha256 } = hashing.result();
    manifest.media.push({ key, size, sha256 });
    bytes += size;
  }
  log(`  media: ${manifest.media.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB`);

  const keysDir = options.dataDir ? join(options.dataDir, 'keys') : null;
  if (keysDir) {
    for (const name of await walkFiles(keysDir)) {
      await mkdir(dirname(join(partial, 'keys', name)), { recursive: true, mode: PRIVATE_DIR });
      await copyFile(join(keysDir, name), join(partial, 'keys', name));
      await chmod(join(partial, 'keys', name), PRIVATE_FILE);
      manifest.keys.push(name);
    }
  }

  await writeFile(join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: PRIVATE_FILE,
  });
  await rename(partial, out);
  return manifest;
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

async function* readLines(file: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield line;
}

export interface RestoreDatabaseOptions {
  /** A migrated, empty database of this version. */
  database: Database;
  from: string;
  manifest: BackupManifest;
  log?: Log;
}

/**
 * Loads the backup's rows into a freshly migrated database in one transaction: foreign keys are
 * dropped while loading and added back at the end (Postgres then checks every row), sequences are
 * moved past the restored ids, and every table's count is compared with the manifest.
 */
export async function restoreDatabase(options: RestoreDatabaseOptions): Promise<void> {
  const { manifest, from } = options;
  const log = options.log ?? (() => {});
  await options.database.db.transaction(async (tx) => {
    const targets = new Map((await listTables(tx)).map((table) => [table.name, table]));
    const backedUp = manifest.tables.filter((table) => table.name !== MIGRATIONS_TABLE);
    for (const table of backedUp) {
      if (!targets.has(table.name)) {
        throw new BackupError(`table ${table.name} of the backup does not exist in this version of SYS`);
      }
    }
    const foreignKeys = await listForeignKeys(tx);
    for (const key of foreignKeys) await dropForeignKey(tx, key);
    await truncateTables(
      tx,
      [...targets.values()].filter((table) => table.name !== MIGRATIONS_TABLE),
    );

    for (const table of backedUp) {
      const target = targets.get(table.name)!;
      const available = new Set(table.columns);
      const columns = target.columns.filter((column) => available.has(column));
      let batch: string[] = [];
      for await (const line of readLines(join(from, table.file))) {
        batch.push(line);
        if (batch.length >= IMPORT_BATCH_ROWS) {
          await insertJsonRows(tx, target, columns, batch);
          batch = [];
        }
      }
      await insertJsonRows(tx, target, columns, batch);
      const count = await countRows(tx, target);
      if (count !== table.rows) {
        throw new BackupError(`${table.name}: restored ${count} rows, the backup holds ${table.rows}`);
      }
      log(`  ${table.name}: ${count} rows`);
    }

    for (const key of foreignKeys) await addForeignKey(tx, key);
    const sequences = new Set((await readSequences(tx)).map((sequence) => sequence.name));
    for (const sequence of manifest.sequences) {
      if (sequence.lastValue === null || !sequences.has(sequence.name)) continue;
      if (sequence.name.startsWith('drizzle.')) continue;
      await setSequence(tx, sequence.name, sequence.lastValue);
    }
  });
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

/** Copies the backup's media into the store, checking each file's SHA-256 against the manifest. */
export async function restoreMedia(from: string, manifest: BackupManifest, store: MediaStore, log?: Log) {
  let bytes = 0;
  for (const entry of manifest.media) {
    const key = assertStoragePath(entry.key);
    const hashing = hashingStream();
    const body = new PassThrough();
    const reading = pipeline(createReadStream(join(from, 'media', key)), hashing.stream, body);
    await Promise.all([store.putStream(key, body, contentTypeOf(key)), reading]);
    const { size, sha256 } = hashing.result();
    if (size !== entry.size || sha256 !== entry.sha256) {
      await store.remove(key);
      throw new BackupError(`media file ${key} of the backup is damaged (its checksum does not match)`);
    }
    bytes += size;
  }
  log?.(`  media: ${manifest.media.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MB`);
}

/** Copies the backed-up signing key into DATA_DIR/keys, so that issued tokens stay valid. */
export async function restoreKeys(from: string, manifest: BackupManifest, dataDir: string): Promise<void> {
  for (const name of manifest.keys) {
    const target = join(dataDir, 'keys', assertStoragePath(name));
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(from, 'keys', name), target);
  }
}

export interface RestoreOptions {
  from: string;
  /** Where to restore: DATA_DIR, DATABASE_URL, STORAGE_DRIVER and S3_* of the config. */
  config: AppConfig;
  /** Replace what the target holds instead of refusing a target that is not empty. */
  force?: boolean;
  log?: Log;
}

/** What a restore target already holds; a restore without --force needs it all empty. */
async function occupiedParts(config: AppConfig, database: Database | null, store: MediaStore) {
  const occupied: string[] = [];
  const pgDir = pgliteDirFor(config.dataDir);
  if (!config.databaseUrl && pgDir && existsSync(pgDir) && (await readdir(pgDir)).length > 0) {
    occupied.push(`the database folder ${pgDir}`);
  }
  if (database && (await listTables(database.db)).length > 0) occupied.push('the database (DATABASE_URL)');
  if (!(await mediaStoreIsEmpty(store))) {
    occupied.push(store instanceof LocalStorage ? `the media folder ${store.root}` : 'the S3 bucket');
  }
  const keysDir = config.dataDir ? join(config.dataDir, 'keys') : null;
  if (keysDir && (await walkFiles(keysDir)).length > 0) occupied.push(`the key folder ${keysDir}`);
  return occupied;
}

/**
 * Restores a backup into the configured target: an empty DATA_DIR (PGlite) or an empty PostgreSQL
 * database, and an empty media store. A target that holds anything is refused unless `force`, which
 * drops the database's schemas (or the PGlite folder) and the local media and keys first; S3 objects are
 * overwritten, never deleted.
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const { config, from } = options;
  const log = options.log ?? (() => {});
  const manifest = await readManifest(from);
  checkMigrations(manifest);
  await verifyBackupFiles(from, manifest);
  if (!config.dataDir && (!config.databaseUrl || config.storageDriver === 'local')) {
    throw new BackupError('set DATA_DIR: the restored database or media need a folder');
  }

  const opened = openStorage(config);
  let database: Database | null = null;
  let lock: FolderLock | null = null;
  try {
    // Refused while the server (or another command) has the embedded database open, before anything changes.
    if (!config.databaseUrl && config.dataDir)
      lock = await lockPgliteDir(pgliteDirFor(config.dataDir)!, 'restore');
    if (config.databaseUrl) database = await openDatabase({ databaseUrl: config.databaseUrl });
    const occupied = await occupiedParts(config, database, opened.storage);
    if (occupied.length > 0 && !options.force) {
      throw new BackupError(
        `the target is not empty (${occupied.join(', ')}); restore into an empty one, or pass --force to replace it`,
      );
    }
    if (occupied.length > 0) {
      log(`replacing ${occupied.join(', ')}`);
      if (database) await dropUserSchemas(database.db);
      const pgDir = pgliteDirFor(config.dataDir);
      if (!config.databaseUrl && pgDir) await rm(pgDir, { recursive: true, force: true });
      if (opened.storage instanceof LocalStorage) {
        await rm(opened.storage.root, { recursive: true, force: true });
        await mkdir(opened.storage.root, { recursive: true });
      }
      if (config.dataDir) await rm(join(config.dataDir, 'keys'), { recursive: true, force: true });
    }
    database ??= await openDatabase({
      pgliteDir: pgliteDirFor(config.dataDir),
      pgliteLockHeld: true,
      openedBy: 'restore',
    });

    await migrateDatabase(database);
    log('database:');
    await restoreDatabase({ database, from, manifest, log });
    await restoreMedia(from, manifest, opened.storage, log);
    if (config.dataDir && manifest.keys.length > 0 && !config.authJwtPrivateKey) {
      await restoreKeys(from, manifest, config.dataDir);
    }
    return manifest;
  } finally {
    await database?.close().catch(() => {});
    opened.close();
    lock?.release();
  }
}
