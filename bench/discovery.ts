/**
 * The discovery benchmark (issue 6, "Performance"): on PostgreSQL with 100,000 generated posts,
 * - search (GET /api/v1/search) and the filtered feed (GET /api/v1/posts/filtered) under load at 20
 *   connections, p50/p99, and the EXPLAIN ANALYZE of the SQL each request issues (captured from the real
 *   code path);
 * - ranking the swipe deck (200 candidates) and 'For you' (500) for a user with 500 swipe events: server
 *   time per request, and the scoring alone.
 *
 * `DATABASE_URL=postgresql://sys:sys@127.0.0.1:5432/sys_bench_discovery npx tsx bench/discovery.ts`
 * (needs `npm run build -w @sys/server` first: the load runs against the built server). Use a database of
 * its own: the generator empties its posts and profiles. BENCH_POSTS (100000), BENCH_DURATION (s, 10),
 * BENCH_CONNECTIONS (20), BENCH_REGENERATE=1.
 */
import { fileURLToPath } from 'node:url';
import { buildPreferenceCounters, rankOutfitsByCounters, type SwipeEvent } from '@sys/shared';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { indexUnindexedPosts } from '../apps/server/src/modules/search-index/search-index.ts';
import { generateFeedData } from './lib/generate.ts';
import { formatTable, type LoadResult, load } from './lib/load.ts';
import { waitForIdle } from './lib/process-stats.ts';
import { startServer } from './lib/server.ts';
import { AUTH_HEADERS } from './lib/users.ts';

interface CapturedQuery {
  text: string;
  values: unknown[];
}

interface QueryPlan {
  label: string;
  sql: string;
  plan: string;
  executionMs: number;
}

/** The requests measured: a name and the path. */
const SEARCHES: [string, string][] = [
  ['search: a brand (zara)', '/api/v1/search?q=zara&limit=20'],
  ['search: a misspelled brand (addidas)', '/api/v1/search?q=addidas&limit=20'],
  ['search: two words (black jacket)', '/api/v1/search?q=black%20jacket&limit=20'],
  ['search: a caption word (thrifted)', '/api/v1/search?q=thrifted&limit=20'],
  ['search: a username (creator_42)', '/api/v1/search?q=creator_42&limit=20'],
];
const FILTERS: [string, string][] = [
  ['filtered: size=M', '/api/v1/posts/filtered?size=M&limit=20'],
  ['filtered: size=M, color=Black', '/api/v1/posts/filtered?size=M&color=Black&limit=20'],
  [
    'filtered: brand=Zara, style=Casual, color=Red (selective)',
    '/api/v1/posts/filtered?brand=Zara&style=Casual&color=Red&limit=20',
  ],
  ['category: casual', '/api/v1/explore/categories/casual?limit=20'],
];

// ---------------------------------------------------------------------------------------------------------
// Capturing the SQL of one request: every pool query made in the request's async context.
// ---------------------------------------------------------------------------------------------------------

/*
 * The in-process requests run one at a time, so the queries sent while one runs are its queries. (An
 * AsyncLocalStorage context does not survive into the pool's query calls through app.inject.)
 */
let recording: CapturedQuery[] | null = null;

function patchPool(): void {
  // Client, not Pool: a pool's queries and a transaction's both end up here.
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording) {
      const [first, second] = args;
      // drizzle passes (config, values); others (text, values) or a config with its values.
      const config =
        typeof first === 'string'
          ? { text: first, values: second }
          : { text: (first as CapturedQuery).text, values: (first as CapturedQuery).values ?? second };
      if (!/^(begin|commit|rollback)$/i.test(config.text)) {
        recording.push({ text: config.text, values: Array.isArray(config.values) ? config.values : [] });
      }
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
}

async function recorded<T>(work: () => Promise<T>): Promise<{ result: T; queries: CapturedQuery[] }> {
  const queries: CapturedQuery[] = [];
  recording = queries;
  try {
    return { result: await work(), queries };
  } finally {
    recording = null;
  }
}

async function explain(client: pg.Client, label: string, query: CapturedQuery): Promise<QueryPlan> {
  await client.query(query.text, query.values);
  const result = await client.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers) ${query.text}`,
    query.values,
  );
  const plan = result.rows.map((r) => r['QUERY PLAN']).join('\n');
  return {
    label,
    sql: query.text,
    plan,
    executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------------------

async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name.replaceAll('"', '')}"`);
  } finally {
    await admin.end();
  }
}

