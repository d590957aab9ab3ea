import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { type AppConfig, ConfigError, loadConfigFromEnv, publicUrlWarning } from './config.ts';
import { DatabaseError } from './db/client.ts';
import { createShutdownHandler, installShutdownSignals } from './lib/graceful-shutdown.ts';
import { seedDemo } from './seed/demo.seed.ts';
import { demoSeedDeps } from './seed/demo.step.ts';

/**
 * The process entry: reads the environment, builds the app, seeds an empty database, listens, and
 * shuts down gracefully. Everything else lives in `app.ts` so that tests build the same app.
 */

/** Errors the operator can fix from the message alone: no stack trace, just what to change. */
function exitWithMessage(message: string): never {
  process.stderr.write(`SYS could not start: ${message}\n`);
  process.exit(1);
}

/** The address to print: a wildcard host is not something to open in a browser. */
function displayUrl(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const shown = wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

async function start(): Promise<void> {
  let config: AppConfig;
  let app: FastifyInstance;
  try {
    config = loadConfigFromEnv();
    app = await buildApp(config);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DatabaseError) exitWithMessage(error.message);
    throw error;
  }

  installShutdownSignals(createShutdownHandler(app));
  const warning = publicUrlWarning(config);
  if (warning) app.log.warn(warning);

  if (config.seedDemo) {
    try {
      const result = await seedDemo(demoSeedDeps(app));
      if (result.status === 'skipped') app.log.info(`demo content not seeded: ${result.reason}`);
    } catch (error) {
      // Close the database cleanly (PGlite flushes its files) before reporting the failure.
      await app.close().catch(() => {});
      throw error;
    }
  }

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close().catch(() => {});
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') exitWithMessage(`port ${config.port} is already in use (PORT)`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      exitWithMessage(`cannot listen on host "${config.host}" (HOST)`);
    }
    throw error;
  }

  // Printed plainly (not as a JSON log line) because it is the one line a person starting SYS looks for.
  const address = app.server.address() as AddressInfo;
  process.stdout.write(`SYS is running at ${displayUrl(config.host, address.port)}\n`);
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
