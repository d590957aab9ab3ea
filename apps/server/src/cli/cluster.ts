import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfigFromEnv } from '../config.ts';
import { repoRoot } from '../paths.ts';

/**
 * `npm run start:cluster`: several server instances on one PostgreSQL database behind nginx, on this
 * machine. Each instance listens on 127.0.0.1 (CLUSTER_BASE_PORT, +1, ...); nginx listens on HOST:PORT
 * with deploy/nginx/sys.conf, run in the foreground as the current user from a private temporary folder.
 * The first instance starts alone (it applies migrations and seeds an empty database), then the others.
 * SIGINT/SIGTERM stops nginx, then the instances (each finishes its requests), then removes the folder.
 */

export const NGINX_TEMPLATE = join(repoRoot, 'deploy', 'nginx', 'sys.conf');
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const MAX_INSTANCES = 32;

export class ClusterConfigError extends Error {
  override name = 'ClusterConfigError';
}

export interface ClusterSettings {
  instances: number;
  /** Where nginx listens. */
  host: string;
  port: number;
  /** Instance i (from 0) listens on 127.0.0.1:basePort+i. */
  basePort: number;
  nginx: string;
  accessLog: string;
  uploadMaxBytes: number;
  storageDriver: 'local' | 's3';
}

/** nginx from NGINX_BIN, Debian's /usr/sbin/nginx, or the PATH; null when there is none. */
export function findNginx(env: NodeJS.ProcessEnv = process.env): string | null {
  const candidates = [
    env.NGINX_BIN,
    '/usr/sbin/nginx',
    ...(env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'nginx')),
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function wholeNumber(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new ClusterConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

/** Reads and checks the cluster's environment; the instances' own settings are checked by config.ts. */
export function clusterSettingsFromEnv(env: NodeJS.ProcessEnv): ClusterSettings {
  const instances = wholeNumber(env, 'CLUSTER_INSTANCES', 2, 1, MAX_INSTANCES);
  const port = wholeNumber(env, 'PORT', 3000, 1, 65535);
  const basePort = wholeNumber(env, 'CLUSTER_BASE_PORT', port + 1, 1, 65535 - instances + 1);
  if (port >= basePort && port < basePort + instances) {
    throw new ClusterConfigError(
      `PORT ${port} is one of the instances' ports (CLUSTER_BASE_PORT ${basePort}...)`,
    );
  }
  if (!env.DATABASE_URL) {
    throw new ClusterConfigError(
      'DATABASE_URL is required: the instances share one PostgreSQL database (the embedded PGlite database belongs to one process)',
    );
  }
  let config: ReturnType<typeof loadConfigFromEnv>;
  try {
    config = loadConfigFromEnv({ ...env, PORT: String(basePort) });
  } catch (error) {
    if (error instanceof ConfigError) throw new ClusterConfigError(error.message);
    throw error;
  }
  const nginx = findNginx(env);
  if (!nginx) {
    throw new ClusterConfigError(
      'nginx was not found (NGINX_BIN, /usr/sbin/nginx or the PATH); install it, e.g. apt-get install nginx (it need not run as a service)',
    );
  }
  return {
    instances,
    host: env.HOST || '0.0.0.0',
    port,
    basePort,
    nginx,
    accessLog: env.NGINX_ACCESS_LOG || 'off',
    uploadMaxBytes: config.uploadMaxBytes,
    storageDriver: config.storageDriver,
  };
}

/** deploy/nginx/sys.conf with its placeholders filled in. */
export function renderNginxConfig(
  template: string,
  settings: ClusterSettings,
  runningAsRoot: boolean,
): string {
  const listen = settings.host.includes(':')
    ? `[${settings.host}]:${settings.port}`
    : `${settings.host}:${settings.port}`;
  const servers = Array.from(
    { length: settings.instances },
    (_, i) => `    server 127.0.0.1:${settings.basePort + i} max_fails=3 fail_timeout=10s;`,
  ).join('\n');
  const values: Record<string, string> = {
    // Started by root, nginx would run its workers as nobody, who cannot use this private folder.
    USER_DIRECTIVE: runningAsRoot ? 'user root;' : '',
    ACCESS_LOG: settings.accessLog,
    UPSTREAM_SERVERS: servers,
    LISTEN: listen,
    UPLOAD_BODY_LIMIT: String(settings.uploadMaxBytes + MULTIPART_OVERHEAD_BYTES),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`unknown placeholder ${whole} in the nginx template`);
    return value;
  });
}

/** The server entry next to this file: dist/main.js when bundled, src/main.ts under tsx. */
function serverEntry(): string {
  const own = fileURLToPath(import.meta.url);
  return fileURLToPath(new URL(own.endsWith('.ts') ? '../main.ts' : '../main.js', import.meta.url));
}

function prefixed(child: ChildProcess, name: string, onLine?: (line: string) => void): void {
  for (const [stream, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        target.write(`[${name}] ${line}\n`);
        onLine?.(line);
      }
    });
  }
}

interface Running {
  name: string;
  child: ChildProcess;
  exited: Promise<void>;
}

