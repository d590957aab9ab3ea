import { parseArgs } from 'node:util';
import { type AdminReport, AdminReportsQuerySchema } from '@sys/shared';
import pino from 'pino';
import { buildApp } from '../app.ts';
import { type AppConfig, ConfigError, loadConfigFromEnv } from '../config.ts';
import { type Database, DatabaseError, migrateDatabase, openDatabase, pgliteDirFor } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { AuthError } from '../modules/auth/auth.errors.ts';
import { type AuthModule, createAuthModule } from '../modules/auth/auth.plugin.ts';
import { KeyConfigError } from '../modules/auth/auth.tokens.ts';
import { profileAuthHooks } from '../modules/profiles/profiles.plugin.ts';
import { ProfilesService } from '../modules/profiles/profiles.service.ts';

/**
 * `npm run admin -- <command>`: the auth service's admin API from the command line, through the
 * same services as /auth/v1/admin, on the configured database (DATA_DIR, DATABASE_URL...). With the
 * embedded database it is refused while the server has DATA_DIR open: PGlite is one process.
 * admin.ts is the process around `runAdmin`; tests call `runAdmin` in their own process.
 */

/** Where a run reads its configuration and writes its output: the process's own, or a test's. */
export interface AdminIo {
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  list-users [--page N] [--per-page N] [--filter TEXT] [--json]
  create-user --email EMAIL [--password PASSWORD] [--confirm] [--name "Full Name"]
  delete-user USER_ID [--soft]
  generate-link signup|invite|magiclink|recovery|email_change_new --email EMAIL
                [--password PASSWORD] [--new-email EMAIL] [--redirect-to URL]
  invite --email EMAIL [--redirect-to URL]
  service-token [--days N]     print a service_role JWT for /auth/v1/admin (signed with the server's key)
  set-role USER_ID admin|user  make a user an administrator (moderator) of SYS, or an ordinary user again;
                               it takes effect with the user's next request

Moderation (the same services as /api/v1/admin):
  reports [--status open|resolved|dismissed|all] [--limit N] [--json]
                               reports newest first (open ones by default) with their target
  resolve-report REPORT_ID [--dismiss]
                               close a report as resolved (or as dismissed: nothing wrong found)
  remove-post POST_ID          remove a post and its stored files; resolves its open reports
  remove-comment COMMENT_ID    remove a comment and its replies; resolves its open reports
`;

type Values = {
  help?: boolean;
  json?: boolean;
  page?: string;
  'per-page'?: string;
  filter?: string;
  email?: string;
  password?: string;
  confirm?: boolean;
  name?: string;
  soft?: boolean;
  'new-email'?: string;
  'redirect-to'?: string;
  days?: string;
  status?: string;
  limit?: string;
  dismiss?: boolean;
};

class UsageError extends Error {}

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`${what} is required`);
  return value;
}

const print = (io: AdminIo, value: unknown): void => {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
};

async function run(
  auth: AuthModule,
  command: string,
  positional: string[],
  v: Values,
  io: AdminIo,
): Promise<void> {
  switch (command) {
    case 'list-users': {
      const page = await auth.admin.listUsers({ page: v.page, per_page: v['per-page'], filter: v.filter });
      if (v.json) return print(io, page);
      const lines = page.users.map((u) =>
        [
          u.id,
          (u.email ?? '').padEnd(32),
          u.email_confirmed_at ? 'confirmed  ' : 'unconfirmed',
          u.deleted_at ? 'deleted' : u.banned_until ? 'banned ' : '       ',
          u.created_at,
        ].join('  '),
      );
      io.stdout.write(
        `${lines.join('\n')}${lines.length ? '\n' : ''}page ${page.page} of ${Math.max(1, Math.ceil(page.total / page.perPage))}, ${page.total} users\n`,
      );
      return;
    }
    case 'create-user': {
      const user = await auth.admin.createUser({
        email: need(v.email, '--email'),
        password: v.password,
        email_confirm: v.confirm ?? false,
        user_metadata: v.name ? { full_name: v.name } : undefined,
      });
      return print(io, user);
    }
    case 'generate-link': {
      const link = await auth.admin.generateLink(
        {
          type: need(positional[0], 'the link type'),
          email: need(v.email, '--email'),
          password: v.password,
          new_email: v['new-email'],
        },
        v['redirect-to'],
      );
      return print(io, {
        action_link: link.action_link,
        email_otp: link.email_otp,
        verification_type: link.verification_type,
        redirect_to: link.redirect_to,
        user_id: link.id,
      });
    }
    case 'invite': {
      const user = await auth.admin.invite({ email: need(v.email, '--email') }, v['redirect-to']);
      io.stdout.write(`Invited ${user.email} (${user.id}); the invitation went out by mail.\n`);
      return;
    }
    case 'service-token': {
      const days = v.days ? Number(v.days) : 30;
      if (!Number.isFinite(days) || days <= 0) throw new UsageError('--days must be a positive number');
      io.stdout.write(`${await auth.tokens.signServiceRoleToken(Date.now(), Math.round(days * 86_400))}\n`);
      return;
    }
    case 'set-role': {
      const id = needId(positional[0], 'USER_ID');
      const role = ROLE_NAMES[positional[1] ?? ''];
      if (!role) throw new UsageError('The role must be admin or user');
      const user = await auth.admin.updateUser(id, { role });
      io.stdout.write(`${user.email ?? user.id} is now ${positional[1]} (role ${user.role})\n`);
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command: ${command}` : 'A command is required');
  }
}

