/**
 * Activity, live (issue 19): how long after an action its Activity item reaches the person concerned in
 * another open tab. A new user likes a post of the demo's noa.levi through the API, and noa's open event
 * stream receives the new unread count (`activity.unread`); then the like is removed and the item is
 * withdrawn (the count goes down). Measured from the moment the request is sent, and from its answer.
 *
 * Done at rest, then with BENCH_STREAMS (default 1,000) more streams open: visitors who have the same post
 * open and watch its likes and its author's stats, so every like goes out to all of them too.
 *
 *   npx tsx bench/activity.ts                        one server on the embedded database (PGlite)
 *   DATABASE_URL=postgresql://… npx tsx bench/activity.ts
 *                                                    two servers on one PostgreSQL database: the like goes
 *                                                    to one, noa's stream is on the other (across instances)
 *
 * Build first (`npm run build`). BENCH_ROUNDS (default 50) likes and removals per condition;
 * BENCH_SERVER_CPUS pins the servers, BENCH_CLIENT_CPUS this process (taskset, as bench/scale.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startServer } from './lib/server.ts';
import { AUTH_HEADERS, signUp } from './lib/users.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const DEMO_PASSWORD = 'demo-password';

interface LiveEvent {
  type: string;
  unread_count?: number;
}

/** An open event stream and the events it has received, each with the time it arrived. */
interface Stream {
  next(accept: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<number>;
  close(): void;
}

async function openStream(url: string, headers: Record<string, string> = {}): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (response.status !== 200 || !response.body) {
    throw new Error(`events answered ${response.status}: ${await response.text()}`);
  }
  const waiting: { accept: (event: LiveEvent) => boolean; resolve: (at: number) => void }[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const at = performance.now();
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (!data) continue;
          const event = JSON.parse(data.slice('data: '.length)) as LiveEvent;
          const index = waiting.findIndex((waiter) => waiter.accept(event));
          if (index !== -1) waiting.splice(index, 1)[0]?.resolve(at);
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    next: (accept, timeoutMs = 10_000) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no event in time')), timeoutMs);
        waiting.push({
          accept,
          resolve: (at) => {
            clearTimeout(timer);
            resolve(at);
          },
        });
      }),
    close: () => controller.abort(),
  };
}

async function passwordToken(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: AUTH_HEADERS,
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function getJson<T>(url: string, token?: string): Promise<T> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Opens `count` streams at `url` from a process of its own, which reads and drops what they receive: the
 * visitors' thousand streams must not share this process's event loop with noa's stream that is timed.
 */
async function openStreamsElsewhere(url: string, count: number): Promise<ChildProcess> {
  const script = `
    const url = ${JSON.stringify(url)};
    const open = async () => {
      const res = await fetch(url);
      if (res.status !== 200) throw new Error('events answered ' + res.status);
      (async () => { for await (const _ of res.body) {} })().catch(() => {});
    };
    for (let i = 0; i < ${count}; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, ${count} - i) }, open));
    }
    process.stdout.write('open\\n');
    setInterval(() => {}, 1 << 30);
  `;
  const cpus = process.env.BENCH_CLIENT_CPUS;
  const node = [process.execPath, '--input-type=module', '-e', script];
  const child = cpus ? spawn('taskset', ['-c', cpus, ...node]) : spawn(node[0] as string, node.slice(1));
  child.stderr?.pipe(process.stderr);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('open')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the streams' process exited with ${code}`)));
  });
  return child;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

interface Timings {
  fromSend: number[];
  fromAnswer: number[];
}

export interface ActivityRow {
  condition: string;
  action: 'like → item' | 'unlike → withdrawn';
  rounds: number;
  p50Send: number;
  p95Send: number;
  p50Answer: number;
  p95Answer: number;
}

