import { type Database, openDatabase, pgliteDirFor } from '../db/client.ts';
import { createPostgresTestDatabase, type TestDatabaseUrl, testDatabaseUrl } from './context.ts';

/**
 * Where a test that runs the built server as a child process keeps its data: the embedded database in the
 * server's DATA_DIR, or a PostgreSQL database of its own (when TEST_DATABASE_URL is set). `setup` gives
 * the server's extra environment; `open` opens the same data from the test to look inside.
 */
export interface ServerEngine {
  name: string;
  setup(): Promise<Record<string, string>>;
  open(dataDir: string): Promise<Database>;
  teardown(): Promise<void>;
}

function pgliteEngine(): ServerEngine {
  return {
    name: 'pglite',
    setup: async () => ({}),
    open: (dataDir) => openDatabase({ pgliteDir: pgliteDirFor(dataDir) }),
    teardown: async () => {},
  };
}

function postgresEngine(): ServerEngine {
  let database: TestDatabaseUrl | undefined;
  return {
    name: 'postgres',
    setup: async () => {
      database = await createPostgresTestDatabase();
      return { DATABASE_URL: database.url };
    },
    open: () => openDatabase({ databaseUrl: database!.url }),
    teardown: async () => database?.drop(),
  };
}

/** Each engine to run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export function serverEngines(): ServerEngine[] {
  return testDatabaseUrl ? [pgliteEngine(), postgresEngine()] : [pgliteEngine()];
}
