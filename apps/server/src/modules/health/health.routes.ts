import { HealthResponseSchema } from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMigrationState } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
      return { status: 'ok' as const, database: app.database.engine, migration: state.applied };
    },
  );
};
