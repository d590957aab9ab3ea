import { createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Database, Db } from '../../db/client.ts';
import { assertStoragePath } from '../storage/storage.types.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  type BackupManifest,
  hashingStream,
  type Log,
} from './backup.format.ts';
import { type MediaStore, mediaKeys, openMedia, walkFiles } from './backup.media.ts';
import { listTables, readAppliedMigrations, readRowsPage, readSequences } from './backup.repository.ts';

/* `npm run backup`: writes the folder backup.format.ts describes. `npm run restore` is backup.restore.ts. */

/** Rows per page read from a table. */
const EXPORT_PAGE_ROWS = 2000;

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
