// Runs the unit and API tests: every project on the embedded PGlite first, then - when
// TEST_DATABASE_URL is set - the server's API tests again on PostgreSQL, so both engines are proven.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const vitest = join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest');
const extra = process.argv.slice(2);

// The tests seed the demo into a dozen fresh databases, in several processes: its pictures are drawn
// once per run into this folder (apps/server/src/seed/demo.art.cache.ts), which goes with the run.
const artCache = mkdtempSync(join(tmpdir(), 'sys-demo-art-'));
process.on('exit', () => rmSync(artCache, { recursive: true, force: true }));

function run(label, args, env) {
  process.stdout.write(`\n=== ${label} ===\n`);
  const result = spawnSync(vitest, ['run', ...args, ...extra], {
    stdio: 'inherit',
    env: { ...env, SYS_DEMO_ART_CACHE: artCache },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** nginx as apps/server/src/cli/cluster.ts finds it: NGINX_BIN, /usr/sbin/nginx or the PATH. */
function hasNginx() {
  const candidates = [
    process.env.NGINX_BIN,
    '/usr/sbin/nginx',
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'nginx')),
  ];
  return candidates.some((candidate) => {
    if (!candidate) return false;
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
run('unit and API tests on PGlite', [], withoutPostgres);
if (TEST_DATABASE_URL) {
  run('API tests on PostgreSQL', ['--project', 'server'], process.env);
  // Two instances behind nginx (apps/server/src/cli/cluster.cluster.test.ts). CI installs nginx (.ci/run)
  // and the test fails without it; on a developer's machine without nginx it is left out, loudly.
  if (process.env.CI || hasNginx()) {
    run(
      'cluster test: two instances behind nginx on PostgreSQL and S3',
      ['--project', 'cluster'],
      process.env,
    );
  } else {
    process.stdout.write(
      '\n=== cluster test NOT RUN: nginx is not installed (apt-get install nginx; CI runs it) ===\n',
    );
  }
} else {
  process.stdout.write(
    '\n=== PostgreSQL pass NOT RUN: TEST_DATABASE_URL is not set (README, Test it; CI sets it) ===\n',
  );
}
