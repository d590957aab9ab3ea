import { isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { defaultWebDist } from './lib/paths.ts';

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
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo content into an empty database at start. */
  seedDemo: z.boolean().default(true),
  /** Folder of the built web app; `null` serves no web app (API-only tests). */
  webDist: z.string().nullable().default(defaultWebDist),
});

export type AppConfig = z.infer<typeof AppConfigSchema>;
export type AppConfigInput = z.input<typeof AppConfigSchema>;

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
  LOG_LEVEL: { field: 'logLevel', parse: 'string' },
  SEED_DEMO: { field: 'seedDemo', parse: 'bool' },
  WEB_DIST: { field: 'webDist', parse: 'string' },
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

export function parseConfig(input: AppConfigInput, fieldToEnv: Partial<Record<string, string>> = {}): AppConfig {
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
