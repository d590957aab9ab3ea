/**
 * Lighthouse, mobile (issue 7 "Benchmarks at scale"; ARCHITECTURE.md section 6: performance at least 95 on
 * /, /explore and /post/{id}, initial JavaScript at most 170 kB gzip): performance, accessibility and best
 * practices of /, /explore, /post/{id} and /profile/{username} on the built server with the demo content,
 * plus the JavaScript each page loads before it is interactive, in kB as transferred (gzip).
 *
 *   npx tsx bench/lighthouse.ts
 *
 * Starts the built server (BENCH_SERVER_ENTRY, default apps/server/dist/main.js) on a fresh PGlite data
 * directory with the demo seed, serving the built web app (WEB_DIST, default apps/web/dist), and runs
 * Lighthouse (the version in bench/package.json) through its Node API in headless Chromium (CHROME_PATH, default /usr/bin/chromium) with
 * Lighthouse's default mobile settings (Moto G Power viewport, simulated slow 4G and 4x CPU slowdown).
 * The server compresses nothing itself (a reverse proxy does in production), so the JavaScript size is
 * also reported gzipped here, the way nginx would send it. BENCH_LIGHTHOUSE_RUNS (default 1) runs each
 * page several times and keeps the median performance score; a run Lighthouse reports as failed is run
 * again (up to 3 times) rather than counted. BENCH_PORT gives the server a fixed port; BENCH_LIGHTHOUSE_PAGES
 * (e.g. `home,post-detail`) measures only some of the pages; BENCH_LIGHTHOUSE_FORM=desktop uses Lighthouse's
 * desktop settings instead of the mobile ones (issue 18 asks for both).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { startServer } from './lib/server.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface LighthouseRow {
  page: string;
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Scripts requested before the page settled: as sent (the server does not compress) and gzipped. */
  scriptKB: number;
  scriptGzipKB: number;
  scripts: number;
  failing: string[];
}

interface LhAudit {
  score: number | null;
  numericValue?: number;
  title: string;
  scoreDisplayMode?: string;
  details?: { items?: { url?: string; resourceType?: string; transferSize?: number }[] };
}

interface LhResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, LhAudit>;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

async function pagePaths(baseUrl: string): Promise<[string, string][]> {
  const feed = (await (await fetch(`${baseUrl}/api/v1/posts?limit=1`)).json()) as {
    items: { id: string; author: { username: string } }[];
  };
  const post = feed.items[0];
  if (!post) throw new Error('the demo seed left no posts');
  return [
    ['home', '/'],
    ['explore', '/explore'],
    ['post detail', `/post/${post.id}`],
    ['profile', `/profile/${post.author.username}`],
  ];
}

/** The JavaScript the page loaded, from Lighthouse's network records; gzip measured on the same bytes. */
async function scriptSizes(baseUrl: string, result: LhResult) {
  const items = result.audits['network-requests']?.details?.items ?? [];
  const scripts = items.filter((item) => item.resourceType === 'Script' && item.url?.startsWith(baseUrl));
  let raw = 0;
  let gzip = 0;
  for (const script of scripts) {
    const bytes = Buffer.from(await (await fetch(script.url!)).arrayBuffer());
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 6 }).length;
  }
  return { scriptKB: round1(raw / 1024), scriptGzipKB: round1(gzip / 1024), scripts: scripts.length };
}

/** Lighthouse runs that fail (e.g. `NO_NAVSTART`: the trace lost the navigation) are run again, this often. */
const ATTEMPTS = 3;

/**
 * One Lighthouse run of `url` on a cold HTTP cache (`clearCache` before each attempt). A run Lighthouse
 * reports as failed (`runtimeError`, no performance score) is run again instead of counted: it would
 * enter the median as a score of 0.
 */
