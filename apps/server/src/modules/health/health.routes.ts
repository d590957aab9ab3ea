import { HealthResponseSchema, LivenessResponseSchema } from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMigrationState } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness without touching the database: what a load balancer polls, and the trivial route
  // the benchmarks compare every other route against.
  app.get(
    '/api/health/live',
    { schema: { tags: ['health'], summary: 'Liveness only', response: { 200: LivenessResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and readiness: database engine and applied migration',
        response: { 200: HealthResponseSchema },
      },
    },
    async () => {
      const state = await getMigrationState(app.database);
      const instance = app.config.instanceId;
      return {
        status: 'ok' as const,
        database: app.database.engine,
        migration: state.applied,
        ...(instance ? { instance } : {}),
      };
    },
  );
};