/** Indexes the generated posts (they were written by SQL, not by the posts service). */
async function indexPosts(databaseUrl: string): Promise<{ indexed: number; seconds: number }> {
  const database = await openDatabase({ databaseUrl });
  const started = performance.now();
  try {
    const indexed = await indexUnindexedPosts(database.db);
    await database.exec('vacuum analyze post_search');
    await database.exec('vacuum analyze search_terms');
    return { indexed, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
}

/** 500 swipes over the generated vocabulary (tags, creators as brands, colours), for one user. */
function syntheticEvents(): SwipeEvent[] {
  const tags = [
    'ootd',
    'style',
    'streetwear',
    'minimal',
    'vintage',
    'summer',
    'Casual',
    'Evening',
    'Formal',
    'Cozy',
  ];
  const colors = ['Black', 'White', 'Blue', 'Red', 'Green', 'Beige', 'Pink', 'Gray', 'Cream', 'Brown'];
  const start = Date.now() - 500 * 60_000;
  return Array.from({ length: 500 }, (_, n) => ({
    outfit_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    action: n % 3 === 0 ? 'dislike' : 'like',
    tags: [tags[n % tags.length]!, tags[(n * 7) % tags.length]!],
    brand: `creator_${1 + ((n * 13) % 2000)}`,
    category: tags[n % tags.length]!,
    colors: [colors[n % colors.length]!, colors[(n * 3) % colors.length]!],
    created_at: new Date(start + n * 60_000).toISOString(),
  }));
}

// ---------------------------------------------------------------------------------------------------------
// The benchmark
// ---------------------------------------------------------------------------------------------------------

export interface DiscoveryBenchResult {
  rows: Record<string, number>;
  indexing: { indexed: number; seconds: number };
  load: LoadResult[];
  plans: QueryPlan[];
  ranking: { name: string; meanMs: number; p95Ms: number; queries: number }[];
  scoringOnlyMs: { deck200: number; forYou500: number };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

export async function benchDiscovery(options: {
  databaseUrl: string;
  posts: number;
  duration: number;
  connections: number;
  regenerate: boolean;
  log: (line: string) => void;
}): Promise<DiscoveryBenchResult> {
  const { databaseUrl, log } = options;
  await ensureDatabase(databaseUrl);
  const generation = await generateFeedData(databaseUrl, {
    posts: options.posts,
    force: options.regenerate,
    log,
  });
  log(`data: ${JSON.stringify(generation.rows)}`);
  const indexing = await indexPosts(databaseUrl);
  log(`indexed ${indexing.indexed} posts in ${indexing.seconds.toFixed(1)} s`);

  // --- load against the built server ---
  const server = await startServer({ DATABASE_URL: databaseUrl, SEED_DEMO: 'false' });
  const rows: LoadResult[] = [];
  try {
    await waitForIdle(server.pid);
    for (const [name, path] of [...SEARCHES, ...FILTERS]) {
      const check = await fetch(`${server.url}${path}`);
      const body = (await check.json()) as { items?: unknown[]; total?: number };
      if (check.status !== 200) throw new Error(`${path} answered ${check.status}`);
      log(`load: ${name} (total ${body.total}, page ${body.items?.length})`);
      rows.push(
        await load(`${name} (${body.total?.toLocaleString('en-US')} results)`, `${server.url}${path}`, {
          duration: options.duration,
          connections: options.connections,
        }),
      );
    }
  } finally {
    await server.stop();
  }

  // --- plans and ranking, in process on the real code path ---
  patchPool();
  const app = await buildApp(
    { dataDir: null, webDist: null, seedDemo: false, logLevel: 'silent', databaseUrl },
    { logger: false },
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const plans: QueryPlan[] = [];
  const ranking: DiscoveryBenchResult['ranking'] = [];
  let scoringOnlyMs = { deck200: 0, forYou500: 0 };
  try {
    await app.ready();
    const explainPath = async (name: string, path: string, headers: Record<string, string> = {}) => {
      await app.inject({ method: 'GET', url: path, headers });
      const { result: res, queries } = await recorded(() =>
        app.inject({ method: 'GET', url: path, headers }),
      );
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`);
      // Discovery's own queries; the posts' hydration (media, items, counts) is the feed's (bench/feed.ts).
      for (const [i, query] of queries.entries()) {
        if (!/post_search|search_terms|swipe_events/.test(query.text)) continue;
        plans.push(await explain(client, `${name}: query ${i + 1} of ${queries.length}`, query));
      }
    };
    for (const [name, path] of [SEARCHES[0]!, SEARCHES[1]!, FILTERS[1]!, FILTERS[2]!]) {
      await explainPath(name, path);
    }

    // A user with 500 swipes.
    const signup = await app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: AUTH_HEADERS,
      payload: { email: `bench-swiper-${Date.now()}@bench.invalid`, password: 'bench password 1' },
    });
    const { access_token: token, user } = signup.json() as { access_token: string; user: { id: string } };
    const headers = { authorization: `Bearer ${token}` };
    await app.inject({ method: 'GET', url: '/api/v1/profiles/me', headers });
    const events = syntheticEvents();
    for (let n = 0; n < events.length; n += 100) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/swipes/batch',
        headers,
        payload: { events: events.slice(n, n + 100) },
      });
      if (res.statusCode !== 200) throw new Error(`batch answered ${res.statusCode}: ${res.body}`);
    }
    log(`user ${user.id} has ${events.length} swipes`);

    for (const [name, path] of [
      ['GET /api/v1/swipes/deck?limit=20 (200 candidates, 500 events)', '/api/v1/swipes/deck?limit=20'],
      ['GET /api/v1/posts/for-you?limit=20 (500 posts, 500 events)', '/api/v1/posts/for-you?limit=20'],
      ['GET /api/v1/swipes/preferences (500 events)', '/api/v1/swipes/preferences'],
    ] as const) {
      const times: number[] = [];
      let queries = 0;
      for (let run = 0; run < 60; run++) {
        const started = performance.now();
        const { result: res, queries: captured } = await recorded(() =>
          app.inject({ method: 'GET', url: path, headers }),
        );
        const elapsed = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
        if (run >= 10) times.push(elapsed); // the first runs warm caches and the JIT
        queries = captured.length;
      }
      ranking.push({
        name,
        meanMs: round(times.reduce((a, b) => a + b, 0) / times.length),
        p95Ms: round(percentile(times, 95)),
        queries,
      });
    }
    await explainPath('deck', '/api/v1/swipes/deck?limit=20', headers);

    // The scoring alone: counters from 500 events, then ranking 200 and 500 outfits.
    const outfits = await app.services.explore.findRankableOutfits({ limit: 500 });
    const time = (work: () => void) => {
      for (let n = 0; n < 50; n++) work();
      const started = performance.now();
      for (let n = 0; n < 200; n++) work();
      return round((performance.now() - started) / 200);
    };
    scoringOnlyMs = {
      deck200: time(() => rankOutfitsByCounters(outfits.slice(0, 200), buildPreferenceCounters(events))),
      forYou500: time(() => rankOutfitsByCounters(outfits, buildPreferenceCounters(events))),
    };
  } finally {
    await client.end();
    await app.close();
  }
  return { rows: generation.rows, indexing, load: rows, plans, ranking, scoringOnlyMs };
}

export function formatDiscoveryResult(result: DiscoveryBenchResult, connections: number): string {
  const lines = [
    `Data: ${Object.entries(result.rows)
      .map(([table, n]) => `${table} ${n.toLocaleString('en-US')}`)
      .join(
        ', ',
      )}. Indexing the generated posts for search and filters (JS, batches of 200): ${result.indexing.indexed.toLocaleString('en-US')} posts in ${result.indexing.seconds.toFixed(0)} s.`,
    '',
    `Load: ${connections} connections against the built server on PostgreSQL, 20 posts a page with their total.`,
    '',
    formatTable(result.load),
    '',
    'Taste ranking, server time per request (in process, app.inject, mean of 50 after 10 warm-up runs):',
    '',
    '| request | mean ms | p95 ms | SQL queries |',
    '|---|---:|---:|---:|',
    ...result.ranking.map((r) => `| ${r.name} | ${r.meanMs} | ${r.p95Ms} | ${r.queries} |`),
    '',
    `Scoring alone (shared buildPreferenceCounters + rankOutfitsByCounters, 500 events): 200 candidates ${result.scoringOnlyMs.deck200} ms, 500 candidates ${result.scoringOnlyMs.forYou500} ms.`,
    '',
  ];
  for (const plan of result.plans) {
    lines.push(
      `#### ${plan.label} (${plan.executionMs} ms)`,
      '',
      '```sql',
      plan.sql,
      '```',
      '',
      '```',
      plan.plan,
      '```',
      '',
    );
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    process.stderr.write(
      'The discovery benchmark needs PostgreSQL: set DATABASE_URL (a database of its own).\n',
    );
    process.exit(1);
  }
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const result = await benchDiscovery({
    databaseUrl,
    posts: Number(process.env.BENCH_POSTS ?? 100_000),
    duration: Number(process.env.BENCH_DURATION ?? 10),
    connections,
    regenerate: process.env.BENCH_REGENERATE === '1',
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${formatDiscoveryResult(result, connections)}\n`);
}
