import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CapturedStatement } from './statement-capture.ts';

/** A route of the bare server: the statements of one request, and how they were sent. */
export interface BareRoute {
  statements: Pick<CapturedStatement, 'name' | 'text' | 'values' | 'simple'>[];
  /** Indexes into `statements`: each batch sent together (the server overlapped them), batches in turn. */
  batches: number[][];
  /** The statements ran in a transaction: replayed on one connection, in order. */
  transaction: boolean;
  /** [profile id, session id] of the viewer the statements were taken for, or null for a visitor. */
  viewer: [string, string] | null;
}

/** A route whose requests differ each time: one captured request per variant, taken in turn (/r/i?v=j). */
export interface BareRotation {
  variants: BareRoute[];
}

export interface BareServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const script = fileURLToPath(new URL('./bare-server.mjs', import.meta.url));

/** The same pool size as the server's (apps/server/src/db/client.ts, `max`). */
export const SERVER_POOL_SIZE = 20;

/**
 * A route of the bare server from the statements one request sent (in the order sent). Statements
 * sent before the previous ones were done went out together (Promise.all in the server): they form one
 * batch, replayed together.
 */
export function bareRouteOf(captured: CapturedStatement[], viewer: [string, string] | null): BareRoute {
  const batches: number[][] = [];
  let batchDoneAt = Number.NEGATIVE_INFINITY;
  captured.forEach((statement, i) => {
    const last = batches.at(-1);
    if (last && statement.sentAt < batchDoneAt) {
      last.push(i);
    } else {
      batches.push([i]);
      batchDoneAt = Number.NEGATIVE_INFINITY;
    }
    batchDoneAt = Math.max(batchDoneAt, statement.doneAt ?? Number.POSITIVE_INFINITY);
  });
  return {
    statements: captured.map(({ name, text, values, simple }) => ({ name, text, values, simple })),
    batches,
    transaction: captured.some((s) => /^\s*(begin|start\s+transaction)\b/i.test(s.text)),
    viewer,
  };
}

/**
 * Starts bench/lib/bare-server.mjs with `routes` (route i at /r/i) on `databaseUrl`, pinned like the
 * server (BENCH_SERVER_CPUS); `viewers` maps an Authorization header to the [id, session] it stands for.
 */
export async function startBareServer(
  databaseUrl: string,
  routes: (BareRoute | BareRotation)[],
  viewers: Record<string, [string, string]>,
): Promise<BareServer> {
  const cpus = process.env.BENCH_SERVER_CPUS;
  const [command, args] = cpus
    ? ['taskset', ['-c', cpus, process.execPath, script]]
    : [process.execPath, [script]];
  const child: ChildProcess = spawn(command as string, args as string[], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin?.end(JSON.stringify({ databaseUrl, poolSize: SERVER_POOL_SIZE, routes, viewers }));
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`bare server did not start: ${out}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.on('exit', (code) => reject(new Error(`bare server exited with ${code}: ${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
