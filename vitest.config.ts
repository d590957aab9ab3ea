import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The cluster test (`*.cluster.test.ts`: two server instances behind nginx on PostgreSQL) is a project of
 * its own, present only with TEST_DATABASE_URL: scripts/test-unit.mjs runs it after the PostgreSQL pass.
 */
const clusterProject = {
  test: {
    name: 'cluster',
    root: './apps/server',
    include: ['src/**/*.cluster.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One file whose tests share a running cluster, in order.
    fileParallelism: false,
  },
};

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
          exclude: [...configDefaults.exclude, 'src/**/*.cluster.test.ts'],
          // The files of a worker share one module graph (Fastify, Drizzle, PGlite's WebAssembly,
          // sharp...) instead of importing it afresh for each: 10 API test files took 161 s isolated
          // and 92 s shared. Each file still builds its own app on its own fresh database, and no
          // server module keeps state outside the app it belongs to (no test mocks a module).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vite.config.ts',
      ...(process.env.TEST_DATABASE_URL ? [clusterProject] : []),
    ],
  },
});
