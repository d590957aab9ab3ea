/**
 * Benchmarks at scale (issue 7): the same requests on data sets of 10,000, 100,000 and 1,000,000 generated
 * posts on PostgreSQL, next to the same server's trivial JSON route, with the server's memory at rest and
 * under load, and the growth of p50 from the smallest to the largest set (goal: within 1.3x).
 *
 *   BENCH_SCALE_DATABASES='10000=postgresql://sys:sys@127.0.0.1:5432/sys_bench_10k,100000=postgresql://…/sys_bench,1000000=postgresql://…/sys_bench_1m' \
 *     npx tsx bench/scale.ts
 *
 * Each database is filled by bench/lib/generate.ts when it does not hold that many posts yet (1,000,000
 * posts: ~15 minutes on the 2-core bench machine) and its posts are indexed for search and filters (JS,
 * ~1,000-4,000 posts/s) before the server starts. Use databases of their own: the generator empties them.
 * Environment: BENCH_DURATION (s per route, default 10), BENCH_CONNECTIONS (50), BENCH_SERVER_ENTRY
 * (another build of the server), BENCH_SCALE_ROUTES (comma-separated route names to run, default all),
 * BENCH_VIEWERS (creators signed in for the 'viewers in turn' route, 2000), BENCH_SERVER_CPUS /
 * BENCH_CLIENT_CPUS (pin the server and the load generator, which runs in its own process, with taskset).
 */
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { indexUnindexedPosts } from '../apps/server/src/modules/search-index/search-index.ts';
import { generateFeedData } from './lib/generate.ts';
import { type MeasuredLoadResult, measuredLoad } from './lib/measured-load.ts';
import { rssBytes, sampleRss, waitForIdle } from './lib/process-stats.ts';
import { startServer } from './lib/server.ts';
import { benchSigningKey, signTokensFor, signUp } from './lib/users.ts';

export interface ScaleRow extends MeasuredLoadResult {
  route: string;
  /** Transactions committed in the route's database per request: statements, when each runs alone. */
  statementsPerRequest: number;
  posts: number;
  rssPeakMB: number;
}

export interface ScaleResult {
  posts: number;
  rssAtRestMB: number;
  rssAfterMB: number;
  rows: ScaleRow[];
}

const MB = 1024 * 1024;

/** Who asks: a visitor, one signed-in viewer, or the generated creators in turn (one per request). */
type Asker = 'visitor' | 'viewer' | 'viewers';

/** How many creators sign in for the 'viewers' routes (BENCH_VIEWERS). */
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 2000);

/** The requests, by name: a path (with the data set's ids filled in) and who asks. */
function routes(ids: { post_id: string; username: string }): [string, string, Asker][] {
  const visitor = 'visitor';
  return [
    ['trivial JSON (GET /api/health/live)', '/api/health/live', visitor],
    ['feed, first page (GET /api/v1/posts?limit=20)', '/api/v1/posts?limit=20', visitor],
    ['feed, first page, signed-in viewer', '/api/v1/posts?limit=20', 'viewer'],
    [
      `feed, first page, ${VIEWERS.toLocaleString('en-US')} signed-in viewers in turn`,
      '/api/v1/posts?limit=20',
      'viewers',
    ],
    ['filtered feed (size=M, color=Black)', '/api/v1/posts/filtered?size=M&color=Black&limit=20', visitor],
    ['search (q=zara)', '/api/v1/search?q=zara&limit=20', visitor],
    [`profile (GET /api/v1/profiles/{username})`, `/api/v1/profiles/${ids.username}`, visitor],
    // 5 a page: at 10,000 posts every creator has exactly 5, so the page is the same size in every set.
    [
      "profile's posts (GET /api/v1/profiles/{username}/posts?limit=5)",
      `/api/v1/profiles/${ids.username}/posts?limit=5`,
      visitor,
    ],
    ['post detail (GET /api/v1/posts/{id})', `/api/v1/posts/${ids.post_id}`, visitor],
    // The signed-in read path (issue 20): the same requests by the generated creators in turn.
    [`profile, signed-in viewers in turn`, `/api/v1/profiles/${ids.username}`, 'viewers'],
    [
      `profile's posts (5), signed-in viewers in turn`,
      `/api/v1/profiles/${ids.username}/posts?limit=5`,
      'viewers',
    ],
    ['post detail, signed-in viewers in turn', `/api/v1/posts/${ids.post_id}`, 'viewers'],
    [
      `activity, first page, ${VIEWERS.toLocaleString('en-US')} signed-in creators in turn (GET /api/v1/activity)`,
      '/api/v1/activity?limit=20',
      'viewers',
    ],
  ];
}