async function measure(url: string, port: number, clearCache: () => Promise<unknown>) {
  // BENCH_LIGHTHOUSE_FORM=desktop: Lighthouse's desktop settings (1350x940, no CPU slowdown, fast network).
  const config = process.env.BENCH_LIGHTHOUSE_FORM === 'desktop' ? desktopConfig : undefined;
  for (let attempt = 1; ; attempt++) {
    await clearCache();
    const outcome = await lighthouse(
      url,
      {
        port,
        output: 'json',
        logLevel: 'error',
        disableStorageReset: true,
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      },
      config,
    );
    if (!outcome) throw new Error(`lighthouse gave no result for ${url}`);
    const error = outcome.lhr.runtimeError;
    if (!error && typeof outcome.lhr.categories.performance?.score === 'number') return outcome;
    const reason = error ? `${error.code}: ${error.message}` : 'no performance score';
    if (attempt >= ATTEMPTS) throw new Error(`lighthouse failed ${ATTEMPTS} times on ${url} (${reason})`);
    process.stderr.write(`lighthouse: ${url} failed (${reason}), running it again\n`);
  }
}

export async function runLighthouse(options: { runs?: number; log?: (line: string) => void } = {}) {
  const log = options.log ?? (() => {});
  const runs = options.runs ?? 1;
  const webDist = process.env.WEB_DIST ?? join(repoRoot, 'apps/web/dist');
  readFileSync(join(webDist, 'index.html')); // fails early without a built web app
  // BENCH_PORT: a fixed port for the server (default: any free one).
  const server = await startServer({
    SEED_DEMO: 'true',
    WEB_DIST: webDist,
    ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}),
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  // A first visit to any address goes to /onboarding (spec: until the visitor has onboarded), so with
  // Lighthouse's usual storage reset every report would be of the onboarding screen. The browser is
  // marked onboarded once, storage is kept between runs, and the HTTP cache is emptied before each run
  // instead, so every page still loads cold.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const setup = await browser.newPage();
  await setup.goto(`${server.url}/auth`);
  await setup.evaluate("window.localStorage.setItem('onboarded', 'true')");
  const cdp = await setup.createCDPSession();
  const rows: LighthouseRow[] = [];
  try {
    // BENCH_LIGHTHOUSE_PAGES=home,explore measures only those pages (names as in the table, spaces as '-').
    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
    const pages = (await pagePaths(server.url)).filter(
      ([page]) => !only || only.includes(page.replace(/\W+/g, '-')),
    );
    for (const [page, path] of pages) {
      const results: LhResult[] = [];
      for (let run = 0; run < runs; run++) {
        log(`lighthouse: ${page} (${path}), run ${run + 1} of ${runs}`);
        const outcome = await measure(`${server.url}${path}`, chrome.port, () =>
          cdp.send('Network.clearBrowserCache'),
        );
        const landed = outcome.lhr.finalDisplayedUrl ?? '';
        if (!landed.endsWith(path)) throw new Error(`lighthouse measured ${landed}, not ${path}`);
        results.push(outcome.lhr as unknown as LhResult);
        const dump = process.env.BENCH_LIGHTHOUSE_DUMP;
        if (dump)
          writeFileSync(join(dump, `${page.replace(/\W+/g, '-')}-${run + 1}.json`), outcome.report as string);
      }
      results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = results[Math.floor(results.length / 2)]!;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      // What keeps a category from 100: its weighted audits that did not pass.
      const failing = Object.entries(lhr.categories).flatMap(([category, value]) =>
        value.auditRefs
          .filter((ref) => ref.weight > 0)
          .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
          .filter(({ audit }) => audit && audit.score !== null && audit.score < 0.9)
          .map(({ ref, audit }) => `${category}: ${ref.id} (${audit!.score})`),
      );
      rows.push({
        page,
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        fcpMs: Math.round(metric('first-contentful-paint')),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        tbtMs: Math.round(metric('total-blocking-time')),
        cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
        ...(await scriptSizes(server.url, lhr)),
        failing,
      });
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
    await server.stop();
  }
  return rows;
}

export function formatLighthouse(rows: LighthouseRow[]): string {
  return [
    '| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS | JS files | JS kB (sent) | JS kB gzip |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.page} (\`${r.path.replace(/[0-9a-f-]{36}/, '{id}')}\`) | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.fcpMs} ms | ${r.lcpMs} ms | ${r.tbtMs} ms | ${r.cls} | ${r.scripts} | ${r.scriptKB} | ${r.scriptGzipKB} |`,
    ),
    '',
    ...rows.filter((r) => r.failing.length > 0).map((r) => `- ${r.page}: below 0.9: ${r.failing.join(', ')}`),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await runLighthouse({
    runs: Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  process.stdout.write(`${formatLighthouse(rows)}\n`);
}