/** Every child started, killed outright should this script exit without stopping them. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

function run(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  onLine?: (line: string) => void,
): Running {
  // A process group of its own: Ctrl-C in a terminal reaches only this script, which then stops
  // nginx and the instances in order (otherwise every child would get the signal twice).
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.add(child);
  prefixed(child, name, onLine);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return { name, child, exited };
}

function startInstance(settings: ClusterSettings, index: number): Promise<Running> {
  const port = settings.basePort + index;
  const name = `sys-${index + 1}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    INSTANCE_ID: process.env.INSTANCE_ID ? `${process.env.INSTANCE_ID}-${index + 1}` : name,
    // Links in mail and redirects point at nginx, not at an instance's own port.
    PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${settings.port}`,
    // The first instance seeds an empty database; the others must not race it.
    ...(index > 0 ? { SEED_DEMO: 'false' } : {}),
  };
  return new Promise((resolve, reject) => {
    let ready = false;
    const running = run(name, process.execPath, [...process.execArgv, serverEntry()], env, (line) => {
      if (!ready && line.includes('SYS is running at')) {
        ready = true;
        resolve(running);
      }
    });
    void running.exited.then(() => {
      if (!ready) reject(new Error(`${name} stopped before it was ready (exit ${running.child.exitCode})`));
    });
  });
}

async function waitForNginx(settings: ClusterSettings, nginx: Running): Promise<void> {
  const host = settings.host === '0.0.0.0' || settings.host === '::' ? '127.0.0.1' : settings.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${settings.port}/api/health/live`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (nginx.child.exitCode !== null) throw new Error('nginx stopped before it was ready');
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not answer ${url}`);
}

async function stopAll(nginx: Running | undefined, instances: Running[]): Promise<void> {
  const stop = async (running: Running, signal: NodeJS.Signals) => {
    if (running.child.exitCode !== null || running.child.signalCode !== null) return;
    running.child.kill(signal);
    const timer = setTimeout(() => running.child.kill('SIGKILL'), 30_000);
    await running.exited;
    clearTimeout(timer);
  };
  // nginx first (SIGQUIT: finish what is in flight), so no new request reaches a stopping instance.
  if (nginx) await stop(nginx, 'SIGQUIT');
  await Promise.all(instances.map((instance) => stop(instance, 'SIGTERM')));
}

async function main(): Promise<void> {
  let settings: ClusterSettings;
  try {
    settings = clusterSettingsFromEnv(process.env);
  } catch (error) {
    if (error instanceof ClusterConfigError) {
      process.stderr.write(`SYS cluster could not start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (settings.storageDriver === 'local') {
    process.stdout.write(
      'SYS cluster: STORAGE_DRIVER=local - media are in DATA_DIR on this machine, which these instances share. ' +
        'Instances on other machines need STORAGE_DRIVER=s3 (or DATA_DIR on a shared file system).\n',
    );
  }

  const prefix = mkdtempSync(join(tmpdir(), 'sys-nginx-'));
  mkdirSync(join(prefix, 'tmp'));
  const confFile = join(prefix, 'nginx.conf');
  const runningAsRoot = process.getuid?.() === 0;
  writeFileSync(confFile, renderNginxConfig(readFileSync(NGINX_TEMPLATE, 'utf8'), settings, runningAsRoot));
  const nginxArgs = ['-p', `${prefix}/`, '-c', confFile, '-e', 'stderr'];

  const instances: Running[] = [];
  let nginx: Running | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stopAll(nginx, instances);
    rmSync(prefix, { recursive: true, force: true });
    process.stdout.write('SYS cluster stopped\n');
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));

  try {
    const checked = spawnSync(settings.nginx, ['-t', '-q', ...nginxArgs], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx refused the configuration:\n${checked.stderr}`);

    instances.push(await startInstance(settings, 0));
    const rest = await Promise.allSettled(
      Array.from({ length: settings.instances - 1 }, (_, i) => startInstance(settings, i + 1)),
    );
    for (const result of rest) if (result.status === 'fulfilled') instances.push(result.value);
    const failed = rest.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;

    nginx = run('nginx', settings.nginx, nginxArgs, process.env);
    await waitForNginx(settings, nginx);
  } catch (error) {
    process.stderr.write(
      `SYS cluster could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    await shutdown(1);
    return;
  }

  // One process gone means the cluster is not what was asked for: stop the rest rather than limp on.
  for (const running of [nginx, ...instances]) {
    void running.exited.then(() => {
      if (stopping) return;
      process.stderr.write(`SYS cluster: ${running.name} stopped unexpectedly; stopping the cluster\n`);
      void shutdown(1);
    });
  }
  const shown = settings.host === '0.0.0.0' || settings.host === '::' ? 'localhost' : settings.host;
  process.stdout.write(
    `SYS cluster is running at http://${shown}:${settings.port} (${settings.instances} instance${settings.instances === 1 ? '' : 's'} behind nginx)\n`,
  );
}

// Run only as the entry point (tests import the helpers above).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
