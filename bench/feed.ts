/**
 * The feed benchmark (issue 4, "Performance"; ARCHITECTURE.md section 6): on PostgreSQL with 100,000
 * generated posts, GET /api/v1/posts?limit=20 against the same server's trivial JSON route, a deep
 * cursor page, a signed-in viewer's page, and signed-in pages of 2,000 viewers in turn (the generated
 * creators; at thousands of requests a second each comes back within a page's life, so the statements
 * per request show how many found their page kept and how many read it); autocannon, 50 connections, in a
 * process of its own with the CPU of server, load generator and PostgreSQL per request, and the
 * statements per request (bench/lib/measured-load.ts). Then the SQL a page issues, captured from the real
 * code path, its count for several page sizes (no N+1) and its EXPLAIN ANALYZE.
 *
 * `DATABASE_URL=postgresql://sys:sys@127.0.0.1:5432/sys_bench npx tsx bench/feed.ts`, or part of
 * `npm run bench`. Use a database of its own: the generator empties its posts and profiles.
 * Environment: BENCH_POSTS (default 100000), BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (50),
 * BENCH_REGENERATE=1 (write the data again even if present), BENCH_SERVER_CPUS / BENCH_CLIENT_CPUS (pin
 * the server and the load generator with taskset, e.g. 1 and 0), BENCH_VIEWERS (2000).
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { encodeKeysetCursor } from '../apps/server/src/lib/keyset-cursor.ts';
import { generateFeedData } from './lib/generate.ts';
import { formatMeasuredTable, type MeasuredLoadResult, measuredLoad } from './lib/measured-load.ts';
import { waitForIdle } from './lib/process-stats.ts';
import { startServer } from './lib/server.ts';
import { AUTH_HEADERS, benchSigningKey, signTokensFor, signUp } from './lib/users.ts';

export interface FeedBenchOptions {
  databaseUrl: string;
  posts?: number;
  duration?: number;
  connections?: number;
  regenerate?: boolean;
  log?: (line: string) => void;
}

export interface CapturedQuery {
  text: string;
  values: unknown[];
}

export interface QueryPlan {
  label: string;
  sql: string;
  plan: string;
  executionMs: number;
  seqScans: string[];
}

export interface FeedLoadResult extends MeasuredLoadResult {
  /** Transactions committed in the bench database per request (each statement of the app is one). */
  queriesPerRequest: number;
}

export interface FeedBenchResult {
  generation: { generated: boolean; seconds: number; rows: Record<string, number> };
  idleWaitSeconds: number;
  load: FeedLoadResult[];
  queryCounts: { name: string; queries: number }[];
  plans: QueryPlan[];
}

// ---------------------------------------------------------------------------------------------------------
// Capturing the SQL of one request: every query sent through the pg pool while it runs. The in-process
// app serves nothing else meanwhile (Fastify's inject does not keep an AsyncLocalStorage context down to
// the pool, so the capture is by time, not by context); each capture is taken twice and must agree.
// ---------------------------------------------------------------------------------------------------------

let store: CapturedQuery[] | null = null;
let patched = false;