async function indexForSearch(databaseUrl: string, log: (line: string) => void): Promise<void> {
  const database = await openDatabase({ databaseUrl });
  try {
    const started = performance.now();
    const indexed = await indexUnindexedPosts(database.db);
    if (indexed > 0) {
      await database.exec('vacuum analyze post_search');
      await database.exec('vacuum analyze search_terms');
      log(`  indexed ${indexed} posts for search in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    await database.close();
  }
}

/** One request with each of `authorizations`, 25 at a time. */
async function warmUp(url: string, authorizations: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < authorizations.length) {
      const authorization = authorizations[next++]!;
      const res = await fetch(url, { headers: { authorization } });
      if (res.status !== 200) throw new Error(`warm-up: ${url} answered ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 25 }, worker));
}

/**
 * Transactions committed so far in the database of `databaseUrl` (pg_stat_database). Every statement the
 * server runs outside a transaction block is one, so the difference over a run is its statements. A busy
 * backend reports its counts at most once a second, and an idle one up to 10 s later (PostgreSQL 15's
 * PGSTAT_IDLE_INTERVAL): wait that long after a run before reading.
 */
async function committedTransactions(databaseUrl: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 10_500));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      'select xact_commit as n from pg_stat_database where datname = current_database()',
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** A post in the middle of the feed and a creator with posts, for the detail and profile routes. */
async function sampleIds(
  databaseUrl: string,
): Promise<{ post_id: string; username: string; creatorIds: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = await client.query<{ n: string }>(`select count(*) as n from posts`);
    const offset = Math.floor(Number(count.rows[0]?.n ?? 0) / 2);
    const post = await client.query<{ id: string }>(
      `select id from posts where visibility = 'public' order by created_at desc nulls last, id desc nulls last
       offset $1 limit 1`,
      [offset],
    );
    const creators = await client.query<{ id: string }>(
      `select id from profiles where username like 'creator\\_%' order by username limit $1`,
      [VIEWERS],
    );
    return { post_id: post.rows[0]!.id, username: 'creator_42', creatorIds: creators.rows.map((r) => r.id) };
  } finally {
    await client.end();
  }
}

