/**
 * `npx tsx bench/auth-cpu.ts`: server CPU time per password sign-in, per refresh, and per access
 * token check of the data API, measured with process.cpuUsage() around N requests to the real app
 * (in-process, through app.inject). Prints a Markdown table for bench/RESULTS.md.
 *
 * With the embedded PGlite the database runs in this process, so its CPU is included; with
 * DATABASE_URL (PostgreSQL) the database's own CPU is not.
 *
 * Environment: DATABASE_URL, AUTH_BENCH_SIGNINS (default 40), AUTH_BENCH_REFRESHES (default 300),
 * AUTH_BENCH_CHECKS (default 5000).
 */
import { buildApp } from '../apps/server/src/app.ts';

const signIns = Number(process.env.AUTH_BENCH_SIGNINS ?? 40);
const refreshes = Number(process.env.AUTH_BENCH_REFRESHES ?? 300);
const checks = Number(process.env.AUTH_BENCH_CHECKS ?? 5000);
const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (in-process)';

const app = await buildApp(
  {
    dataDir: null,
    webDist: null,
    seedDemo: false,
    logLevel: 'silent',
    databaseUrl: process.env.DATABASE_URL,
    authRateLimits: {
      token: { limit: 1_000_000, windowSeconds: 60 },
      otp: { limit: 1_000_000, windowSeconds: 60 },
      email: { limit: 1_000_000, windowSeconds: 60 },
    },
  },
  { logger: false },
);

const headers = { 'x-supabase-api-version': '2024-01-01', 'content-type': 'application/json' };
const email = `bench-${Date.now()}@example.com`;
const password = 'bench password 1';
const signup = await app.inject({
  method: 'POST',
  url: '/auth/v1/signup',
  headers,
  payload: { email, password },
});
if (signup.statusCode !== 200) throw new Error(signup.body);

interface Row {
  name: string;
  n: number;
  cpuMs: number;
  wallMs: number;
}

async function measure(name: string, n: number, work: (i: number) => Promise<void>): Promise<Row> {
  await work(-1); // warm-up: JIT, prepared statements, key import
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < n; i++) await work(i);
  const wallMs = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { name, n, cpuMs: (used.user + used.system) / 1000, wallMs };
}

const rows: Row[] = [];

rows.push(
  await measure('password sign-in (POST /token?grant_type=password, argon2id verify)', signIns, async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers,
      payload: { email, password },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }),
);

let refreshToken = (signup.json() as { refresh_token: string }).refresh_token;
rows.push(
  await measure('refresh (POST /token?grant_type=refresh_token, rotation)', refreshes, async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      headers,
      payload: { refresh_token: refreshToken },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    refreshToken = (res.json() as { refresh_token: string }).refresh_token;
  }),
);

const accessToken = (signup.json() as { access_token: string }).access_token;
rows.push(
  await measure('data API token check (ES256 verify, no database)', checks, async () => {
    await app.services.auth.tokens.verifyAccessToken(accessToken);
  }),
);

await app.close();

const fmt = (value: number) => (value >= 10 ? value.toFixed(1) : value.toFixed(3));
process.stdout.write(
  [
    `Auth CPU per operation, ${engine}, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`,
    '',
    '| operation | n | server CPU per op (ms) | wall per op (ms) |',
    '|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${r.n} | ${fmt(r.cpuMs / r.n)} | ${fmt(r.wallMs / r.n)} |`),
    '',
  ].join('\n'),
);