/** Records, while `store` is set, every query drizzle sends through the pg pool. */
function patchPool(): void {
  if (patched) return;
  patched = true;
  const original = pg.Pool.prototype.query;
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    if (store) {
      // query(text, values) or query(config, values): drizzle passes a config and the values apart.
      const [first, second] = args;
      const text = typeof first === 'string' ? first : (first as { text: string }).text;
      const values = Array.isArray(second) ? second : (first as { values?: unknown[] }).values;
      store.push({ text, values: values ?? [] });
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
}

/** Tables big enough that a sequential scan of them would mean a missing index. */
const BIG_TABLES = ['posts', 'post_media', 'post_items', 'post_likes', 'comments', 'saved_posts', 'follows'];

async function explain(client: pg.Client, label: string, query: CapturedQuery): Promise<QueryPlan> {
  // Run once first: the plan we keep is of a warm cache, as under load.
  await client.query(query.text, query.values);
  const result = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${query.text}`,
    query.values,
  );
  const plan = result.rows.map((r) => r['QUERY PLAN']).join('\n');
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
  const seqScans = [...plan.matchAll(/Seq Scan on (\w+)/g)]
    .map((m) => m[1]!)
    .filter((table) => BIG_TABLES.includes(table));
  return { label, sql: query.text, plan, executionMs, seqScans };
}

/**
 * Builds the app in this process on the bench database and runs feed requests through it, recording
 * their SQL: the real code path (routes, service, repository, hooks), not a copy of its queries.
 */
async function captureFeedQueries(
  databaseUrl: string,
  deepCursor: string,
): Promise<{ counts: FeedBenchResult['queryCounts']; plans: QueryPlan[] }> {
  patchPool();
  // The page cache off: what a page costs the database when it is built (a cached visitor page costs no
  // query; a cached page for a signed-in viewer costs one, their flags).
  const app = await buildApp(
    { dataDir: null, webDist: null, seedDemo: false, logLevel: 'silent', databaseUrl, feedCacheTtlMs: 0 },
    { logger: false },
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await app.ready();
    const signup = await app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: AUTH_HEADERS,
      payload: { email: `bench-inproc-${Date.now()}@bench.invalid`, password: 'bench password 1' },
    });
    if (signup.statusCode !== 200) throw new Error(`in-process sign-up answered ${signup.statusCode}`);
    const token = (signup.json() as { access_token: string }).access_token;
    const viewer = { authorization: `Bearer ${token}` };
    await app.inject({ method: 'GET', url: '/api/v1/profiles/me', headers: viewer });
    // Next to the bench server's port when one is given (BENCH_PORT), so both stay in a chosen range.
    const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + 1 : 0;
    const address = await app.listen({ host: '127.0.0.1', port });
    await giveViewerActivity(databaseUrl, address, token);

    const once = async (url: string, headers: Record<string, string>) => {
      const queries: CapturedQuery[] = [];
      store = queries;
      try {
        const res = await app.inject({ method: 'GET', url, headers });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      } finally {
        store = null;
      }
      return queries;
    };
    const run = async (url: string, headers: Record<string, string> = {}) => {
      await app.inject({ method: 'GET', url, headers }); // warm-up (a first request may set things up)
      const first = await once(url, headers);
      const second = await once(url, headers);
      if (first.length !== second.length) {
        throw new Error(
          `${url}: ${first.length} then ${second.length} queries; is the app doing other work?`,
        );
      }
      return first;
    };

    const counts: FeedBenchResult['queryCounts'] = [];
    const pages: Record<string, CapturedQuery[]> = {};
    for (const limit of [5, 20, 50]) {
      pages[`anonymous, limit ${limit}`] = await run(`/api/v1/posts?limit=${limit}`);
    }
    pages['anonymous, deep cursor, limit 20'] = await run(`/api/v1/posts?limit=20&cursor=${deepCursor}`);
    for (const limit of [5, 20, 50]) {
      pages[`signed-in viewer, limit ${limit}`] = await run(`/api/v1/posts?limit=${limit}`, viewer);
    }
    for (const [name, queries] of Object.entries(pages)) counts.push({ name, queries: queries.length });

    const plans: QueryPlan[] = [];
    const explainAll = async (page: string) => {
      for (const [i, query] of pages[page]!.entries()) {
        plans.push(await explain(client, `${page}: query ${i + 1} of ${pages[page]!.length}`, query));
      }
    };
    await explainAll('anonymous, limit 20');
    await explainAll('anonymous, deep cursor, limit 20');
    await explainAll('signed-in viewer, limit 20');
    return { counts, plans };
  } finally {
    await client.end();
    await app.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// The benchmark
// ---------------------------------------------------------------------------------------------------------

/** The user id inside an access token (its `sub`). */
function userIdOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
  };
  return payload.sub;
}

/**
 * A signed-in viewer like a real one: following 50 creators, some of them on the first page, and with
 * saved and liked posts there, so that the viewer's flags are found, not just looked for.
 */
async function giveViewerActivity(databaseUrl: string, baseUrl: string, token: string): Promise<void> {
  // The first authenticated request creates the viewer's profile.
  await fetch(`${baseUrl}/api/v1/profiles/me`, { headers: { authorization: `Bearer ${token}` } });
  const viewer = userIdOf(token);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into follows (follower_id, following_id)
       select $1, id from profiles where id <> $1 order by id limit 50 on conflict do nothing`,
      [viewer],
    );
    const recent = `select id from posts where visibility = 'public' order by created_at desc nulls last limit 40`;
    await client.query(
      `insert into saved_posts (post_id, profile_id) select id, $1 from (${recent}) p where random() < 0.3
       on conflict do nothing`,
      [viewer],
    );
    await client.query(
      `insert into post_likes (post_id, profile_id) select id, $1 from (${recent}) p where random() < 0.5
       on conflict do nothing`,
      [viewer],
    );
  } finally {
    await client.end();
  }
}

