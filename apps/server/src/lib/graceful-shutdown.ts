import type { FastifyInstance } from 'fastify';

const IDLE_SWEEP_MS = 100;

export interface ShutdownOptions {
  /** Ends the process; tests pass a spy. */
  exit?: (code: number) => void;
}

/**
 * Returns the handler for SIGTERM/SIGINT. The first signal stops accepting connections, lets
 * in-flight requests finish and closes the database (`app.close()` runs every onClose hook), then
 * exits 0. A second signal while that is under way exits at once: an operator pressing Ctrl+C
 * twice means it.
 */
export function createShutdownHandler(app: FastifyInstance, options: ShutdownOptions = {}) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  return async function shutdown(signal: string): Promise<void> {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting for requests');
      exit(1);
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A keep-alive connection whose request finishes after close() began stays open until the
    // keep-alive timeout (72 s in Fastify) and would hold the shutdown; close such connections as
    // soon as they turn idle. Busy connections are left alone, so in-flight requests complete.
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    try {
      await app.close();
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    } finally {
      clearInterval(sweep);
    }
  };
}

export function installShutdownSignals(shutdown: (signal: string) => Promise<void>): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => void shutdown(signal));
  }
}
