/**
 * `npm run bench`: measures the built server and prints Markdown to paste into RESULTS.md.
 * Numbers, not pass/fail: nothing here runs inside `npm test`. Build first (`npm run build`).
 *
 * 0. The first start on an empty data directory, demo seed included (always; bench/first-start.ts).
 * 1. The trivial routes (always).
 * 2. Server memory while a 200MB video uploads, multipart and tus (always; bench/uploads.ts).
 * 2b. Activity, live: a like's item on its author's open stream, at rest and with 1,000 more streams open
 *    (always; bench/activity.ts; two instances on PostgreSQL with BENCH_ACTIVITY_DATABASE_URL).
 * 3. The feed on 100,000 generated posts (only with DATABASE_URL, on PostgreSQL; bench/feed.ts). Point
 *    DATABASE_URL at a database of its own (e.g. postgresql://sys:sys@127.0.0.1:5432/sys_bench): the
 *    generator replaces its posts and profiles, and refuses a database with real users.
 *
 * 4. Benchmarks at scale (only with BENCH_SCALE_DATABASES; bench/scale.ts): feed, filtered feed, search,
 *    profile and post detail on several data sets, e.g.
 *    `10000=postgresql://…/sys_bench_10k,100000=postgresql://…/sys_bench,1000000=postgresql://…/sys_bench_1m`.
 * 5. Lighthouse, mobile (only with BENCH_LIGHTHOUSE=1; bench/lighthouse.ts; needs the built web app).
 *
 * Environment: BENCH_DURATION (seconds per route, default 10), BENCH_CONNECTIONS (default 50),
 * DATABASE_URL, BENCH_POSTS (default 100000), BENCH_REGENERATE=1, BENCH_UPLOAD_MB (default 200),
 * BENCH_SCALE_DATABASES, BENCH_ACTIVITY_DATABASE_URL, BENCH_LIGHTHOUSE=1, BENCH_SERVER_ENTRY (another server build), WEB_DIST.
 * Every option is described in bench/RESULTS.md ("How to run").
 */
import { cpus } from 'node:os';
import { benchActivity, formatActivityRows } from './activity.ts';
import { benchFeed, formatFeedResult } from './feed.ts';
import { formatFirstStarts, measureFirstStart } from './first-start.ts';
import { formatTable, type LoadResult, load } from './lib/load.ts';
import { startServer } from './lib/server.ts';
import { formatLighthouse, runLighthouse } from './lighthouse.ts';
import { benchScale, formatScaleResults, type ScaleResult } from './scale.ts';
import { benchUploadMemory, formatUploadTable } from './uploads.ts';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl = process.env.DATABASE_URL;
const log = (line: string) => process.stderr.write(`${line}\n`);

const env: Record<string, string> = { SEED_DEMO: 'true' };
if (databaseUrl) env.DATABASE_URL = databaseUrl;

const out: string[] = [
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${
    databaseUrl ? 'PostgreSQL' : 'PGlite'
  }, ${new Date().toISOString().slice(0, 10)}.`,
  '',
];

out.push(
  '### First start (empty data directory, PGlite, demo seed)',
  '',
  formatFirstStarts([await measureFirstStart()]),
  '',
);

const server = await startServer(env);
const rows: LoadResult[] = [];
try {
  rows.push(
    await load('GET /api/health/live (trivial JSON)', `${server.url}/api/health/live`, {
      duration,
      connections,
    }),
  );
  rows.push(
    await load('GET /api/health (database round trip)', `${server.url}/api/health`, {
      duration,
      connections,
    }),
  );
} finally {
  await server.stop();
}
out.push('### Trivial routes', '', formatTable(rows), '');

const uploads = await benchUploadMemory({
  databaseUrl,
  sizeMB: Number(process.env.BENCH_UPLOAD_MB ?? 200),
  log,
});
out.push('### Server memory during a large upload', '', formatUploadTable(uploads), '');

const activityDatabaseUrl = process.env.BENCH_ACTIVITY_DATABASE_URL;
out.push(
  `### Activity, live (${activityDatabaseUrl ? 'two instances on PostgreSQL' : 'one instance on PGlite'})`,
  '',
  formatActivityRows(await benchActivity({ databaseUrl: activityDatabaseUrl })),
  '',
);

if (databaseUrl) {
  const feed = await benchFeed({
    databaseUrl,
    posts: Number(process.env.BENCH_POSTS ?? 100_000),
    duration,
    connections,
    regenerate: process.env.BENCH_REGENERATE === '1',
    log,
  });
  out.push('### Feed', '', formatFeedResult(feed), '');
} else {
  out.push('### Feed', '', 'Skipped: the feed benchmark needs PostgreSQL (set DATABASE_URL).', '');
}

const scaleSpec = process.env.BENCH_SCALE_DATABASES;
if (scaleSpec) {
  const results: ScaleResult[] = [];
  for (const part of scaleSpec.split(',')) {
    const [posts, url] = part.split('=', 2) as [string, string];
    results.push(await benchScale({ posts: Number(posts), databaseUrl: url, duration, connections, log }));
  }
  out.push('### Benchmarks at scale', '', formatScaleResults(results, ''), '');
}
if (process.env.BENCH_LIGHTHOUSE === '1') {
  out.push('### Lighthouse (mobile)', '', formatLighthouse(await runLighthouse({ log })), '');
}
process.stdout.write(`${out.join('\n')}\n`);
