import { parseArgs } from 'node:util';
import pino from 'pino';
import { ConfigError, loadConfigFromEnv } from '../config.ts';
import { DatabaseError, migrateDatabase, openDatabase, pgliteDirFor } from '../db/client.ts';
import { openStorage } from '../modules/storage/storage.plugin.ts';
import { seedDemo } from '../seed/demo.seed.ts';

/**
 * `npm run seed` seeds the demo into an empty database; `npm run seed -- --reset` empties the
 * application tables and seeds again. Uses the same environment as the server (DATA_DIR,
 * DATABASE_URL...). With the embedded database it is refused while the server has DATA_DIR open: PGlite
 * is one process.
 */

const USAGE = `Usage: npm run seed [-- --reset]

Seeds the SYS demo content (creators, avatars, brands) into the configured database.
  --reset   delete all application data and seeded media, then seed again
`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let args: { reset?: boolean; help?: boolean };
  try {
    args = parseArgs({
      options: { reset: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (args.help) {
    process.stdout.write(USAGE);
    return;
  }

  let config: ReturnType<typeof loadConfigFromEnv>;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    config = loadConfigFromEnv();
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: pgliteDirFor(config.dataDir),
      openedBy: 'seed',
    });
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseError) fail(error.message);
    throw error;
  }

  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `the embedded database in ${config.dataDir}`;
  const storage = openStorage(config);
  try {
    await migrateDatabase(database);
    const result = await seedDemo(
      { database, storage: storage.storage, log: pino({ level: 'warn' }) },
      { reset: args.reset ?? false },
    );
    if (result.status === 'skipped') {
      process.exitCode = 1;
      process.stderr.write(
        `Not seeding ${where}: ${result.reason}. Run \`npm run seed -- --reset\` to delete all data and seed the demo again.\n`,
      );
      return;
    }
    const lines = result.steps.map((s) => `  ${s.name}: ${s.summary}`).join('\n');
    process.stdout.write(`${result.reset ? 'Reset and seeded' : 'Seeded'} ${where}:\n${lines}\n`);
  } catch (error) {
    if (error instanceof DatabaseError) {
      process.exitCode = 1;
      process.stderr.write(`${error.message}\n`);
      return;
    }
    throw error;
  } finally {
    storage.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
