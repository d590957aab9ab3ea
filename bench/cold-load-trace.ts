/**
 * Chrome traces (with the V8 CPU profile) of cold loads at 4x CPU slowdown, the way issue 20's start-up
 * work was found: where the main thread's long tasks go (module evaluation, first render, style and
 * layout), which Lighthouse only reports as totals.
 *
 *   npx tsx bench/cold-load-trace.ts <outdir> [home|explore|post|profile ...]
 *
 * Starts the built server with the demo content (BENCH_SERVER_ENTRY, WEB_DIST as in lighthouse.ts), marks
 * the browser onboarded, then loads each page with the HTTP cache cleared and disabled, a Moto G Power-
 * sized mobile viewport and CPU_SLOWDOWN (default 4) as DevTools' CPU throttling, and writes
 * <outdir>/<page>-<run>.json (RUNS per page, default 1), a trace for DevTools' Performance panel. Build
 * with `vite build --sourcemap` to map the profile's positions to source files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { startServer } from './lib/server.ts';

const out = process.argv[2] ?? '/tmp/prof';
mkdirSync(out, { recursive: true });
const server = await startServer({ SEED_DEMO: 'true', WEB_DIST: process.env.WEB_DIST ?? 'apps/web/dist' });
const browser = await puppeteer.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const setup = await browser.newPage();
  await setup.goto(`${server.url}/auth`);
  await setup.evaluate("window.localStorage.setItem('onboarded', 'true')");
  const feed = (await (await fetch(`${server.url}/api/v1/posts?limit=1`)).json()) as {
    items: { id: string; author: { username: string } }[];
  };
  const post = feed.items[0]!;
  const all: Record<string, string> = {
    home: '/',
    explore: '/explore',
    post: `/post/${post.id}`,
    profile: `/profile/${post.author.username}`,
  };
  const names = process.argv.slice(3).length ? process.argv.slice(3) : Object.keys(all);
  const runs = Number(process.env.RUNS ?? 1);
  for (const name of names) {
    for (let run = 1; run <= runs; run++) {
      const page = await browser.newPage();
      const cdp = await page.createCDPSession();
      await cdp.send('Network.enable');
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU_SLOWDOWN ?? 4) });
      await page.setViewport({
        width: 412,
        height: 823,
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      await page.tracing.start({
        categories: [
          'devtools.timeline',
          'v8.execute',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-v8.cpu_profiler',
          'blink.user_timing',
          'loading',
        ],
      });
      await page.goto(`${server.url}${all[name]}`, { waitUntil: 'networkidle2' });
      await new Promise((r) => setTimeout(r, 3000));
      const trace = await page.tracing.stop();
      writeFileSync(join(out, `${name}-${run}.json`), trace!);
      await page.close();
      process.stderr.write(`${name} ${run}\n`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
