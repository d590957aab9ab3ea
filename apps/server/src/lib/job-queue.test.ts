import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../db/client.ts';
import { openTestDatabase, type TestDatabase } from '../test/context.ts';
import { type Job, PgBossJobQueue } from './job-queue.ts';

/*
 * The job queue on the test engine's real database (pg-boss on in-memory PGlite through the app's
 * instance, or on PostgreSQL with its own pool): a failing attempt is retried, a job that keeps failing
 * goes to its dead-letter queue, and a job with a waiting twin (same singleton key) is not queued twice.
 */

async function until<T>(what: string, check: () => T | undefined, seconds = 60): Promise<T> {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('PgBossJobQueue', () => {
  let test: TestDatabase;
  let queue: PgBossJobQueue;
  const errors: unknown[] = [];

  beforeAll(async () => {
    test = await openTestDatabase();
    await migrateDatabase(test.database);
    queue = new PgBossJobQueue({
      ...(test.database.executeSql
        ? { executeSql: test.database.executeSql }
        : { connectionString: test.url }),
      queues: [
        { name: 'dead', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 30 },
        // No worker takes its jobs: they wait.
        { name: 'idle', retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 30 },
        { name: 'flaky', retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 30, deadLetter: 'dead' },
      ],
      pollSeconds: 0.5,
      onError: (error) => errors.push(error),
    });
    await queue.start();
  }, 300_000);
  afterAll(async () => {
    await queue?.stop();
    await test?.close();
  });

  it('retries a failed attempt, then sends a job that keeps failing to its dead letter', async () => {
    const attempts = new Map<string, number[]>();
    const dead: string[] = [];
    await queue.work<{ name: string; failures: number }>(
      'flaky',
      async (job: Job<{ name: string; failures: number }>) => {
        attempts.set(job.data.name, [...(attempts.get(job.data.name) ?? []), job.attempt]);
        if (job.attempt < job.data.failures) throw new Error(`attempt ${job.attempt} fails`);
      },
    );
    await queue.work<{ name: string }>('dead', async (job) => {
      dead.push(job.data.name);
    });

    // As the app sends them: with a singleton key (the stately queue holds one key-less job per state).
    await queue.send('flaky', { name: 'once', failures: 1 }, { singletonKey: 'once' });
    await queue.send('flaky', { name: 'always', failures: 99 }, { singletonKey: 'always' });

    await until(
      `the dead letter (attempts: ${JSON.stringify([...attempts])}, errors: ${errors.map(String).join('; ')})`,
      () => (dead.length > 0 ? dead : undefined),
    );
    expect(attempts.get('once')).toEqual([0, 1]);
    expect(attempts.get('always')).toEqual([0, 1, 2]);
    expect(dead).toEqual(['always']);
    expect(errors).toEqual([]);
  }, 90_000);

  it('queues one job per singleton key while it waits', async () => {
    const first = await queue.send('idle', { name: 'a' }, { singletonKey: 'same' });
    const second = await queue.send('idle', { name: 'b' }, { singletonKey: 'same' });
    const other = await queue.send('idle', { name: 'c' }, { singletonKey: 'other' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    expect(other).toEqual(expect.any(String));
  });
});