/** The roles `set-role` gives: an administrator of the data API (ADMIN_ROLES), or an ordinary signed-in user. */
const ROLE_NAMES: Record<string, string> = { admin: 'supabase_admin', user: 'authenticated' };

/** Commands that must go through the whole app: what they remove takes its stored files (and caches) along. */
const APP_COMMANDS = new Set(['delete-user', 'reports', 'resolve-report', 'remove-post', 'remove-comment']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function needId(value: string | undefined, what: string): string {
  const id = need(value, what);
  if (!UUID.test(id)) throw new UsageError(`${what} must be an id (a UUID)`);
  return id;
}

function reportLine(report: AdminReport): string {
  const author = report.target?.author;
  const who = author ? `@${author.username ?? author.id}` : '(removed)';
  const text = (report.target?.text ?? '').replace(/\s+/g, ' ').slice(0, 40);
  return [
    report.id,
    report.status.padEnd(9),
    report.target_type.padEnd(7),
    report.reason.padEnd(13),
    `by @${report.reporter.username ?? report.reporter.id}`,
    `-> ${report.target_type} ${report.target_id} ${who}`,
    text ? JSON.stringify(text) : '',
  ]
    .join('  ')
    .trimEnd();
}

/**
 * These commands build the whole app (without listening) on the configured database, so that a removal
 * goes through the same services as the admin API: a post's or a deleted account's files leave the
 * configured store.
 */
async function runWithApp(
  config: AppConfig,
  database: Database,
  command: string,
  positional: string[],
  v: Values,
  io: AdminIo,
): Promise<void> {
  const query = AdminReportsQuerySchema.safeParse({ status: v.status, limit: v.limit });
  if (command === 'reports' && !query.success) {
    throw new UsageError('--status must be open, resolved, dismissed or all; --limit a number from 1 to 50');
  }
  const app = await buildApp(
    { ...config, webDist: null, seedDemo: false, logLevel: 'error' },
    {
      database,
      logger: false,
    },
  );
  try {
    switch (command) {
      case 'delete-user': {
        const id = need(positional[0], 'USER_ID');
        await app.services.auth.admin.deleteUser(id, v.soft ?? false);
        io.stdout.write(`${v.soft ? 'Soft-deleted' : 'Deleted'} user ${id}\n`);
        return;
      }
      case 'reports': {
        const page = await app.services.moderation.listReports(query.data!);
        if (v.json) return print(io, page);
        const lines = page.items.map(reportLine);
        io.stdout.write(`${lines.join('\n')}${lines.length ? '\n' : ''}${page.items.length} reports\n`);
        return;
      }
      case 'resolve-report': {
        const report = await app.services.moderation.setReportStatus(
          needId(positional[0], 'REPORT_ID'),
          v.dismiss ? 'dismissed' : 'resolved',
        );
        io.stdout.write(`Report ${report.id} is ${report.status}\n`);
        return;
      }
      case 'remove-post': {
        const id = needId(positional[0], 'POST_ID');
        const result = await app.services.moderation.removePost(id);
        io.stdout.write(`Removed post ${id}; ${result.reports_resolved} open reports resolved\n`);
        return;
      }
      case 'remove-comment': {
        const id = needId(positional[0], 'COMMENT_ID');
        const result = await app.services.moderation.removeComment(id);
        io.stdout.write(`Removed comment ${id}; ${result.reports_resolved} open reports resolved\n`);
        return;
      }
    }
  } finally {
    await app.close();
  }
}

/** Runs one admin command line (without the program name); resolves to the exit code. */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        json: { type: 'boolean' },
        page: { type: 'string' },
        'per-page': { type: 'string' },
        filter: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        confirm: { type: 'boolean' },
        name: { type: 'string' },
        soft: { type: 'boolean' },
        'new-email': { type: 'string' },
        'redirect-to': { type: 'string' },
        days: { type: 'string' },
        status: { type: 'string' },
        limit: { type: 'string' },
        dismiss: { type: 'boolean' },
      },
    });
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  const [command = '', ...positional] = parsed.positionals;
  if (parsed.values.help || !command) {
    io.stdout.write(USAGE);
    return !command && !parsed.values.help ? 1 : 0;
  }

  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  let auth: AuthModule | undefined;
  try {
    const config = loadConfigFromEnv(io.env);
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: pgliteDirFor(config.dataDir),
      openedBy: 'admin',
    });
    await migrateDatabase(database);
    if (APP_COMMANDS.has(command)) {
      await runWithApp(config, database, command, positional, parsed.values, io);
      return 0;
    }
    // Logs go to stderr so that stdout stays the command's output (JSON for scripts).
    const log = pino({ level: 'error' }, { write: (line: string) => io.stderr.write(line) });
    auth = await createAuthModule(config, database, log, {
      hooks: profileAuthHooks(new ProfilesService(database.db)),
    });
    await run(auth, command, positional, parsed.values, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${error.message}\n\n${USAGE}`);
    } else if (error instanceof AppError) {
      io.stderr.write(`error: ${error.message} (${error.code})\n`);
    } else if (error instanceof AuthError) {
      io.stderr.write(`error: ${error.message} (${error.code})\n`);
    } else if (
      error instanceof ConfigError ||
      error instanceof DatabaseError ||
      error instanceof KeyConfigError
    ) {
      io.stderr.write(`${error.message}\n`);
    } else {
      throw error;
    }
    return 1;
  } finally {
    await auth?.close();
    await database?.close();
  }
}
