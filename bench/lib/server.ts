import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url)).replace(/bench\/?$/, '');

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the built server (`apps/server/dist/main.js`, or BENCH_SERVER_ENTRY) on a throwaway data directory, or on
 * `DATABASE_URL` when given, and resolves once it prints its address. BENCH_SERVER_CPUS pins it (taskset);
 * BENCH_PORT gives it a port (default: any free one); BENCH_SERVER_CPU_PROF a directory for a CPU profile.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sys-bench-'));
  // BENCH_SERVER_ENTRY runs another build (e.g. of an older commit) to compare with the current one.
  const entry = process.env.BENCH_SERVER_ENTRY ?? join(repoRoot, 'apps/server/dist/main.js');
  // BENCH_SERVER_CPUS (e.g. `1`) pins the server to those cores (taskset runs it in its own place: same pid).
  const cpus = process.env.BENCH_SERVER_CPUS;
  // BENCH_SERVER_CPU_PROF (a directory): the server writes a V8 CPU profile there when it stops.
  const profileDir = process.env.BENCH_SERVER_CPU_PROF;
  const node = [
    process.execPath,
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    entry,
  ];
  const [command, args] = cpus ? ['taskset', ['-c', cpus, ...node]] : [node[0]!, node.slice(1)];
  const child: ChildProcess = spawn(command, args, {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: process.env.BENCH_PORT ?? '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/https?:\/\/[^\s]+:(\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
