import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, type TestDatabaseUrl, testEngine } from '../test/context.ts';
import { childEnv, runProcess } from '../test/processes.ts';

/** `npm run admin` is `tsx apps/server/src/cli/admin.ts`; run it the same way, on the test engine. */
const admin = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  runProcess(['--import', 'tsx', 'src/cli/admin.ts', ...args], env);

describe(`npm run admin (${testEngine})`, () => {
  let tmp: string;
  let pg: TestDatabaseUrl | undefined;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'sys-admin-'));
    if (testEngine === 'postgres') pg = await createPostgresTestDatabase();
    env = childEnv({ DATA_DIR: tmp, ...(pg ? { DATABASE_URL: pg.url } : {}) });
  });
  afterAll(async () => {
    await pg?.drop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('creates, lists, links, invites and deletes users', async () => {
    const created = await admin(
      env,
      'create-user',
      '--email',
      'cli@example.com',
      '--password',
      'cli password',
      '--confirm',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const user = JSON.parse(created.stdout);
    expect(user).toMatchObject({ email: 'cli@example.com' });
    expect(user.email_confirmed_at).toBeTruthy();

    const link = await admin(env, 'generate-link', 'recovery', '--email', 'cli@example.com');
    expect(link.code).toBe(0);
    expect(JSON.parse(link.stdout).action_link).toContain('/auth/v1/verify?token=');

    const invited = await admin(env, 'invite', '--email', 'guest@example.com');
    expect(invited.code).toBe(0);
    // Without SMTP_URL the invitation is written to DATA_DIR/mail.
    expect(readdirSync(join(tmp, 'mail')).some((f) => f.includes('-invite-') && f.endsWith('.eml'))).toBe(
      true,
    );

    const token = await admin(env, 'service-token', '--days', '1');
    expect(token.stdout.trim().split('.')).toHaveLength(3);

    const deleted = await admin(env, 'delete-user', user.id, '--soft');
    expect(deleted.code).toBe(0);
    const table = await admin(env, 'list-users');
    expect(table.stdout).toContain('page 1 of 1, 2 users');
    expect(table.stdout).toContain('deleted');
    // Each command is a fresh process opening the database: allow for a loaded machine.
  }, 180_000);

  it('explains its usage', async () => {
    const result = await admin(env, 'teleport');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unknown command: teleport');
    expect(result.stderr).toContain('Usage: npm run admin');
  });
});
