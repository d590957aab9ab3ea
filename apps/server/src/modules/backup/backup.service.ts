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
  APPLICATION_NAME_PREFIX,
  type Database,
  type Db,
  type DbEngine,
  lockPgliteDir,
  migrateEmptyDatabaseIn,
  openDatabase,
  pgliteDirFor,
  readJournal,
} from '../../db/client.ts';
import { restoreStagingFor, swapInRestored } from '../../db/pglite-swap.ts';
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
  listAppSessions,
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
  /** An empty database, or with `replace` one whose schemas are dropped first. */
  database: Database;
  from: string;
  manifest: BackupManifest;
  replace?: boolean;
  log?: Log;
}

/**
 * Builds the database of the backup in one transaction, so that a failure (or a kill) leaves what was
 * there: drops the old schemas (`replace`), migrates, loads the rows with foreign keys dropped and added
 * back at the end (Postgres then checks every row), moves sequences past the restored ids, and compares
 * every table's count with the manifest.
 */
export async function restoreDatabase(options: RestoreDatabaseOptions): Promise<void> {
  const { manifest, from } = options;
  const log = options.log ?? (() => {});
  await options.database.db.transaction(async (tx) => {
    if (options.replace) await dropUserSchemas(tx);
    await migrateEmptyDatabaseIn(tx);
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

/**
 * Passes a file's bytes through and fails at the end, before the file is stored, when they are not the
 * ones the manifest lists.
 */
function checkingStream(expected: { size: number; sha256: string }, damaged: () => Error): Transform {
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
async function removeMediaNotIn(manifest: BackupManifest, store: LocalStorage): Promise<number> {
  const restored = new Set(manifest.media.map((entry) => entry.key));
  let removed = 0;
  for (const key of await walkFiles(store.root)) {
    if (restored.has(key)) continue;
    await store.remove(key);
    removed++;
  }
  return removed;
}

/**
 * Copies the backed-up signing key into DATA_DIR/keys (each file under a temporary name, then renamed),
 * so that issued tokens stay valid; with `replace`, other key files there are removed.
 */
export async function restoreKeys(
  from: string,
  manifest: BackupManifest,
  dataDir: string,
  replace = false,
): Promise<void> {
  const keysDir = join(dataDir, 'keys');
  const names = new Set(manifest.keys.map((name) => assertStoragePath(name)));
  for (const name of names) {
    const target = join(keysDir, name);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(from, 'keys', name), `${target}.restoring`);
    await rename(`${target}.restoring`, target);
  }
  if (!replace) return;
  for (const name of await walkFiles(keysDir)) {
    if (!names.has(name)) await rm(join(keysDir, name), { force: true });
  }
}

export interface RestoreOptions {
  from: string;
  /** Where to restore: DATA_DIR, DATABASE_URL, STORAGE_DRIVER and S3_* of the config. */
  config: AppConfig;
  /** Replace what the target holds instead of refusing a target that is not empty. */
  force?: boolean;
  /** PostgreSQL: restore even while other processes of SYS (running servers) are connected to the database. */
  forceOnline?: boolean;
  log?: Log;
}

/** What a restore target already holds; a restore without --force needs it all empty. */
async function occupiedParts(config: AppConfig, databaseHasTables: boolean, store: MediaStore) {
  const occupied: string[] = [];
  const pgDir = pgliteDirFor(config.dataDir);
  if (!config.databaseUrl && pgDir && existsSync(pgDir) && (await readdir(pgDir)).length > 0) {
    occupied.push(`the database folder ${pgDir}`);
  }
  if (databaseHasTables) occupied.push('the database (DATABASE_URL)');
  if (!(await mediaStoreIsEmpty(store))) {
    occupied.push(store instanceof LocalStorage ? `the media folder ${store.root}` : 'the S3 bucket');
  }
  const keysDir = config.dataDir ? join(config.dataDir, 'keys') : null;
  if (keysDir && (await walkFiles(keysDir)).length > 0) occupied.push(`the key folder ${keysDir}`);
  return occupied;
}

function refuseUnlessForced(occupied: string[], options: RestoreOptions, log: Log): void {
  if (occupied.length === 0) return;
  if (!options.force) {
    throw new BackupError(
      `the target is not empty (${occupied.join(', ')}); restore into an empty one, or pass --force to replace it`,
    );
  }
  log(`replacing ${occupied.join(', ')}`);
}

/** Compares the row count of every restored table with the manifest. */
async function checkRowCounts(database: Database, manifest: BackupManifest): Promise<void> {
  for (const table of manifest.tables) {
    if (table.name === MIGRATIONS_TABLE) continue;
    const dot = table.name.indexOf('.');
    const count = await countRows(database.db, {
      schema: table.name.slice(0, dot),
      table: table.name.slice(dot + 1),
    });
    if (count !== table.rows) {
      throw new BackupError(
        `${table.name}: the restored database holds ${count} rows, the backup ${table.rows}`,
      );
    }
  }
}

/** What comes after the database: the signing key, and with --force the removal of files the backup lacks. */
async function restoreFiles(options: RestoreOptions, manifest: BackupManifest, store: MediaStore, log: Log) {
  const { config } = options;
  if (config.dataDir && !config.authJwtPrivateKey) {
    await restoreKeys(options.from, manifest, config.dataDir, options.force);
  } else if (config.dataDir && options.force) {
    await rm(join(config.dataDir, 'keys'), { recursive: true, force: true });
  }
  if (options.force && store instanceof LocalStorage) {
    const removed = await removeMediaNotIn(manifest, store);
    if (removed > 0) log(`  removed ${removed} media files the backup does not hold`);
  }
}

/**
 * Into the embedded database: holding DATA_DIR/pg's lock (refused while a server or another command has
 * it open), the new database is built in a folder beside it, reopened and counted, and swapped in at the
 * end (pglite-swap.ts), so that a restore stopped at any point leaves the old database or the new one.
 */
async function restoreIntoPglite(options: RestoreOptions, manifest: BackupManifest, log: Log) {
  const pgDir = pgliteDirFor(options.config.dataDir)!;
  const lock = await lockPgliteDir(pgDir, 'restore');
  try {
    const opened = openStorage(options.config);
    try {
      refuseUnlessForced(await occupiedParts(options.config, false, opened.storage), options, log);
      const staging = restoreStagingFor(pgDir);
      try {
        await buildPgliteDatabase(staging.building, options.from, manifest, log);
        await restoreMedia(options.from, manifest, opened.storage, log);
      } catch (error) {
        await rm(staging.building, { recursive: true, force: true });
        throw error;
      }
      await swapInRestored(pgDir, staging);
      await restoreFiles(options, manifest, opened.storage, log);
      return manifest;
    } finally {
      opened.close();
    }
  } finally {
    lock.release();
  }
}

/** Builds the backup's database in the new PGlite folder `folder`, then reopens it and counts its rows. */
async function buildPgliteDatabase(folder: string, from: string, manifest: BackupManifest, log: Log) {
  const open = () => openDatabase({ pgliteDir: folder, pgliteLockHeld: true, openedBy: 'restore' });
  const database = await open();
  try {
    log('database:');
    await restoreDatabase({ database, from, manifest, log });
  } finally {
    await database.close();
  }
  const reopened = await open();
  try {
    await checkRowCounts(reopened, manifest);
  } finally {
    await reopened.close();
  }
}

/** Processes of SYS other than this one connected to the database, described for a person. */
async function otherSessions(database: Database): Promise<string | null> {
  const sessions = await listAppSessions(database.db, `${APPLICATION_NAME_PREFIX}%`);
  if (sessions.length === 0) return null;
  return sessions.map((row) => `${row.sessions} of ${row.application} from ${row.client}`).join(', ');
}

/**
 * Into PostgreSQL: refused while servers (any other process of SYS) are connected, unless --force-online.
 * The media are copied first, beside what the store holds; then one transaction replaces the schemas,
 * migrates and loads every table, so a failure or a kill leaves the old database as it was.
 */
async function restoreIntoPostgres(options: RestoreOptions, manifest: BackupManifest, log: Log) {
  const opened = openStorage(options.config);
  let database: Database | null = null;
  try {
    database = await openDatabase({ databaseUrl: options.config.databaseUrl, openedBy: 'restore' });
    const connected = await otherSessions(database);
    if (connected && !options.forceOnline) {
      throw new BackupError(
        `processes of SYS are connected to the database (sessions: ${connected}); stop the servers first, ` +
          'or pass --force-online to restore while they run (then restart them: they keep caches of the old data)',
      );
    }
    if (connected) log(`restoring while processes of SYS are connected (sessions: ${connected})`);
    const hasTables = (await listTables(database.db)).length > 0;
    refuseUnlessForced(await occupiedParts(options.config, hasTables, opened.storage), options, log);
    await restoreMedia(options.from, manifest, opened.storage, log);
    log('database:');
    await restoreDatabase({ database, from: options.from, manifest, log, replace: hasTables });
    await restoreFiles(options, manifest, opened.storage, log);
    return manifest;
  } finally {
    await database?.close().catch(() => {});
    opened.close();
  }
}

/**
 * Restores a backup into the configured target: an empty DATA_DIR (PGlite) or an empty PostgreSQL
 * database, and an empty media store. A target that holds anything is refused unless `force`, which
 * replaces the database and removes the local media and keys the backup does not hold; S3 objects are
 * overwritten, never deleted. Whatever stops a restore before its end leaves the old database whole.
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
  return config.databaseUrl
    ? restoreIntoPostgres(options, manifest, log)
    : restoreIntoPglite(options, manifest, log);
}
