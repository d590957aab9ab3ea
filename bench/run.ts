/**
 * `npm run bench`: measures the built server, prints Markdown and writes it to bench/results/latest.md
 * (BENCH_OUT: another file). Numbers, not pass/fail: nothing here runs inside `npm test`. Build first
 * (`npm run build -w @sys/server`; the web app too for Lighthouse).
 *
 * By default it runs issue 20's table (section `scale`, bench/scale.ts): every route of the read path on
 * 10,000, 100,000 and 1,000,000 generated posts on the local PostgreSQL, next to the trivial route and to
 * the limit of its query (the same statements through the driver alone), server and load generator pinned
 * to a core each. The three databases (sys_bench_scale_10k, _100k, _1m on BENCH_PG_URL, created when
 * missing) are generated once and reused while their fingerprint (size, generator, last migration)
 * matches: the first run generates 1,000,000 posts, later ones skip it.
 *
 * BENCH_SECTIONS (comma-separated, or `all`) picks other sections:
 *   first-start  the first start on an empty data directory, demo seed included (bench/first-start.ts)
 *   trivial      the trivial routes
 *   uploads      server memory while a 200MB video uploads, multipart and tus (bench/uploads.ts)
 *   activity     a like's item on its author's open stream, at rest and with 1,000 more streams open
 *                (bench/activity.ts; two instances on PostgreSQL with BENCH_ACTIVITY_DATABASE_URL)
 *   feed         the feed on 100,000 generated posts (needs DATABASE_URL, a database of its own;
 *                bench/feed.ts)
 *   scale        the default (above); BENCH_SCALE_DATABASES='10000=postgresql://…,…' for other databases
 *   lighthouse   Lighthouse, mobile (bench/lighthouse.ts; needs the built web app); also BENCH_LIGHTHOUSE=1
 *
 * Environment: BENCH_DURATION (seconds per route; default 10, for `scale` 5), BENCH_CONNECTIONS (default 50),
 * DATABASE_URL, BENCH_POSTS (default 100000), BENCH_REGENERATE=1, BENCH_UPLOAD_MB (default 200),
 * BENCH_PG_URL, BENCH_SCALE_DATABASES, BENCH_SCALE_ROUTES, BENCH_ROTATION, BENCH_SERVER_CPUS / BENCH_CLIENT_CPUS (default
 * 1 and 0 for `scale` on 2 or more cores), BENCH_ACTIVITY_DATABASE_URL, BENCH_SERVER_ENTRY (another server
 * build), WEB_DIST, BENCH_OUT. Every option is described in bench/RESULTS.md ("How to run").
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchActivity, formatActivityRows } from './activity.ts';
import { benchFeed, formatFeedResult } from './feed.ts';
import { formatFirstStarts, measureFirstStart } from './first-start.ts';
import { formatTable, type LoadResult, load } from './lib/load.ts';
import { startServer } from './lib/server.ts';
import { formatLighthouse, runLighthouse } from './lighthouse.ts';
import { benchScale, formatRouteStatements, formatScaleResults, type ScaleResult } from './scale.ts';
import { benchUploadMemory, formatUploadTable } from './uploads.ts';

const benchStarted = Date.now();
const ALL = ['first-start', 'trivial', 'uploads', 'activity', 'feed', 'scale', 'lighthouse'];
const requested = (process.env.BENCH_SECTIONS ?? 'scale').split(',').map((s) => s.trim());
const sections = new Set(requested.includes('all') ? ALL : requested);
if (process.env.BENCH_LIGHTHOUSE === '1') sections.add('lighthouse');
for (const section of sections) {
  if (!ALL.includes(section))
    throw new Error(`BENCH_SECTIONS: no section '${section}' (${ALL.join(', ')}, all)`);
}
const duration = Number(process.env.BENCH_DURATION ?? 10);
const scaleDuration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl = process.env.DATABASE_URL;
const log = (line: string) => process.stderr.write(`${line}\n`);

const env: Record<string, string> = { SEED_DEMO: 'true' };
if (databaseUrl) env.DATABASE_URL = databaseUrl;

const out: string[] = [
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, ${
    databaseUrl || sections.has('scale') ? 'PostgreSQL' : 'PGlite'
  }, ${new Date().toISOString()}, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} at the start.`,
  '',
];

if (sections.has('first-start')) {
  out.push(
    '### First start (empty data directory, PGlite, demo seed)',
    '',
    formatFirstStarts([await measureFirstStart()]),
    '',
  );
}

if (sections.has('trivial')) {
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
}

if (sections.has('uploads')) {
  const uploads = await benchUploadMemory({
    databaseUrl,
    sizeMB: Number(process.env.BENCH_UPLOAD_MB ?? 200),
    log,
  });
  out.push('### Server memory during a large upload', '', formatUploadTable(uploads), '');
}

if (sections.has('activity')) {
  const activityDatabaseUrl = process.env.BENCH_ACTIVITY_DATABASE_URL;
  out.push(
    `### Activity, live (${activityDatabaseUrl ? 'two instances on PostgreSQL' : 'one instance on PGlite'})`,
    '',
    formatActivityRows(await benchActivity({ databaseUrl: activityDatabaseUrl })),
    '',
  );
}

if (sections.has('feed')) {
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
}

if (sections.has('scale')) {
  // Issue 20's table: every route next to the trivial one and to the limit of its query, on 10,000,
  // 100,000 and 1,000,000 posts, server and load generator pinned to a core each.
  if (cpus().length >= 2) {
    process.env.BENCH_SERVER_CPUS ??= '1';
    process.env.BENCH_CLIENT_CPUS ??= '0';
  }
  const base = process.env.BENCH_PG_URL ?? 'postgresql://sys:sys@127.0.0.1:5432/';
  const scaleSpec =
    process.env.BENCH_SCALE_DATABASES ??
    [
      ['10000', 'sys_bench_scale_10k'],
      ['100000', 'sys_bench_scale_100k'],
      ['1000000', 'sys_bench_scale_1m'],
    ]
      .map(([posts, name]) => `${posts}=${new URL(name!, base).toString()}`)
      .join(',');
  const results: ScaleResult[] = [];
  const notes: string[] = [];
  for (const part of scaleSpec.split(',')) {
    const [posts, url] = part.split('=', 2) as [string, string];
    const started = Date.now();
    const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    const result = await benchScale({
      posts: Number(posts),
      databaseUrl: url,
      duration: scaleDuration,
      connections,
      only: process.env.BENCH_SCALE_ROUTES?.split(','),
      log,
    });
    results.push(result);
    notes.push(
      `Load average ${loadBefore} before the set; ${Math.round((Date.now() - started) / 1000)} s for the set (data set ${result.dataSet.generated ? 'generated' : 'reused'} in ${Math.round(result.dataSet.seconds)} s).`,
    );
  }
  out.push(
    `### Routes at scale (${scaleDuration} s a route, ${connections} connections, server on core ${process.env.BENCH_SERVER_CPUS ?? 'any'}, load generator on core ${process.env.BENCH_CLIENT_CPUS ?? 'any'})`,
    '',
    formatScaleResults(results, notes),
    '',
    formatRouteStatements(results[0]!),
    '',
  );
}
if (sections.has('lighthouse')) {
  out.push('### Lighthouse (mobile)', '', formatLighthouse(await runLighthouse({ log })), '');
}
out.push(`Total: ${Math.round((Date.now() - benchStarted) / 1000)} s (${new Date().toISOString()}).`);
const text = `${out.join('\n')}\n`;
// Written as well as printed: bench/results/latest.md (BENCH_OUT for another file).
const outFile = process.env.BENCH_OUT ?? fileURLToPath(new URL('./results/latest.md', import.meta.url));
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, text);
process.stdout.write(text);
log(`written to ${outFile}`);