/** ROUNDS likes and removals by `likerToken` on `actionUrl`'s server; noa's stream is `stream`. */
async function measureRounds(
  stream: Stream,
  actionUrl: string,
  postId: string,
  likerToken: string,
): Promise<{ like: Timings; unlike: Timings }> {
  const like: Timings = { fromSend: [], fromAnswer: [] };
  const unlike: Timings = { fromSend: [], fromAnswer: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [method, timings] of [
      ['PUT', like],
      ['DELETE', unlike],
    ] as const) {
      const arrived = stream.next((event) => event.type === 'activity.unread');
      const sent = performance.now();
      const res = await fetch(`${actionUrl}/api/v1/posts/${postId}/like`, {
        method,
        headers: { authorization: `Bearer ${likerToken}` },
      });
      const answered = performance.now();
      if (res.status !== 200) throw new Error(`${method} like answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      const at = await arrived;
      timings.fromSend.push(at - sent);
      timings.fromAnswer.push(Math.max(0, at - answered));
    }
  }
  return { like, unlike };
}

function row(condition: string, action: ActivityRow['action'], timings: Timings): ActivityRow {
  const send = [...timings.fromSend].sort((a, b) => a - b);
  const answer = [...timings.fromAnswer].sort((a, b) => a - b);
  return {
    condition,
    action,
    rounds: send.length,
    p50Send: percentile(send, 50),
    p95Send: percentile(send, 95),
    p50Answer: percentile(answer, 50),
    p95Answer: percentile(answer, 95),
  };
}

/** On PGlite, or across two instances when `databaseUrl` (a database of its own: the demo is seeded in it) is given. */
export async function benchActivity({ databaseUrl }: { databaseUrl?: string } = {}): Promise<ActivityRow[]> {
  const env: Record<string, string> = {
    SEED_DEMO: 'true',
    // A thousand visitors' streams from one address: past the per-IP limit of a real deployment.
    API_RATE_LIMITS: `events=${STREAMS * 4}/60`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const watcher = await startServer(env);
  // Across instances on PostgreSQL: the action goes to a second server on the same database.
  const actor = databaseUrl ? await startServer(env) : watcher;
  let streams: ChildProcess | undefined;
  try {
    const noaToken = await passwordToken(watcher.url, 'noa.levi@demo.sys.invalid');
    const me = await getJson<{ id: string }>(`${watcher.url}/api/v1/profiles/me`, noaToken);
    const posts = await getJson<{ items: { id: string }[] }>(
      `${watcher.url}/api/v1/profiles/noa.levi/posts?limit=1`,
      noaToken,
    );
    const postId = posts.items[0]?.id;
    if (!postId) throw new Error('noa.levi has no post');
    const likerToken = await signUp(actor.url);
    const noa = await openStream(`${watcher.url}/api/v1/events`, { authorization: `Bearer ${noaToken}` });

    const rows: ActivityRow[] = [];
    const atRest = await measureRounds(noa, actor.url, postId, likerToken);
    rows.push(
      row('at rest', 'like → item', atRest.like),
      row('at rest', 'unlike → withdrawn', atRest.unlike),
    );

    streams = await openStreamsElsewhere(
      `${watcher.url}/api/v1/events?posts=${postId}&profiles=${me.id}`,
      STREAMS,
    );
    const loaded = await measureRounds(noa, actor.url, postId, likerToken);
    const condition = `${STREAMS.toLocaleString('en')} more streams open`;
    rows.push(
      row(condition, 'like → item', loaded.like),
      row(condition, 'unlike → withdrawn', loaded.unlike),
    );
    noa.close();
    return rows;
  } finally {
    streams?.kill();
    if (actor !== watcher) await actor.stop();
    await watcher.stop();
  }
}

export function formatActivityRows(rows: readonly ActivityRow[]): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    '| condition | action | rounds | p50 from send | p95 from send | p50 from answer | p95 from answer |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.condition} | ${r.action} | ${r.rounds} | ${ms(r.p50Send)} | ${ms(r.p95Send)} | ${ms(r.p50Answer)} | ${ms(r.p95Answer)} |`,
    ),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cpus = process.env.BENCH_CLIENT_CPUS;
  if (cpus) execFileSync('taskset', ['-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
  const where = process.env.DATABASE_URL ? 'two instances on PostgreSQL' : 'one instance on PGlite';
  const rows = await benchActivity({ databaseUrl: process.env.DATABASE_URL });
  process.stdout.write(`Activity, live (${where}):\n\n${formatActivityRows(rows)}\n`);
}
