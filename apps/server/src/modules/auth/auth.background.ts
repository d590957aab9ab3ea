import type { FastifyBaseLogger } from 'fastify';

/**
 * Work the auth service does after it has answered: the mail of /recover, /otp, /resend and
 * /signup, and the owner's notices. Whether an address has an account then changes what happens
 * later, never how long the answer takes or whether it fails. Failures are logged; `idle()` waits
 * for everything started so far (the server's shutdown, tests reading the outbox).
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `task` once the current request's answer has gone out. */
  run(what: string, task: () => Promise<unknown>): void {
    const done = new Promise<void>((resolve) => {
      setImmediate(() => {
        Promise.resolve()
          .then(task)
          .catch((error: unknown) => this.log.error({ err: error }, `${what} failed`))
          .finally(resolve);
      });
    });
    this.pending.add(done);
    void done.finally(() => this.pending.delete(done));
  }

  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
