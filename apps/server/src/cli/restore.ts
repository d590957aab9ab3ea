import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfigFromEnv } from '../config.ts';
import { DatabaseError } from '../db/client.ts';
import { BackupError } from '../modules/backup/backup.format.ts';
import { restoreBackup } from '../modules/backup/backup.restore.ts';

/**
 * `npm run restore -- FOLDER [--force] [--force-online]`: restores a backup of `npm run backup` into the
 * configured instance (DATA_DIR, DATABASE_URL, STORAGE_DRIVER, S3_*), which must be empty unless --force.
 * It is refused while servers use the target (see backup.restore.ts). Start the server afterwards; it
 * finds every row and file of the backup.
 */

const USAGE = `Usage: npm run restore -- FOLDER [--force] [--force-online]

Restores a backup folder made by npm run backup into the configured DATA_DIR / DATABASE_URL and media
store. The target must be empty (a new DATA_DIR, a new database, an empty bucket); --force replaces
what is there instead. Stop the server first: the restore is refused while it runs.
  --force-online   PostgreSQL only: restore even while servers are connected to the database
                   (restart them afterwards)
`;

async function main(): Promise<void> {
  let parsed: {
    values: { help?: boolean; force?: boolean; 'force-online'?: boolean };
    positionals: string[];
  };
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        force: { type: 'boolean' },
        'force-online': { type: 'boolean' },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(1);
  }
  const [from] = parsed.positionals;
  if (parsed.values.help || !from) {
    process.stdout.write(USAGE);
    if (!parsed.values.help) process.exitCode = 1;
    return;
  }

  try {
    const config = loadConfigFromEnv();
    const source = resolve(from);
    process.stdout.write(`restoring ${source}\n`);
    const manifest = await restoreBackup({
      from: source,
      config,
      force: parsed.values.force ?? false,
      forceOnline: parsed.values['force-online'] ?? false,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(
      `restore complete: ${rows} rows and ${manifest.media.length} media files from the backup of ${manifest.createdAt}\n`,
    );
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseError || error instanceof BackupError) {
      process.stderr.write(`restore failed: ${error.message}\n`);
      process.exitCode = 1;
    } else {
      throw error;
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
