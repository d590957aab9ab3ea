import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfigFromEnv } from '../config.ts';
import { type Database, DatabaseError, openDatabase, pgliteDirFor } from '../db/client.ts';
import { BackupError } from '../modules/backup/backup.format.ts';
import { createBackup } from '../modules/backup/backup.service.ts';
import { openStorage } from '../modules/storage/storage.plugin.ts';

/**
 * `npm run backup -- [--out FOLDER]`: writes the database and the media of the configured instance
 * (DATA_DIR, DATABASE_URL, STORAGE_DRIVER, S3_*) into one new folder. With the embedded database it is
 * refused while the server (or another command) has DATA_DIR open: PGlite is one process. On PostgreSQL
 * it runs while the servers keep serving.
 */

const USAGE = `Usage: npm run backup -- [--out FOLDER]

Writes a backup folder (default: backups/sys-backup-<date>-<time>) holding the database rows, the media
files and the generated signing key, with a manifest of row counts and file checksums.
With the embedded database (no DATABASE_URL), stop the server first; on PostgreSQL it runs alongside.
Restore it with: npm run restore -- FOLDER
`;

function defaultOut(): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return resolve('backups', `sys-backup-${stamp}`);
}

async function main(): Promise<void> {
  let values: { help?: boolean; out?: string };
  try {
    ({ values } = parseArgs({
      options: { help: { type: 'boolean', short: 'h' }, out: { type: 'string', short: 'o' } },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(1);
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }

  let database: Database | undefined;
  let closeStorage = () => {};
  try {
    const config = loadConfigFromEnv();
    const pgDir = pgliteDirFor(config.dataDir);
    if (!config.databaseUrl && !(pgDir && existsSync(pgDir))) {
      throw new BackupError(`there is no database to back up at ${pgDir ?? 'DATA_DIR'} (DATA_DIR)`);
    }
    database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgDir, openedBy: 'backup' });
    const opened = openStorage(config);
    closeStorage = opened.close;
    const out = resolve(values.out ?? defaultOut());
    process.stdout.write(`backing up to ${out}\n`);
    const manifest = await createBackup({
      database,
      storage: opened.storage,
      dataDir: config.dataDir,
      out,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `backup complete: ${manifest.tables.length} tables, ${rows} rows, ${manifest.media.length} media files -> ${out}\n`,
    );
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseError || error instanceof BackupError) {
      process.stderr.write(`backup failed: ${error.message}\n`);
      process.exitCode = 1;
    } else {
      throw error;
    }
  } finally {
    await database?.close();
    closeStorage();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
