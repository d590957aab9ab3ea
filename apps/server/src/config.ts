import { isIP } from 'node:net';
import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { defaultWebDist } from './paths.ts';

const RateLimitSchema = z.object({
  limit: z.number().int().min(1),
  windowSeconds: z.number().int().min(1),
});

/** `token=150/300,email=30/3600` -> `{ token: { limit: 150, windowSeconds: 300 }, ... }`; objects pass through. */
function parseRateLimitSpec(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const result: Record<string, unknown> = {};
  const parts = value.split(',').map((p) => p.trim());
  for (const part of parts.filter(Boolean)) {
    const match = /^(\w+)=(\d+)\/(\d+)$/.exec(part);
    if (!match) return part; // fails validation with the offending part in the message
    result[match[1]!] = { limit: Number(match[2]), windowSeconds: Number(match[3]) };
  }
  return result;
}

const LockoutSchema = z
  .object({
    failures: z.number().int().min(1).max(1000),
    windowSeconds: z.number().int().min(1),
    lockSeconds: z.number().int().min(1),
    maxLockSeconds: z.number().int().min(1),
  })
  .refine((l) => l.maxLockSeconds >= l.lockSeconds, 'the longest lock must not be shorter than the first')
  // The hourly clean-up drops counters a day after their last failure.
  .refine(
    (l) => l.maxLockSeconds + l.windowSeconds <= 86_400,
    'lock and window must add up to a day at most',
  );

/** `password=5/3600/60/900` -> `{ password: { failures: 5, windowSeconds: 3600, lockSeconds: 60, maxLockSeconds: 900 } }`. */
function parseLockoutSpec(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const result: Record<string, unknown> = {};
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(\w+)=(\d+)\/(\d+)\/(\d+)\/(\d+)$/.exec(part);
    if (!match) return part; // fails validation with the offending part in the message
    result[match[1]!] = {
      failures: Number(match[2]),
      windowSeconds: Number(match[3]),
      lockSeconds: Number(match[4]),
      maxLockSeconds: Number(match[5]),
    };
  }
  return result;
}

/** `loopback`, `10.0.0.0/8, 192.168.1.5`...: what proxy-addr (Fastify's trustProxy) accepts. */
function isTrustedProxyList(value: string): boolean {
  const entries = value.split(',').map((entry) => entry.trim());
  return entries.every((entry) => {
    if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  });
}

/**
 * Everything the server can be told, validated once at start. `app.ts` takes an `AppConfig`;
 * `loadConfigFromEnv` builds one from environment variables for `main.ts` and the CLI scripts.
 */
