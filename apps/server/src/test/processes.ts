import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, serverRoot } from '../paths.ts';

/**
 * Helpers for tests that run the real server or CLI as a child process. Every process a test starts
 * must be stopped by it; `ServerProcess.stop()` and `runProcess` make sure of that.
 */

export const mainScript = join(serverRoot, 'dist', 'main.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(path));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds `dist/` when it is missing or older than the sources, so start tests never run stale code. */
export function ensureServerBuilt(): void {
  const sources = Math.max(
    newestMtime(join(serverRoot, 'src')),
    newestMtime(join(repoRoot, 'packages', 'shared', 'src')),
    statSync(join(serverRoot, 'build.mjs')).mtimeMs,
  );
  if (existsSync(mainScript) && statSync(mainScript).mtimeMs >= sources) return;
  execFileSync(process.execPath, [join(serverRoot, 'build.mjs')], { stdio: 'pipe' });
}

/** The environment for a child: ours without the variables the test must decide itself. */
export function childEnv(env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of [
    'HOST',
    'PORT',
    'DATA_DIR',
    'DATABASE_URL',
    'WEB_DIST',
    'SEED_DEMO',
    'STORAGE_DRIVER',
  ]) {
    delete base[name];
  }
  return { ...base, LOG_LEVEL: 'warn', ...env };
}

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

function collect(child: ChildProcess) {
  const out = { stdout: '', stderr: '' };
  child.stdout?.on('data', (chunk: Buffer) => {
    out.stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out.stderr += chunk.toString();
  });
  return out;
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/**
 * Runs a command to completion (killing it after `timeoutMs`). With `killOn`, the command is killed
 * with SIGKILL (as in a crash) as soon as its output matches: to stop it at a chosen point of its work.
 */
export async function runProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
  killOn?: RegExp,
): Promise<ProcessResult> {
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: serverRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = collect(child);
  if (killOn) {
    child.stdout?.on('data', () => {
      if (killOn.test(out.stdout)) child.kill('SIGKILL');
    });
  }
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const { code, signal } = await exited(child);
  clearTimeout(timer);
  return { code, signal, ...out, ms: Date.now() - started };
}

export interface ServerProcess {
  url: string;
  pid: number;
  output(): { stdout: string; stderr: string };
  /** Sends SIGTERM and waits for the exit (SIGKILL after `timeoutMs`). */
  stop(timeoutMs?: number): Promise<ProcessResult>;
  /** Kills the process at once (SIGKILL: no shutdown code runs, as in a crash) and waits for the exit. */
  kill(): Promise<ProcessResult>;
}

/**
 * Starts `dist/main.js` and waits for its "SYS is running at ..." line. Pass `PORT: '0'` for a free
 * port; the URL comes from what the server printed.
 */
export async function startServer(env: NodeJS.ProcessEnv, timeoutMs = 90_000): Promise<ServerProcess> {
  const started = Date.now();
  const child = spawn(process.execPath, [mainScript], {
    cwd: serverRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = collect(child);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms\n${out.stdout}\n${out.stderr}`));
    }, timeoutMs);
    const onData = () => {
      const match = /SYS is running at (http:\/\/\S+)/.exec(out.stdout);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve(match[1]!);
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before starting\n${out.stdout}\n${out.stderr}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    output: () => ({ ...out }),
    async stop(stopTimeoutMs = 30_000) {
      const done = exited(child);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
      const { code, signal } = await done;
      clearTimeout(timer);
      return { code, signal, ...out, ms: Date.now() - started };
    },
    async kill() {
      const done = exited(child);
      child.kill('SIGKILL');
      const { code, signal } = await done;
      return { code, signal, ...out, ms: Date.now() - started };
    },
  };
}
