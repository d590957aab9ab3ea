import { ErrorResponseSchema, ProfileSchema } from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/authenticate.ts';
import type { ProfilesService } from './profiles.service.ts';

export const profilesRoutes: FastifyPluginAsyncZod<{ profiles: ProfilesService }> = async (
  app,
  { profiles },
) => {
  app.get(
    '/api/v1/profiles/me',
    {
      schema: {
        tags: ['profiles'],
        summary: "The signed-in user's profile (created on the first authenticated request)",
        security: [{ bearerAuth: [] }],
        response: { 200: ProfileSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => profiles.getProfile(requireUser(request).id),
  );
};
