import { defineConfig } from 'vitest/config';

// One runner for every workspace's unit and API tests; e2e journeys run in Playwright instead.
export default defineConfig({
  test: {
    // PGlite instances are heavy; two workers match the machine's two cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
