import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import type { AppConfig } from '../../config.ts';
import {
  APPLICATION_NAME_PREFIX,
  type Database,
  lockPgliteDir,
  migrateEmptyDatabaseIn,
  openDatabase,
  pgliteDirFor,
} from '../../db/client.ts';
import { restoreStagingFor, swapInRestored } from '../../db/pglite-swap.ts';
import { LocalStorage } from '../storage/storage.local.ts';
import { openStorage } from '../storage/storage.plugin.ts';
import { assertStoragePath } from '../storage/storage.types.ts';
import {
  BackupError,
  type BackupManifest,
  checkMigrations,
  type Log,
  readManifest,
  verifyBackupFiles,
} from './backup.format.ts';
import {
  type MediaStore,
  mediaStoreIsEmpty,
  removeMediaNotIn,
  restoreMedia,
  walkFiles,
} from './backup.media.ts';
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
  readSequences,
  setSequence,
  truncateTables,
} from './backup.repository.ts';

/* `npm run restore`: a backup (backup.format.ts) into an empty target, or with --force over one. */

/** Rows per INSERT. */
const IMPORT_BATCH_ROWS = 500;

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
