import formbody from '@fastify/formbody';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AccessChecks } from './auth.access.ts';
import { authAdminRoutes } from './auth.admin.routes.ts';
import { AuthAdminService } from './auth.admin.service.ts';
import { BackgroundTasks } from './auth.background.ts';
import { authErrorHandler, badRequest, notFound, requestApiVersion, sendAuthError } from './auth.errors.ts';
import { createMailTransport, type MailTransport } from './auth.mailer.ts';
import { createAuthRateLimiter, DEFAULT_RATE_LIMITS } from './auth.rate-limit.ts';
import { AuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import { type AuthHooks, AuthService, type AuthSettings, type Clock } from './auth.service.ts';
import { AccountThrottle, DEFAULT_LOCKOUTS } from './auth.throttle.ts';
import { loadSigningKey, TokenService } from './auth.tokens.ts';

/** Everything the auth module is made of; `services.auth` in the server, built directly by the CLI. */
export interface AuthModule {
  service: AuthService;
  admin: AuthAdminService;
  tokens: TokenService;
  mail: MailTransport;
  /** Mail sent after the answer; tests wait for it with `idle()`. */
  background: BackgroundTasks;
  settings: AuthSettings;
  repo: AuthRepository;
  /** The data API's per-request check of a token's user and session (started with the services). */
  access: AccessChecks;
  /** Stops the periodic clean-up, waits for mail under way and closes the mail transport. */
  close(): Promise<void>;
}

export const AUTH_PREFIX = '/auth/v1';

/** At most this many (user, session) answers of the access check are kept (~200 bytes each). */
const ACCESS_CACHE_ENTRIES = 20_000;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** `https://*.example.com/**` -> a RegExp: `**` any characters, `*` any within one host label or path segment. */
export function redirectPattern(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!;
    if (char === '*' && glob[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') {
      source += '[^/.]*';
    } else {
      source += char.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}

export function authSettingsFrom(config: AppConfig): AuthSettings {
  const siteUrl = trimSlash(config.siteUrl ?? config.publicUrl ?? `http://localhost:${config.port}`);
  const apiBase = trimSlash(config.publicUrl ?? siteUrl);
  return {
    siteUrl,
    apiUrl: `${apiBase}${AUTH_PREFIX}`,
    confirmEmail: config.authConfirmEmail,
    disableSignup: config.authDisableSignup,
    passwordMinLength: config.authPasswordMinLength,
    securePasswordChange: config.authSecurePasswordChange,
    refreshReuseIntervalMs: config.authRefreshReuseInterval * 1000,
    redirectAllowList: (config.authRedirectAllowList ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map(redirectPattern),
    mailFrom: config.mailFrom ?? `SYS <no-reply@${new URL(siteUrl).hostname}>`,
  };
}

export interface AuthModuleOptions {
  hooks?: AuthHooks;
  /** Tests move time forward with their own clock. */
  now?: Clock;
}

/** Builds the auth services on a database: keys, mail, rate limits, the services themselves. */
export async function createAuthModule(
  config: AppConfig,
  database: Database,
  log: FastifyBaseLogger,
  options: AuthModuleOptions = {},
): Promise<AuthModule> {
  const settings = authSettingsFrom(config);
  const now = options.now ?? Date.now;
  const key = await loadSigningKey(config);
  if (key.origin !== 'AUTH_JWT_PRIVATE_KEY' && config.databaseUrl) {
    log.warn(
      `auth: JWT signing key from ${key.origin}; every server instance sharing this database needs the same key (set AUTH_JWT_PRIVATE_KEY)`,
    );
  }
  const tokens = new TokenService(key, settings.apiUrl, config.authJwtExpiry);
  // The repository tells the access checks of every change they read; they read through it.
  let access: AccessChecks | undefined;
  const repo = new AuthRepository(database.db, (userId) => access?.changed(userId));
  access = new AccessChecks(repo, {
    ttlMs: config.authAccessCacheTtlMs,
    maxEntries: ACCESS_CACHE_ENTRIES,
    now,
  });
  const mail = createMailTransport(config, log);
  const limiter = createAuthRateLimiter(
    database.db,
    { ...DEFAULT_RATE_LIMITS, ...config.authRateLimits },
    now,
  );
  const throttle = new AccountThrottle(database.db, { ...DEFAULT_LOCKOUTS, ...config.authLockout }, now);
  const background = new BackgroundTasks(log);
  const service = new AuthService(
    repo,
    tokens,
    mail,
    limiter,
    throttle,
    background,
    settings,
    log,
    options.hooks,
    now,
  );
  const admin = new AuthAdminService(repo, service, options.hooks, now);

  // Counters, long-revoked tokens and stale codes are deleted hourly; any instance may do it.
  const cleanup = setInterval(() => {
    repo.deleteExpired(new Date(now())).catch((error) => log.warn({ err: error }, 'auth clean-up failed'));
  }, 3600_000);
  cleanup.unref();

  return {
    service,
    admin,
    tokens,
    mail,
    background,
    settings,
    repo,
    access,
    close: async () => {
      clearInterval(cleanup);
      await background.idle();
      await mail.close();
    },
  };
}

/**
 * The GoTrue-compatible auth service at /auth/v1 (register with `prefix: AUTH_PREFIX`): its own body
 * parsing, error format and not-found answer, all GoTrue's.
 */
export async function authServiceRoutes(app: FastifyInstance, { module }: { module: AuthModule }) {
  app.setErrorHandler(authErrorHandler);
  app.setNotFoundHandler((request, reply) =>
    sendAuthError(
      request,
      reply,
      notFound('not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`),
    ),
  );
  // auth-js sends `Content-Type: application/json` with no body for POST /logout and the like.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, {});
    json(request, body as string, (error, value) => {
      if (error)
        return done(
          badRequest('bad_json', `Could not parse request body as JSON: ${error.message}`),
          undefined,
        );
      done(null, value);
    });
  });
  await app.register(formbody);
  app.addHook('onSend', async (request, reply) => {
    const version = requestApiVersion(request);
    if (version) reply.header('X-Supabase-Api-Version', version);
  });
  await app.register(authRoutes, { auth: module.service, tokens: module.tokens, settings: module.settings });
  await app.register(authAdminRoutes, {
    auth: module.service,
    admin: module.admin,
    serviceRoleKey: app.config.serviceRoleKey,
  });
}