export async function benchScale(options: {
  posts: number;
  databaseUrl: string;
  duration: number;
  connections: number;
  only?: string[];
  log: (line: string) => void;
}): Promise<ScaleResult> {
  const { log } = options;
  log(`${options.posts.toLocaleString('en-US')} posts: ${options.databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
  const generation = await generateFeedData(options.databaseUrl, { posts: options.posts, log });
  log(`  data ${generation.generated ? 'generated' : 'already there'}: ${JSON.stringify(generation.rows)}`);
  await indexForSearch(options.databaseUrl, log);
  const ids = await sampleIds(options.databaseUrl);

  // Tokens for the generated creators are signed with the server's key (they have no password).
  const signingKey = benchSigningKey();
  const server = await startServer({
    DATABASE_URL: options.databaseUrl,
    SEED_DEMO: 'false',
    AUTH_JWT_PRIVATE_KEY: signingKey,
  });
  const rows: ScaleRow[] = [];
  let rssAtRestMB = 0;
  let rssAfterMB = 0;
  try {
    await waitForIdle(server.pid);
    rssAtRestMB = Math.round((rssBytes(server.pid) / MB) * 10) / 10;
    const token = await signUp(server.url);
    const viewers = (await signTokensFor(signingKey, token, ids.creatorIds, options.databaseUrl)).map(
      (t) => `Bearer ${t}`,
    );
    let warmed = false;
    for (const [route, path, asker] of routes(ids)) {
      if (options.only && !options.only.some((name) => route.includes(name))) continue;
      const headers: Record<string, string> = asker === 'viewer' ? { authorization: `Bearer ${token}` } : {};
      const check = await fetch(`${server.url}${path}`, {
        headers: asker === 'viewers' ? { authorization: viewers[0] ?? '' } : headers,
      });
      if (check.status !== 200) throw new Error(`${path} answered ${check.status}: ${await check.text()}`);
      if (asker === 'viewers' && !warmed) {
        // Every viewer's token once before the first measured run: a client sends the same token for up
        // to an hour, so the server's one-time work per token (the ES256 check, the profile bootstrap)
        // is not what a route costs. Without this a 5 s run at ~500 req/s sees each of 2,000 tokens for
        // the first time and measures that instead (bench/RESULTS.md, issue 20).
        await warmUp(`${server.url}${path}`, viewers);
        warmed = true;
      }
      log(`  load: ${route}`);
      // After the wait inside: the warm-up's and the previous route's late counts are in.
      const committedBefore = await committedTransactions(options.databaseUrl);
      const sampler = sampleRss(server.pid, 100);
      const result = await measuredLoad(route, `${server.url}${path}`, {
        serverPid: server.pid,
        duration: options.duration,
        connections: options.connections,
        headers,
        ...(asker === 'viewers' ? { authorizations: viewers } : {}),
      });
      const rss = sampler.stop();
      const committed = (await committedTransactions(options.databaseUrl)) - committedBefore;
      const statementsPerRequest =
        result.completed > 0 ? Math.round((committed / result.completed) * 100) / 100 : Number.NaN;
      rows.push({ ...result, route, posts: options.posts, rssPeakMB: rss.peakMB, statementsPerRequest });
      log(
        `    ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms; CPU ms/request: server ${result.serverCpuMs}, load generator ${result.clientCpuMs}, PostgreSQL ${result.postgresCpuMs}; statements/request ${statementsPerRequest}`,
      );
    }
    rssAfterMB = Math.round((rssBytes(server.pid) / MB) * 10) / 10;
  } finally {
    await server.stop();
  }
  return { posts: options.posts, rssAtRestMB, rssAfterMB, rows };
}

export function formatScaleResults(results: ScaleResult[], load1m: string): string {
  const sizes = results.map((r) => r.posts);
  const routeNames = [...new Set(results.flatMap((r) => r.rows.map((row) => row.route)))];
  const fmt = (n: number) => n.toLocaleString('en-US');
  const header = `| route | ${sizes.map((s) => `${fmt(s)}: req/s | p50 | p99`).join(' | ')} | p50 growth ${fmt(sizes[0]!)} → ${fmt(sizes.at(-1)!)} |`;
  const lines = [
    header,
    `|---|${sizes.map(() => '---:|---:|---:').join('|')}|---:|`,
    ...routeNames.map((name) => {
      const cells = results.map((r) => {
        const row = r.rows.find((x) => x.route === name);
        return row ? `${fmt(row.requestsPerSecond)} | ${row.p50} | ${row.p99}` : '- | - | -';
      });
      const first = results[0]!.rows.find((x) => x.route === name);
      const last = results.at(-1)!.rows.find((x) => x.route === name);
      const growth = first && last && first.p50 > 0 ? `${(last.p50 / first.p50).toFixed(2)}x` : '-';
      return `| ${name} | ${cells.join(' | ')} | ${growth} |`;
    }),
    '',
    `| route: CPU ms per request (server / load generator / PostgreSQL), statements per request | ${sizes.map((size) => fmt(size)).join(' | ')} |`,
    `|---|${sizes.map(() => '---:').join('|')}|`,
    ...routeNames.map((name) => {
      const cells = results.map((r) => {
        const row = r.rows.find((x) => x.route === name);
        return row
          ? `${row.serverCpuMs} / ${row.clientCpuMs} / ${row.postgresCpuMs}, ${row.statementsPerRequest}`
          : '-';
      });
      return `| ${name} | ${cells.join(' | ')} |`;
    }),
    '',
    '| posts | server RSS at rest | peak RSS under load (any route) | RSS after the runs | errors / non-2xx |',
    '|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${fmt(r.posts)} | ${r.rssAtRestMB} MB | ${Math.max(...r.rows.map((x) => x.rssPeakMB))} MB | ${r.rssAfterMB} MB | ${r.rows.reduce((a, x) => a + x.errors, 0)} / ${r.rows.reduce((a, x) => a + x.non2xx, 0)} |`,
    ),
    '',
    load1m,
  ];
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const spec = process.env.BENCH_SCALE_DATABASES;
  if (!spec) {
    process.stderr.write('set BENCH_SCALE_DATABASES=posts=url,posts=url,... (databases of their own)\n');
    process.exit(1);
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const results: ScaleResult[] = [];
  const loads: string[] = [];
  for (const part of spec.split(',')) {
    const [posts, url] = part.split('=', 2) as [string, string];
    const { readFileSync } = await import('node:fs');
    const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    loads.push(`${Number(posts).toLocaleString('en-US')} posts: load average ${loadAverage} before the run`);
    results.push(
      await benchScale({
        posts: Number(posts),
        databaseUrl: url,
        duration: Number(process.env.BENCH_DURATION ?? 10),
        connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
        only: process.env.BENCH_SCALE_ROUTES?.split(','),
        log,
      }),
    );
  }
  process.stdout.write(`${formatScaleResults(results, loads.join('; '))}\n`);
}
