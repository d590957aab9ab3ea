// Runs the unit and API tests: every project on the embedded PGlite first, then - when
// TEST_DATABASE_URL is set - the server's API tests again on PostgreSQL, so both engines are proven.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const vitest = join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest');
const extra = process.argv.slice(2);

function run(label, args, env) {
  process.stdout.write(`\n=== ${label} ===\n`);
  const result = spawnSync(vitest, ['run', ...args, ...extra], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
run('unit and API tests on PGlite', [], withoutPostgres);
if (TEST_DATABASE_URL) {
  run('API tests on PostgreSQL', ['--project', 'server'], process.env);
}
