import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AdminReportPage, Comment } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createPostgresTestDatabase, type TestDatabaseUrl, testEngine } from '../test/context.ts';
import { publishPost } from '../test/media.ts';
import { childEnv, runProcess } from '../test/processes.ts';
import { createUser, TEST_RATE_LIMITS } from '../test/users.ts';
import { runAdmin } from './admin.commands.ts';

/** Every file name below `dir`, at any depth. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/**
 * `npm run admin` is `tsx apps/server/src/cli/admin.ts`: a process around runAdmin. Each test runs that
 * process once (usage, and the embedded database's lock, which needs another process); every other
 * command runs runAdmin here, with the same environment and its output captured: each process cost
 * several seconds of start-up on a loaded machine, about 30 of them per engine.
 */
const adminProcess = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  runProcess(['--import', 'tsx', 'src/cli/admin.ts', ...args], env);

async function admin(env: NodeJS.ProcessEnv, ...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runAdmin(args, {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

describe(`npm run admin (${testEngine})`, () => {
  let tmp: string;
  let pg: TestDatabaseUrl | undefined;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'sys-admin-'));
    if (testEngine === 'postgres') pg = await createPostgresTestDatabase();
    env = childEnv({ DATA_DIR: tmp, ...(pg ? { DATABASE_URL: pg.url } : {}) });
  });
  /** The app on the same data directory and database as the CLI (close it before the next command: PGlite is one process). */
  const openApp = () =>
    buildApp(
      {
        dataDir: tmp,
        webDist: null,
        seedDemo: false,
        logLevel: 'silent',
        authRateLimits: TEST_RATE_LIMITS,
        ...(pg ? { databaseUrl: pg.url } : {}),
      },
      { logger: false },
    );

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
    // Other tests add users to this data directory too: look for this test's two.
    const table = await admin(env, 'list-users');
    expect(table.stdout).toMatch(new RegExp(`^${user.id} .* deleted `, 'm'));
    expect(table.stdout).toMatch(/^\S+ +guest@example\.com +unconfirmed /m);
    expect(table.stdout).toMatch(/\npage 1 of 1, \d+ users\n$/);
  }, 120_000);

  it('lists reports, resolves and dismisses them, and removes posts (with their files) and comments', async () => {
    // Content made through the API of an app on the same data directory and database, then closed
    // (the embedded database is single-process).
    const app = await openApp();
    let postId: string;
    let fileName: string;
    let commentId: string;
    try {
      const author = await createUser(app);
      const reporter = await createUser(app);
      const post = await publishPost(app, author, { caption: 'Reported from the CLI' });
      postId = post.id;
      fileName = post.media_url.split('/').at(-1)!;
      const comment = (
        await app.inject({
          method: 'POST',
          url: `/api/v1/posts/${post.id}/comments`,
          headers: author.headers,
          payload: { body: 'Rude' },
        })
      ).json() as Comment;
      commentId = comment.id;
      for (const [targetType, targetId] of [
        ['post', post.id],
        ['comment', comment.id],
        ['user', author.id],
      ]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/reports',
          headers: reporter.headers,
          payload: { target_type: targetType, target_id: targetId, reason: 'spam' },
        });
        expect(response.statusCode, response.body).toBe(201);
      }
    } finally {
      await app.close();
    }
    expect(filesUnder(tmp)).toContain(fileName);

    const listed = await admin(env, 'reports', '--json');
    expect(listed.stderr).toBe('');
    const page = JSON.parse(listed.stdout) as AdminReportPage;
    expect(page.items.map((r) => r.target_type)).toEqual(['user', 'comment', 'post']);
    expect(page.items[2]).toMatchObject({ target_id: postId, target: { text: 'Reported from the CLI' } });
    const table = await admin(env, 'reports');
    expect(table.stdout).toContain('3 reports');
    expect(table.stdout).toContain('"Reported from the CLI"');

    const userReport = page.items[0]!;
    const dismissed = await admin(env, 'resolve-report', userReport.id, '--dismiss');
    expect(dismissed.stdout).toBe(`Report ${userReport.id} is dismissed\n`);

    const removedComment = await admin(env, 'remove-comment', commentId);
    expect(removedComment.stdout).toBe(`Removed comment ${commentId}; 1 open reports resolved\n`);
    const removed = await admin(env, 'remove-post', postId);
    expect(removed.stderr).toBe('');
    expect(removed.stdout).toBe(`Removed post ${postId}; 1 open reports resolved\n`);
    expect(filesUnder(tmp)).not.toContain(fileName);

    expect(JSON.parse((await admin(env, 'reports', '--json')).stdout).items).toEqual([]);
    const all = JSON.parse(
      (await admin(env, 'reports', '--status', 'all', '--json')).stdout,
    ) as AdminReportPage;
    expect(all.items.map((r) => r.status)).toEqual(['dismissed', 'resolved', 'resolved']);

    const again = await admin(env, 'remove-post', postId);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('error: Post not found (not_found)\n');
    const badId = await admin(env, 'remove-post', 'nope');
    expect(badId.code).toBe(1);
    expect(badId.stderr).toContain('POST_ID must be an id (a UUID)');
    const badStatus = await admin(env, 'reports', '--status', 'closed');
    expect(badStatus.code).toBe(1);
    expect(badStatus.stderr).toContain('--status must be open, resolved, dismissed or all');
  }, 120_000);

  it('makes a user an administrator of the data API and back (set-role)', async () => {
    const created = await admin(
      env,
      'create-user',
      '--email',
      'mod@example.com',
      '--password',
      'mod password',
      '--confirm',
    );
    const userId = JSON.parse(created.stdout).id as string;

    /** Signs in with the password (a new token carries the current role) and asks for the reports queue. */
    const reportsStatus = async () => {
      const app = await openApp();
      try {
        const signIn = await app.inject({
          method: 'POST',
          url: '/auth/v1/token?grant_type=password',
          payload: { email: 'mod@example.com', password: 'mod password' },
        });
        expect(signIn.statusCode, signIn.body).toBe(200);
        const reports = await app.inject({
          method: 'GET',
          url: '/api/v1/admin/reports',
          headers: { authorization: `Bearer ${signIn.json().access_token}` },
        });
        return reports.statusCode;
      } finally {
        await app.close();
      }
    };

    expect(await reportsStatus()).toBe(403);
    const promoted = await admin(env, 'set-role', userId, 'admin');
    expect(promoted.stderr).toBe('');
    expect(promoted.stdout).toBe('mod@example.com is now admin (role supabase_admin)\n');
    expect(await reportsStatus()).toBe(200);
    const demoted = await admin(env, 'set-role', userId, 'user');
    expect(demoted.stdout).toBe('mod@example.com is now user (role authenticated)\n');
    expect(await reportsStatus()).toBe(403);

    const badRole = await admin(env, 'set-role', userId, 'root');
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain('The role must be admin or user');
    const badId = await admin(env, 'set-role', 'nope', 'admin');
    expect(badId.code).toBe(1);
    expect(badId.stderr).toContain('USER_ID must be an id (a UUID)');
  }, 120_000);

  // The embedded database only: on PostgreSQL the CLI runs beside the servers.
  if (testEngine === 'pglite') {
    it('is refused, naming the server, while the server has the embedded database open', async () => {
      const app = await openApp();
      try {
        const refused = await adminProcess(env, 'list-users');
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`is in use by the SYS server (pid ${process.pid}, since `);
        expect(refused.stderr).toContain('PGlite is one process: stop the SYS server first');
      } finally {
        await app.close();
      }
      expect((await admin(env, 'list-users')).code).toBe(0);
    }, 120_000);
  }

  it('explains its usage', async () => {
    const result = await adminProcess(env, 'teleport');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Unknown command: teleport');
    expect(result.stderr).toContain('Usage: npm run admin');
  });
});
