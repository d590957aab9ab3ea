import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';

/**
 * Background jobs that any server instance may pick up, retried, and taken up again after a crash: the
 * port the composition root builds (services.ts) and the modules' handlers see. The one implementation is
 * pg-boss 10 (the last release for Node 20) on the app's own database: its own small pool on PostgreSQL,
 * the app's PGlite instance through `executeSql` on the embedded database. Its tables live in the
 * `pgboss` schema, outside drizzle's (drizzle.config.ts filters on public and auth).
 */
/** pg-boss's schema (its default), left out of backups (modules/backup). */
export const JOB_QUEUE_SCHEMA = 'pgboss';

export interface JobQueue {
  /** Creates pg-boss's schema and the queues on first use, starts polling. */
  start(): Promise<void>;
  /** Stops polling and aborts running handlers (their jobs fail and are retried later). */
  stop(): Promise<void>;
  /** Queues a job; a second job with the same `singletonKey` while one waits is not queued (null). */
  send<T extends object>(queue: string, data: T, options?: { singletonKey?: string }): Promise<string | null>;
  /** Whether a job of `queue` with this `singletonKey` is waiting, retrying or running (not yet expired). */
  hasOpenJob(queue: string, singletonKey: string): Promise<boolean>;
  /**
   * Runs `handler` for each job of `queue`. A handler that throws fails the attempt: retried with backoff
   * up to the queue's retry limit, then the job goes to its dead-letter queue, if any.
   */
  work<T extends object>(queue: string, handler: JobHandler<T>): Promise<void>;
}

export interface Job<T> {
  id: string;
  data: T;
  /** 0 on the first attempt. */
  attempt: number;
  /** Aborted when the attempt runs out of time (`expireInSeconds`) or the queue stops: stop the work. */
  signal: AbortSignal;
}

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface QueueDefinition {
  name: string;
  /** Retries after the first attempt. */
  retryLimit: number;
  /** Seconds before the first retry; doubles (with jitter) after each. */
  retryDelaySeconds: number;
  /**
   * How long one attempt may run. pg-boss 10 has no heartbeat: a job whose worker died (SIGKILL) is
   * retried by any instance once this has passed, so it must exceed the longest allowed job.
   */
  expireInSeconds: number;
  /** Where a job goes after its last failed attempt. */
  deadLetter?: string;
}

export interface JobQueueOptions {
  /** PostgreSQL: pg-boss opens a pool of its own (at most 3 connections). */
  connectionString?: string;
  /** PGlite: runs pg-boss's SQL on the app's one database instance. */
  executeSql?: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  queues: QueueDefinition[];
  /** How often an idle worker asks for a job, and how often expired jobs are swept (tests: 1). */
  pollSeconds: number;
  onError: (error: unknown) => void;
}

export class PgBossJobQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly running = new Set<AbortController>();
  private readonly expiry = new Map<string, number>();
  private started = false;

  constructor(private readonly options: JobQueueOptions) {
    const database: PgBoss.DatabaseOptions = options.executeSql
      ? { db: { executeSql: (text, values) => options.executeSql!(text, values) } }
      : { connectionString: options.connectionString, max: 3, application_name: 'sys-jobs' };
    this.boss = new PgBoss({
      ...database,
      schema: JOB_QUEUE_SCHEMA,
      schedule: false,
      maintenanceIntervalSeconds: Math.max(1, options.pollSeconds),
      monitorStateIntervalSeconds: Math.max(1, options.pollSeconds * 30),
    });
    this.boss.on('error', (error) => options.onError(error));
    for (const queue of options.queues) this.expiry.set(queue.name, queue.expireInSeconds);
  }

  async start(): Promise<void> {
    await this.boss.start();
    this.started = true;
    // Dead-letter queues first: a queue names its dead letter only once that exists.
    const ordered = [...this.options.queues].sort((a, b) => Number(!!a.deadLetter) - Number(!!b.deadLetter));
    for (const queue of ordered) {
      const options = {
        // At most one job per singleton key in each state (waiting, retrying, running).
        name: queue.name,
        policy: 'stately' as const,
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: queue.expireInSeconds,
        ...(queue.deadLetter ? { deadLetter: queue.deadLetter } : {}),
      };
      if (await this.boss.getQueue(queue.name)) await this.boss.updateQueue(queue.name, options);
      else await this.boss.createQueue(queue.name, options);
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const controller of this.running) controller.abort(new Error('the job queue is stopping'));
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  send<T extends object>(queue: string, data: T, options: { singletonKey?: string } = {}) {
    // The stately policy keeps one key-less job per state and did not hand key-less jobs to workers
    // here: a job without a key of its own gets a unique one.
    return this.boss.send(queue, data, { singletonKey: options.singletonKey ?? randomUUID() });
  }

  async hasOpenJob(queue: string, singletonKey: string): Promise<boolean> {
    const result = await this.boss
      .getDb()
      .executeSql(
        `select 1 from ${JOB_QUEUE_SCHEMA}.job where name = $1 and singleton_key = $2 and state < 'completed' limit 1`,
        [queue, singletonKey],
      );
    return result.rows.length > 0;
  }

  async work<T extends object>(queue: string, handler: JobHandler<T>): Promise<void> {
    const expireMs = (this.expiry.get(queue) ?? 900) * 1000;
    await this.boss.work<T>(
      queue,
      {
        pollingIntervalSeconds: Math.max(0.5, this.options.pollSeconds),
        batchSize: 1,
        includeMetadata: true,
      },
      async (jobs) => {
        for (const job of jobs) {
          const controller = new AbortController();
          // pg-boss fails an attempt at its expiry but cannot stop it: this stops the handler's work then.
          const timer = setTimeout(() => controller.abort(new Error('the job ran out of time')), expireMs);
          this.running.add(controller);
          try {
            await handler({ id: job.id, data: job.data, attempt: job.retryCount, signal: controller.signal });
          } finally {
            clearTimeout(timer);
            this.running.delete(controller);
          }
        }
      },
    );
  }
}
