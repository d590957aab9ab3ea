import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './load.ts';
import { cpuSeconds } from './process-stats.ts';

/**
 * A load run with its CPU accounted: autocannon in a process of its own (bench/lib/load-client.mjs), so
 * that what the load generator costs is measured apart from what the server costs. On the 2-core bench
 * machine the client, the server and PostgreSQL share the cores; a route's req/s alone then says as much
 * about autocannon's parsing of 35 kB responses as about the server (bench/RESULTS.md, section 2c). The
 * server's CPU per request does not depend on who else runs.
 *
 * BENCH_CLIENT_CPUS (e.g. `0`) pins the client with `taskset`; bench/lib/server.ts pins the server with
 * BENCH_SERVER_CPUS (e.g. `1`). PostgreSQL is not pinned.
 */

export interface MeasuredLoadResult extends LoadResult {
  completed: number;
  /** CPU milliseconds per completed request: the server process, the load generator, PostgreSQL. */
  serverCpuMs: number;
  clientCpuMs: number;
  postgresCpuMs: number;
  /** Busy share of all cores during the run (1 = every core busy), from /proc/stat. */
  machineBusy: number;
  /** Cores the server and the client were pinned to, when they were. */
  pinned: string | null;
}

const clientScript = fileURLToPath(new URL('./load-client.mjs', import.meta.url));

/** CPU seconds of every process named `postgres` (the backends, the checkpointer, ...). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += cpuSeconds(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** Busy and total clock ticks of all cores so far. */
function machineTicks(): { busy: number; total: number } {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}

export async function measuredLoad(
  name: string,
  url: string,
  options: {
    serverPid: number;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Authorization headers taken in turn, one per request (many viewers). */
    authorizations?: readonly string[];
    /** Paths (with their query) taken in turn, one per request, instead of the path of `url`. */
    paths?: readonly string[];
  },
): Promise<MeasuredLoadResult> {
  const connections = options.connections ?? 50;
  const clientCpus = process.env.BENCH_CLIENT_CPUS;
  const command = clientCpus
    ? ['taskset', ['-c', clientCpus, process.execPath, clientScript]]
    : [process.execPath, [clientScript]];
  const serverBefore = cpuSeconds(options.serverPid);
  const postgresBefore = postgresCpuSeconds();
  const ticksBefore = machineTicks();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(command[0] as string, command[1] as string[], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`load client exited with ${code}`)),
    );
    child.stdin.end(
      JSON.stringify({
        url,
        connections,
        duration: options.duration ?? 10,
        headers: options.headers ?? {},
        authorizations: options.authorizations ?? [],
        paths: options.paths ?? [],
      }),
    );
  });
  const serverCpu = cpuSeconds(options.serverPid) - serverBefore;
  const postgresCpu = postgresCpuSeconds() - postgresBefore;
  const ticksAfter = machineTicks();
  const result = JSON.parse(output) as {
    requestsPerSecond: number;
    completed: number;
    p50: number;
    p99: number;
    errors: number;
    non2xx: number;
    cpuSeconds: number;
  };
  const perRequest = (seconds: number) =>
    result.completed > 0 ? Math.round((seconds * 1000 * 1000) / result.completed) / 1000 : Number.NaN;
  const serverCpus = process.env.BENCH_SERVER_CPUS;
  return {
    name,
    connections,
    requestsPerSecond: result.requestsPerSecond,
    p50: result.p50,
    p99: result.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    completed: result.completed,
    serverCpuMs: perRequest(serverCpu),
    clientCpuMs: perRequest(result.cpuSeconds),
    postgresCpuMs: perRequest(postgresCpu),
    machineBusy:
      Math.round(
        ((ticksAfter.busy - ticksBefore.busy) / Math.max(1, ticksAfter.total - ticksBefore.total)) * 100,
      ) / 100,
    pinned: serverCpus || clientCpus ? `server ${serverCpus ?? 'any'}, client ${clientCpus ?? 'any'}` : null,
  };
}

export function formatMeasuredTable(rows: readonly MeasuredLoadResult[]): string {
  const header = [
    '| route | req/s | p50 ms | p99 ms | CPU ms/request: server | load generator | PostgreSQL | cores busy | errors / non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const lines = rows.map(
    (r) =>
      `| ${r.name} | ${r.requestsPerSecond.toLocaleString('en-US')} | ${r.p50} | ${r.p99} | ${r.serverCpuMs} | ${r.clientCpuMs} | ${r.postgresCpuMs} | ${Math.round(r.machineBusy * 100)}% | ${r.errors} / ${r.non2xx} |`,
  );
  return [...header, ...lines].join('\n');
}