export const AppConfigSchema = z.object({
  host: z.string().min(1).default('0.0.0.0'),
  port: z.number().int().min(0).max(65535).default(3000),
  /** Folder for the embedded database, media, mail and keys. `null` keeps everything in memory (tests). */
  dataDir: z.string().nullable().default('./data'),
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  databaseUrl: z.string().url().optional(),
  storageDriver: z.enum(['local', 's3']).default('local'),
  publicUrl: z.string().url().optional(),
  /**
   * Which peers may state the client's address and protocol (X-Forwarded-For/-Proto/-Host): `loopback`
   * (a proxy on the same machine, as `npm run start:cluster` runs nginx), a comma-separated list of
   * addresses or CIDR ranges (`linklocal` and `uniquelocal` name the private ranges), `true` for any peer
   * (only when nothing but the proxy can reach the server), `false` for none. The per-IP rate limits
   * count the address this yields, so trusting too much lets a client pick its own address.
   */
  trustProxy: z
    .preprocess(
      (value) => (value === 'true' ? true : value === 'false' ? false : value),
      z.union([
        z.boolean(),
        z
          .string()
          .trim()
          .refine(isTrustedProxyList, 'must be true, false, or addresses/CIDR ranges separated by commas'),
      ]),
    )
    .default('loopback'),
  /** A name for this server instance, shown by /api/health (which instance of a cluster answered). */
  instanceId: z.string().trim().min(1).max(64).optional(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo content into an empty database at start. */
  seedDemo: z.boolean().default(true),
  /** Folder of the built web app; `null` serves no web app (API-only tests). */
  webDist: z.string().nullable().default(defaultWebDist),
  // --- auth service (modules/auth) ---
  /** ES256 private key (PEM or JWK JSON). Absent: generated into DATA_DIR/keys (in memory without a DATA_DIR). */
  authJwtPrivateKey: z.string().min(1).optional(),
  /** Access token lifetime in seconds. */
  authJwtExpiry: z.number().int().min(30).max(604_800).default(3600),
  /**
   * How long the data API keeps its answer to "may this token's user and session still be used" (ms);
   * deletions, bans, role changes and sign-outs clear it at once on every instance (NOTIFY), and no answer
   * is used while the LISTEN connection is down, so this only bounds a row changed by hand in SQL.
   * 0: ask every time.
   */
  authAccessCacheTtlMs: z.number().int().min(0).max(3_600_000).default(300_000),
  /** Static admin credential for /auth/v1/admin (Bearer or apikey header). */
  serviceRoleKey: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Require the emailed confirmation before a new account can sign in. */
  authConfirmEmail: z.boolean().default(false),
  /** Refuse new accounts except those an admin creates or invites (GoTrue's DISABLE_SIGNUP). */
  authDisableSignup: z.boolean().default(false),
  authPasswordMinLength: z.number().int().min(6).max(72).default(6),
  /** Require a reauthentication code (GET /reauthenticate) for password changes in sessions older than a day. */
  authSecurePasswordChange: z.boolean().default(false),
  /** Seconds during which a just-rotated refresh token may be presented again (several tabs refreshing at once). */
  authRefreshReuseInterval: z.number().int().min(0).max(600).default(10),
  /** Base URL of the web app, used in mail links and as the default redirect. Default: PUBLIC_URL or http://localhost:PORT. */
  siteUrl: z.string().url().optional(),
  /** Extra redirect targets allowed besides SITE_URL: comma-separated URLs, `*` and `**` wildcards allowed. */
  authRedirectAllowList: z.string().optional(),
  /** smtp(s)://user:pass@host:port; absent: mail is written to DATA_DIR/mail (kept in memory without a DATA_DIR). */
  smtpUrl: z.string().url().optional(),
  mailFrom: z.string().min(3).optional(),
  /** Overrides of the auth rate limits, e.g. `token=150/300,otp=30/300,email=30/3600` (count/seconds). */
  authRateLimits: z
    .preprocess(parseRateLimitSpec, z.partialRecord(z.enum(['token', 'otp', 'email']), RateLimitSchema))
    .optional(),
  /**
   * Overrides of the per-account lockouts, e.g. `password=5/3600/60/900,mfa=5/3600/30/300`: after this
   * many failures (wrong passwords for one email address; wrong TOTP codes of one user), refuse for the
   * first lock (seconds), doubling with each further failure up to the longest lock; a run is forgotten
   * once the window passes without a failure after its lock.
   */
  authLockout: z
    .preprocess(parseLockoutSpec, z.partialRecord(z.enum(['password', 'mfa']), LockoutSchema))
    .optional(),
  /**
   * Overrides of the data API's rate limits, e.g. `messages=30/60,events=60/60` (count/seconds): messages
   * sent per user, event streams opened per user (per IP for visitors). Kept in the database like auth's.
   */
  apiRateLimits: z
    .preprocess(parseRateLimitSpec, z.partialRecord(z.enum(['messages', 'events']), RateLimitSchema))
    .optional(),
  // --- the public feed's page cache (modules/posts/posts.feed-cache.ts) ---
  /** How long a visitor's feed page is served from memory (milliseconds); 0 turns the cache off. */
  feedCacheTtlMs: z.number().int().min(0).max(3_600_000).default(1500),
  /** How many feed pages (one per limit and cursor) the cache keeps at most; as many posts and profile pages besides. */
  feedCacheMaxPages: z.number().int().min(0).max(100_000).default(500),
  /**
   * How many signed-in viewers' versions of those pages (their flags and counts, ~2-3 kB each) are kept at
   * most, each for as long as its page, and as many viewers' flags on pages' posts (below); 0 reads a
   * viewer's flags on every request.
   */
  feedCacheMaxViewerPages: z.number().int().min(0).max(1_000_000).default(10_000),
  /**
   * How long a viewer's flags on a page's posts (liked, saved, following, saved products; ~1.5 kB a page)
   * serve the next builds of a page with the same posts while neither the viewer nor the posts change;
   * 0 reads them again with every build.
   */
  feedCacheViewerFlagsTtlMs: z.number().int().min(0).max(3_600_000).default(30_000),
  // --- discovery at scale (modules/explore) ---
  /** Filtered, brand and category pages count at most this many matches; more answer `total` = this, `total_capped`. */
  discoveryCountCap: z.number().int().min(1).max(10_000_000).default(1000),
  /** Search ranks at most this many matches (the newest) and lists and counts only those. */
  searchCandidates: z.number().int().min(1).max(1_000_000).default(2000),
  /**
   * Search looks first among the newest this-many public posts, further back only when they hold too few
   * matches (the same answer, fewer rows read when words are common); 0 looks at all at once.
   */
  searchWindow: z.number().int().min(0).max(100_000_000).default(100_000),
  /**
   * How long those counts, the matches or pages of a filter, brand or category, and a search's ranking are
   * reused (milliseconds); 0 computes them every time.
   */
  discoveryCacheTtlMs: z.number().int().min(0).max(3_600_000).default(30_000),
  /** How many of them are kept at most (a ranking holds up to searchCandidates ids, ~0.4 MB; matches ~0.13 MB). */
  discoveryCacheMaxEntries: z.number().int().min(0).max(100_000).default(100),
  /**
   * How many query words' corrections, completions and authors search keeps (for discoveryCacheTtlMs,
   * cleared by every post and author change): most are ~0.3 kB, one naming 200 people ~10 kB; 0 looks
   * them up for every search.
   */
  searchWordCacheMaxEntries: z.number().int().min(0).max(100_000).default(2000),
  /**
   * Hold every public post's filter keys in memory and answer the filtered feed from them
   * (modules/explore/explore.filter-index.ts); false asks PostgreSQL every time.
   */
  filterIndex: z.boolean().default(true),
  // --- Web Push (modules/push) ---
  /**
   * The VAPID key pair that signs pushes (base64url, as `web-push generate-vapid-keys` prints them); both
   * or neither. Absent: generated into DATA_DIR/keys/vapid.json (in memory without a DATA_DIR).
   */
  vapidPublicKey: z.string().trim().min(1).optional(),
  vapidPrivateKey: z.string().trim().min(1).optional(),
  /** Who runs this server, for push services (mailto: or https:). Default: mailto:admin@ the PUBLIC_URL host. */
  vapidSubject: z
    .string()
    .trim()
    .refine((v) => /^(mailto:|https:\/\/)/.test(v), 'must start with mailto: or https://')
    .optional(),
  /**
   * Accept push endpoints on http://127.0.0.1 or http://localhost (and any address): only for tests with a
   * local stand-in push service. Never in production: users would make the server POST to internal services.
   */
  pushAllowPrivate: z.boolean().default(false),
  // --- uploads and the product scraper (modules/storage, modules/scrape) ---
  /** Largest accepted upload in bytes; the spec's limit is 200MB. */
  uploadMaxBytes: z
    .number()
    .int()
    .min(1)
    .default(200 * 1024 * 1024),
  /**
   * Let the scraper fetch loopback and private addresses (a shop page served locally in tests and e2e).
   * Never in production: it would let users make the server fetch internal services.
   */
  scraperAllowPrivate: z.boolean().default(false),
  // --- videos (modules/posts/posts.video-jobs.ts, modules/storage/storage.video.ts) ---
  /**
   * Transcode uploaded videos in a background job (needs the ffmpeg of @ffmpeg-installer/ffmpeg; without
   * it videos are kept as sent, with a warning at start-up).
   */
  videoTranscode: z.boolean().default(true),
  /**
   * Another ffmpeg than the npm package's (a system one with more codecs; the crash test's stand-in that
   * holds a transcode until the server is killed). Used only if it runs; otherwise the package's.
   */
  ffmpegPath: z.string().min(1).optional(),
  /** Longest accepted video in seconds. */
  videoMaxSeconds: z.number().int().min(1).max(600).default(60),
  /**
   * How long one transcode attempt may take before another instance may take the job over (pg-boss 10
   * has no heartbeat: a crashed instance's job is picked up after this). Above the longest transcode.
   */
  videoJobTimeoutSeconds: z.number().int().min(10).max(86_400).default(900),
  /** How often idle job workers ask for work, in seconds (tests: 1). */
  jobPollSeconds: z.number().min(0.5).max(60).default(2),
  // --- STORAGE_DRIVER=s3: any S3-compatible store (modules/storage/storage.s3.ts) ---
  /** e.g. http://127.0.0.1:9000 for MinIO; absent for AWS S3 itself. */
  s3Endpoint: z.string().url().optional(),
  s3Bucket: z.string().min(1).optional(),
  s3Region: z.string().min(1).default('us-east-1'),
  s3AccessKeyId: z.string().min(1).optional(),
  s3SecretAccessKey: z.string().min(1).optional(),
  /** Bucket in the URL path instead of the host name (MinIO and most self-hosted stores). */
  s3ForcePathStyle: z.boolean().default(false),
});

export type AppConfig = z.infer<typeof AppConfigSchema>;
export type AppConfigInput = z.input<typeof AppConfigSchema>;

/**
 * The address people use to reach the app, for absolute links that leave it (share previews):
 * PUBLIC_URL, else SITE_URL, else http://localhost:PORT; without a trailing slash. Never the request's
 * Host or X-Forwarded-Host header: anyone can send those, and a link built from them points wherever the
 * sender wants (or is not a URL at all).
 */
export function publicBaseUrl(config: Pick<AppConfig, 'publicUrl' | 'siteUrl' | 'port'>): string {
  return (config.publicUrl ?? config.siteUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
}

/**
 * What to tell the operator at start about PUBLIC_URL: in production (NODE_ENV=production) without it,
 * share previews and links name SITE_URL or localhost, which people elsewhere cannot open.
 */
export function publicUrlWarning(
  config: Pick<AppConfig, 'publicUrl' | 'siteUrl' | 'port'>,
  env: NodeJS.ProcessEnv = process.env,
): string | null {
  if (config.publicUrl || env.NODE_ENV !== 'production') return null;
  return `PUBLIC_URL is not set: share previews link to ${publicBaseUrl(config)}. Set it to the address people use.`;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Maps an environment variable to the config field it feeds and how its text is parsed. */
const ENV_FIELDS = {
  HOST: { field: 'host', parse: 'string' },
  PORT: { field: 'port', parse: 'int' },
  DATA_DIR: { field: 'dataDir', parse: 'string' },
  DATABASE_URL: { field: 'databaseUrl', parse: 'string' },
  STORAGE_DRIVER: { field: 'storageDriver', parse: 'string' },
  PUBLIC_URL: { field: 'publicUrl', parse: 'string' },
  TRUST_PROXY: { field: 'trustProxy', parse: 'string' },
  INSTANCE_ID: { field: 'instanceId', parse: 'string' },
  LOG_LEVEL: { field: 'logLevel', parse: 'string' },
  SEED_DEMO: { field: 'seedDemo', parse: 'bool' },
  WEB_DIST: { field: 'webDist', parse: 'string' },
  AUTH_JWT_PRIVATE_KEY: { field: 'authJwtPrivateKey', parse: 'string' },
  AUTH_JWT_EXPIRY: { field: 'authJwtExpiry', parse: 'int' },
  AUTH_ACCESS_CACHE_TTL_MS: { field: 'authAccessCacheTtlMs', parse: 'int' },
  SERVICE_ROLE_KEY: { field: 'serviceRoleKey', parse: 'string' },
  AUTH_CONFIRM_EMAIL: { field: 'authConfirmEmail', parse: 'bool' },
  AUTH_DISABLE_SIGNUP: { field: 'authDisableSignup', parse: 'bool' },
  AUTH_PASSWORD_MIN_LENGTH: { field: 'authPasswordMinLength', parse: 'int' },
  AUTH_SECURE_PASSWORD_CHANGE: { field: 'authSecurePasswordChange', parse: 'bool' },
  AUTH_REFRESH_REUSE_INTERVAL: { field: 'authRefreshReuseInterval', parse: 'int' },
  SITE_URL: { field: 'siteUrl', parse: 'string' },
  AUTH_REDIRECT_ALLOW_LIST: { field: 'authRedirectAllowList', parse: 'string' },
  SMTP_URL: { field: 'smtpUrl', parse: 'string' },
  MAIL_FROM: { field: 'mailFrom', parse: 'string' },
  AUTH_RATE_LIMITS: { field: 'authRateLimits', parse: 'string' },
  AUTH_LOCKOUT: { field: 'authLockout', parse: 'string' },
  API_RATE_LIMITS: { field: 'apiRateLimits', parse: 'string' },
  FEED_CACHE_TTL_MS: { field: 'feedCacheTtlMs', parse: 'int' },
  FEED_CACHE_MAX_PAGES: { field: 'feedCacheMaxPages', parse: 'int' },
  FEED_CACHE_MAX_VIEWER_PAGES: { field: 'feedCacheMaxViewerPages', parse: 'int' },
  FEED_CACHE_VIEWER_FLAGS_TTL_MS: { field: 'feedCacheViewerFlagsTtlMs', parse: 'int' },
  DISCOVERY_COUNT_CAP: { field: 'discoveryCountCap', parse: 'int' },
  SEARCH_CANDIDATES: { field: 'searchCandidates', parse: 'int' },
  SEARCH_WINDOW: { field: 'searchWindow', parse: 'int' },
  DISCOVERY_CACHE_TTL_MS: { field: 'discoveryCacheTtlMs', parse: 'int' },
  DISCOVERY_CACHE_MAX_ENTRIES: { field: 'discoveryCacheMaxEntries', parse: 'int' },
  SEARCH_WORD_CACHE_MAX_ENTRIES: { field: 'searchWordCacheMaxEntries', parse: 'int' },
  FILTER_INDEX: { field: 'filterIndex', parse: 'bool' },
  VAPID_PUBLIC_KEY: { field: 'vapidPublicKey', parse: 'string' },
  VAPID_PRIVATE_KEY: { field: 'vapidPrivateKey', parse: 'string' },
  VAPID_SUBJECT: { field: 'vapidSubject', parse: 'string' },
  PUSH_ALLOW_PRIVATE: { field: 'pushAllowPrivate', parse: 'bool' },
  UPLOAD_MAX_BYTES: { field: 'uploadMaxBytes', parse: 'int' },
  SCRAPER_ALLOW_PRIVATE: { field: 'scraperAllowPrivate', parse: 'bool' },
  VIDEO_TRANSCODE: { field: 'videoTranscode', parse: 'bool' },
  FFMPEG_PATH: { field: 'ffmpegPath', parse: 'string' },
  VIDEO_MAX_SECONDS: { field: 'videoMaxSeconds', parse: 'int' },
  VIDEO_JOB_TIMEOUT_SECONDS: { field: 'videoJobTimeoutSeconds', parse: 'int' },
  JOB_POLL_SECONDS: { field: 'jobPollSeconds', parse: 'int' },
  S3_ENDPOINT: { field: 's3Endpoint', parse: 'string' },
  S3_BUCKET: { field: 's3Bucket', parse: 'string' },
  S3_REGION: { field: 's3Region', parse: 'string' },
  S3_ACCESS_KEY_ID: { field: 's3AccessKeyId', parse: 'string' },
  S3_SECRET_ACCESS_KEY: { field: 's3SecretAccessKey', parse: 'string' },
  S3_FORCE_PATH_STYLE: { field: 's3ForcePathStyle', parse: 'bool' },
} as const satisfies Record<string, { field: keyof AppConfig; parse: 'string' | 'int' | 'bool' }>;

type EnvName = keyof typeof ENV_FIELDS;

function parseEnvValue(name: string, raw: string, parse: 'string' | 'int' | 'bool'): unknown {
  if (parse === 'int') {
    if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number (got "${raw}")`);
    return Number(raw.trim());
  }
  if (parse === 'bool') {
    const v = raw.trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off'].includes(v)) return false;
    throw new ConfigError(`${name} must be true or false (got "${raw}")`);
  }
  return raw;
}

export function parseConfig(
  input: AppConfigInput,
  fieldToEnv: Partial<Record<string, string>> = {},
): AppConfig {
  const result = AppConfigSchema.safeParse(input);
  if (!result.success) {
    const messages = result.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? '');
      const name = fieldToEnv[field] ?? field;
      return `${name}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration. ${messages.join('; ')}`);
  }
  const config = result.data;
  if (config.dataDir && !isAbsolute(config.dataDir)) config.dataDir = resolve(config.dataDir);
  return config;
}

export function loadConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const input: Record<string, unknown> = {};
  const fieldToEnv: Record<string, string> = {};
  for (const [name, { field, parse }] of Object.entries(ENV_FIELDS) as [
    EnvName,
    (typeof ENV_FIELDS)[EnvName],
  ][]) {
    fieldToEnv[field] = name;
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    input[field] = parseEnvValue(name, raw, parse);
  }
  return parseConfig(input as AppConfigInput, fieldToEnv);
}
