import type { FastifyInstance } from 'fastify';
import type { DemoSeedDeps } from '../seed/demo.step.ts';

/** What `seedDemo` needs, from a built app: its database, the file store under its services, its log. */
export function demoSeedDeps(app: FastifyInstance): DemoSeedDeps {
  return { database: app.database, storage: app.services.fileStore, log: app.log };
}
