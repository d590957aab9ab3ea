/**
 * The first start on an empty data directory (the embedded PGlite database): how long the built server
 * takes from launch to "SYS is running", and how much of it each demo seed step takes (they log `ms`).
 *
 * `npx tsx bench/first-start.ts` on its own (BENCH_STARTS runs, default 1), or part of `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface FirstStart {
  /** Launch to "SYS is running", in seconds. */
  seconds: number;
  /** Each seed step's own time, in seconds, in order. */
  steps: { name: string; seconds: number }[];
}

export async function measureFirstStart(): Promise<FirstStart> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sys-first-start-'));
  const started = performance.now();
  // Without DATABASE_URL: this measures the embedded database, as a first `npm start` uses it.
  const { DATABASE_URL: _postgres, ...env } = process.env;
  const child = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
    env: { ...env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', SEED_DEMO: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const output = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 300_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('SYS is running')) {
          clearTimeout(timer);
          resolve(out);
        }
      });
      child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
    });
    const seconds = (performance.now() - started) / 1000;
    const steps = [...output.matchAll(/"step":"([^"]+)","ms":(\d+)/g)].map((m) => ({
      name: m[1]!,
      seconds: Number(m[2]) / 1000,
    }));
    return { seconds, steps };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatFirstStarts(runs: FirstStart[]): string {
  const names = runs[0]?.steps.map((s) => s.name) ?? [];
  const seedSeconds = (run: FirstStart) => run.steps.reduce((sum, s) => sum + s.seconds, 0);
  return [
    `| run | launch to "running" (s) | demo seed (s) | ${names.map((n) => `${n} (s)`).join(' | ')} |`,
    `|---|---:|---:|${names.map(() => '---:').join('|')}|`,
    ...runs.map(
      (run, i) =>
        `| ${i + 1} | ${run.seconds.toFixed(1)} | ${seedSeconds(run).toFixed(1)} | ${run.steps
          .map((s) => s.seconds.toFixed(2))
          .join(' | ')} |`,
    ),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const runs: FirstStart[] = [];
  for (let i = 0; i < Number(process.env.BENCH_STARTS ?? 1); i++) runs.push(await measureFirstStart());
  process.stdout.write(`${formatFirstStarts(runs)}\n`);
}