/** Ids of `count` generated creators (profiles without a password: bench/lib/generate.ts). */
async function creatorIds(databaseUrl: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = await client.query<{ id: string }>(
      `select id from profiles where username like 'creator\\_%' order by username limit $1`,
      [count],
    );
    return rows.rows.map((row) => row.id);
  } finally {
    await client.end();
  }
}

/**
 * Transactions committed in the database so far. The server runs every statement on its own, so the
 * difference over a run, divided by its requests, is the statements per request. PostgreSQL publishes
 * a backend's counts when it has been idle for a while (up to 10 s in version 15): read after a pause.
 */
async function committedTransactions(databaseUrl: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const row = await client.query<{ n: string }>(
      'select xact_commit as n from pg_stat_database where datname = current_database()',
    );
    return Number(row.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** The cursor of the page that starts ~95% of the way down the public feed. */
async function deepFeedCursor(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const total = await client.query<{ n: string }>(
      `select count(*) as n from posts where visibility = 'public'`,
    );
    const offset = Math.floor(Number(total.rows[0]?.n ?? 0) * 0.95);
    const row = await client.query<{ created_at: Date; id: string }>(
      `select created_at, id from posts where visibility = 'public'
        order by created_at desc, id desc offset $1 limit 1`,
      [offset],
    );
    const last = row.rows[0];
    if (!last) throw new Error('the bench database has no public posts');
    return encodeKeysetCursor({ createdAt: last.created_at, id: last.id });
  } finally {
    await client.end();
  }
}

export async function benchFeed(options: FeedBenchOptions): Promise<FeedBenchResult> {
  const log = options.log ?? (() => {});
  const duration = options.duration ?? 10;
  const connections = options.connections ?? 50;
  const generation = await generateFeedData(options.databaseUrl, {
    posts: options.posts ?? 100_000,
    force: options.regenerate ?? false,
    log,
  });
  log(`data: ${JSON.stringify(generation.rows)} (${generation.generated ? 'generated' : 'already there'})`);
  const deepCursor = await deepFeedCursor(options.databaseUrl);

  // The bench signs tokens for the generated creators with the server's key: 2,000 viewers, no sign-ups.
  const signingKey = benchSigningKey();
  const server = await startServer({
    DATABASE_URL: options.databaseUrl,
    SEED_DEMO: 'false',
    AUTH_JWT_PRIVATE_KEY: signingKey,
  });
  const rows: FeedLoadResult[] = [];
  let idleWaitSeconds = 0;
  try {
    // The server indexes posts it has not seen for search when it starts; measure after that.
    idleWaitSeconds = await waitForIdle(server.pid);
    log(`server idle after ${idleWaitSeconds.toFixed(0)} s`);
    const token = await signUp(server.url);
    await giveViewerActivity(options.databaseUrl, server.url, token);
    const viewers = (
      await signTokensFor(
        signingKey,
        token,
        await creatorIds(options.databaseUrl, Number(process.env.BENCH_VIEWERS ?? 2000)),
        options.databaseUrl,
      )
    ).map((viewerToken) => `Bearer ${viewerToken}`);
    const check = await fetch(`${server.url}/api/v1/posts?limit=20&cursor=${deepCursor}`);
    const page = (await check.json()) as { items: unknown[]; next_cursor: string | null };
    if (check.status !== 200 || page.items.length !== 20 || !page.next_cursor) {
      throw new Error(`the deep feed page is not a full page: ${check.status}`);
    }
    const viewerCheck = await fetch(`${server.url}/api/v1/posts?limit=20`, {
      headers: { authorization: viewers[0] ?? '' },
    });
    if (viewerCheck.status !== 200) throw new Error(`a creator's token answered ${viewerCheck.status}`);
    const routes: {
      name: string;
      path: string;
      headers?: Record<string, string>;
      authorizations?: string[];
    }[] = [
      { name: 'GET /api/health/live (trivial JSON)', path: '/api/health/live' },
      { name: 'GET /api/v1/posts?limit=20 (first page)', path: '/api/v1/posts?limit=20' },
      {
        name: 'GET /api/v1/posts?limit=20&cursor=… (page at 95% depth)',
        path: `/api/v1/posts?limit=20&cursor=${deepCursor}`,
      },
      {
        name: 'GET /api/v1/posts?limit=20, signed-in viewer',
        path: '/api/v1/posts?limit=20',
        headers: { authorization: `Bearer ${token}` },
      },
      {
        name: `GET /api/v1/posts?limit=20, ${viewers.length.toLocaleString('en-US')} signed-in viewers in turn`,
        path: '/api/v1/posts?limit=20',
        authorizations: viewers,
      },
    ];
    let transactions = await committedTransactions(options.databaseUrl);
    for (const route of routes) {
      const run = (seconds: number) =>
        measuredLoad(route.name, `${server.url}${route.path}`, {
          serverPid: server.pid,
          connections,
          duration: seconds,
          ...(route.headers ? { headers: route.headers } : {}),
          ...(route.authorizations ? { authorizations: route.authorizations } : {}),
        });
      log(`load: ${route.name}`);
      // A short warm-up first (JIT, verified tokens, profiles seen), left out of the numbers.
      await run(2);
      const before = await committedTransactions(options.databaseUrl);
      const result = await run(duration);
      transactions = await committedTransactions(options.databaseUrl);
      rows.push({
        ...result,
        queriesPerRequest: Math.round(((transactions - before) / Math.max(1, result.completed)) * 100) / 100,
      });
      log(
        `  ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, server ${result.serverCpuMs} ms/request`,
      );
    }
    log(formatMeasuredTable(rows));
  } finally {
    await server.stop();
  }

  log('capturing and explaining the feed queries');
  const { counts, plans } = await captureFeedQueries(options.databaseUrl, deepCursor);
  return { generation, idleWaitSeconds, load: rows, queryCounts: counts, plans };
}

export function formatFeedResult(result: FeedBenchResult): string {
  const trivial = result.load.find((r) => r.name.includes('trivial'));
  const ratios = result.load
    .filter((r) => r !== trivial && trivial)
    .map((r) => {
      const throughput = (r.requestsPerSecond / trivial!.requestsPerSecond).toFixed(2);
      // What the ratio would be if the server had the cores to itself: its own CPU per request.
      const serverOnly = (trivial!.serverCpuMs / r.serverCpuMs).toFixed(2);
      return `| ${r.name} | ${throughput} | ${serverOnly} | ${r.p99} ms |`;
    });
  const queries = result.load.map((r) => `| ${r.name} | ${r.queriesPerRequest} |`);
  const lines = [
    `Data: ${Object.entries(result.generation.rows)
      .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
      .join(
        ', ',
      )}${result.generation.generated ? ` (generated in ${result.generation.seconds.toFixed(0)} s)` : ''}.`,
    `Load generator: autocannon in its own process${result.load[0]?.pinned ? ` (pinned: ${result.load[0].pinned})` : ''}.`,
    '',
    formatMeasuredTable(result.load),
    '',
    '| route | req/s / trivial route (budget ≥ 0.5) | trivial route server CPU / this route server CPU | p99 (budget < 50 ms) |',
    '|---|---:|---:|---:|',
    ...ratios,
    '',
    '| route | statements per request (under load) |',
    '|---|---:|',
    ...queries,
    '',
    '| page | SQL queries |',
    '|---|---:|',
    ...result.queryCounts.map((c) => `| ${c.name} | ${c.queries} |`),
    '',
  ];
  // A page's 20 ids written out in every ANY(...) make the plans hard to read.
  const shorten = (text: string) =>
    text.replace(
      /'\{([0-9a-f-]{36},?)+\}'::uuid\[\]/g,
      (ids) => `'{…${ids.split(',').length} ids…}'::uuid[]`,
    );
  for (const plan of result.plans) {
    lines.push(
      `#### ${plan.label} (${plan.executionMs} ms${plan.seqScans.length ? `; SEQ SCAN on ${plan.seqScans.join(', ')}` : ''})`,
      '',
      '```sql',
      plan.sql,
      '```',
      '',
      '```',
      shorten(plan.plan),
      '```',
      '',
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    process.stderr.write('The feed benchmark needs PostgreSQL: set DATABASE_URL (a database of its own).\n');
    process.exit(1);
  }
  const result = await benchFeed({
    databaseUrl,
    posts: Number(process.env.BENCH_POSTS ?? 100_000),
    duration: Number(process.env.BENCH_DURATION ?? 10),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    regenerate: process.env.BENCH_REGENERATE === '1',
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${formatFeedResult(result)}\n`);
}
