import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One real server on a fresh data directory for the whole run. The variable is set once in the
// main process and inherited by the workers, so they all agree on it.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'sys-e2e-'));
process.env.E2E_PORT ??= '4321';
// The admin API's key on the test server: journeys make administrators with it (tests/safety.spec.ts).
process.env.E2E_SERVICE_ROLE_KEY ??= 'e2e-service-role-key-for-tests-only';
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

// E2E_BUILD=<name>: run against apps/{server,web}/dist-e2e-<name> (see scripts/e2e-isolated.sh), so
// two people can run journeys at once without one build replacing the other's files.
const isolatedBuild = process.env.E2E_BUILD;
const serverEntry = isolatedBuild
  ? `../apps/server/dist-e2e-${isolatedBuild}/main.js`
  : '../apps/server/dist/main.js';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // A private build also gets its own results folder: every run empties the folder it writes to.
  outputDir: isolatedBuild ? `test-results-${isolatedBuild}` : 'test-results',
  // A journey takes 10-40 s on this 2-core machine with two workers; CI machines can be slower.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // One retry in CI only: on this 2-core machine a journey has failed once under full parallel load
  // and passed on every rerun; Playwright reports such a test as flaky, so it stays visible.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    // Recording a trace (a screencast and a DOM snapshot per action) made every journey about 30%
    // slower; it is recorded on the retry of a failed journey instead (CI retries once; locally pass
    // `--trace on`).
    trace: 'on-first-retry',
    // A phone's viewport, touch and user agent, drawn at one device pixel per CSS pixel: layout,
    // hit targets and axe see the same page, and software rendering has 7x fewer pixels to paint.
    ...devices['Pixel 7'],
    deviceScaleFactor: 1,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: {
    command: `node ${serverEntry}`,
    url: `${baseURL}/api/health`,
    // The first start migrates a fresh database and loads the demo content: 2.5 min on one busy core.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      ...(isolatedBuild ? { WEB_DIST: `../apps/web/dist-e2e-${isolatedBuild}` } : {}),
      // Mail links point at the address the browser uses, and may lead back to it (/auth/reset).
      PUBLIC_URL: baseURL,
      // Every test signs up from 127.0.0.1: GoTrue's per-IP defaults (30 sign-ups in 5 minutes) are too few.
      AUTH_RATE_LIMITS: 'token=5000/300,otp=5000/300,email=5000/3600',
      // Visitors' event streams are limited per IP, and every journey's browser is 127.0.0.1.
      API_RATE_LIMITS: 'events=2000/60',
      // The posts journeys scrape a shop page served from 127.0.0.1 by the test itself.
      SCRAPER_ALLOW_PRIVATE: 'true',
      SERVICE_ROLE_KEY: process.env.E2E_SERVICE_ROLE_KEY,
    },
  },
});
