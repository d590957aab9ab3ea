/**
 * `npm run bench`: measures the built server and prints a Markdown table to paste into RESULTS.md.
 * Numbers, not pass/fail: nothing here runs inside `npm test`.
 *
 * Environment: BENCH_DURATION (seconds per route, default 10), BENCH_CONNECTIONS (default 50),
 * DATABASE_URL (benchmark on PostgreSQL instead of the embedded PGlite).
 */
import { formatTable, type LoadResult, load } from './lib/load.ts';
import { startServer } from './lib/server.ts';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const env: Record<string, string> = { SEED_DEMO: 'true' };
if (process.env.DATABASE_URL) env.DATABASE_URL = process.env.DATABASE_URL;

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
process.stdout.write(`${formatTable(rows)}\n`);
