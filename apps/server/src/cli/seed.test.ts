import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, pgliteDirFor } from '../db/client.ts';
import { DEMO_PROFILES } from '../seed/demo.data.ts';
import { createPostgresTestDatabase, type TestDatabaseUrl, testEngine } from '../test/context.ts';
import { childEnv, runProcess } from '../test/processes.ts';

/** `npm run seed` is `tsx apps/server/src/cli/seed.ts`; run it the same way, on the test engine. */
const seed = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  runProcess(['--import', 'tsx', 'src/cli/seed.ts', ...args], env);

describe(`npm run seed (${testEngine})`, () => {
  let tmp: string;
  let pg: TestDatabaseUrl | undefined;
  let env: NodeJS.ProcessEnv;
  const avatar = () => join(tmp, 'media', 'avatars', DEMO_PROFILES[0]!.id, 'avatar.webp');

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'sys-seed-'));
    if (testEngine === 'postgres') pg = await createPostgresTestDatabase();
    env = childEnv({ DATA_DIR: tmp, ...(pg ? { DATABASE_URL: pg.url } : {}) });
  });
  afterAll(async () => {
    await pg?.drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  // One story on one database: each step needs what the one before left (no new process or database for it).
  it('seeds an empty database and says what it did, refuses to seed it again without --reset, rebuilds it with --reset', async () => {
    const seeded = await seed(env);
    expect(seeded.stderr).toBe('');
    expect(seeded.code).toBe(0);
    expect(seeded.stdout).toMatch(/^Seeded /);
    expect(seeded.stdout).toContain('profiles: 5 creators');
    expect(seeded.stdout).toContain('brands: 15 brands');
    expect(existsSync(avatar())).toBe(true);

    const refused = await seed(env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already holds profiles');
    expect(refused.stderr).toContain('npm run seed -- --reset');

    rmSync(avatar());
    const reset = await seed(env, '--reset');
    expect(reset.code).toBe(0);
    expect(reset.stdout).toMatch(/^Reset and seeded /);
    expect(existsSync(avatar())).toBe(true);
  }, 180_000);

  // The embedded database only: on PostgreSQL the CLI runs beside the servers.
  if (testEngine === 'pglite') {
    it('is refused while another process has the embedded database open, and changes nothing', async () => {
      const avatarWritten = () => (existsSync(avatar()) ? statSync(avatar()).mtimeMs : null);
      const before = avatarWritten();
      const database = await openDatabase({ pgliteDir: pgliteDirFor(tmp), openedBy: 'admin' });
      try {
        const refused = await seed(env, '--reset');
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`is in use by npm run admin (pid ${process.pid}, since `);
        expect(refused.stderr).toContain('PGlite is one process: wait for npm run admin to finish');
        expect(refused.stdout).toBe('');
      } finally {
        await database.close();
      }
      // --reset would have removed the seeded media and written them again.
      expect(avatarWritten()).toBe(before);
    }, 120_000);
  }

  it('rejects an unknown option with the usage', async () => {
    const result = await seed(env, '--wipe');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Usage: npm run seed');
  });
});
