import {
  ErrorResponseSchema,
  PROFILE_MESSAGES,
  ProfileSchema,
  ProfileStatsSchema,
  PublicProfileSchema,
  UpdateProfileBodySchema,
  UsernameParamsSchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { ProfilesService } from './profiles.service.ts';

const usernameParams = { paramsNotFound: PROFILE_MESSAGES.profileNotFound };

export const profilesRoutes: FastifyPluginAsyncZod<{ profiles: ProfilesService }> = async (
  app,
  { profiles },
) => {
  app.get(
    '/api/v1/profiles/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profiles'],
        summary: "The signed-in user's profile (created on the first authenticated request)",
        response: { 200: ProfileSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => profiles.getProfile(signedInUser(request).id),
  );

  app.patch(
    '/api/v1/profiles/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['profiles'],
        summary:
          'Edit own profile: any of username, display_name, bio, size, measurements, measurements_public, avatar_url',
        description:
          'Text is trimmed and empty text saved as null; measurements are whole numbers (0 when invalid; null or empty clears one). ' +
          'Usernames are 3-30 letters, digits, dots, underscores or hyphens, unique ignoring case (409 when taken). ' +
          'avatar_url must be an image uploaded to the avatars bucket by the same user, or null.',
        body: UpdateProfileBodySchema,
        response: {
          200: ProfileSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return profiles.updateProfile(user.id, request.body);
    },
  );

  app.get(
    '/api/v1/profiles/:username',
    {
      config: { access: 'public', ...usernameParams },
      schema: {
        tags: ['profiles'],
        summary: "A user's public profile (the spec's get_public_profile_with_measurements)",
        description:
          'size and chest/waist/hip_circumference are present only when the caller is signed in and the ' +
          "profile's measurements_public is true; otherwise they are absent from the response. Served from a " +
          "short-lived cache (FEED_CACHE_TTL_MS): the owner's edits show at once, on every instance, and so " +
          "do a signed-in caller's own follows and blocks either way.",
        params: UsernameParamsSchema,
        response: { 200: PublicProfileSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => profiles.getPublicProfile(request.user?.id ?? null, request.params.username),
  );

  app.get(
    '/api/v1/profiles/:username/stats',
    {
      config: { access: 'public', ...usernameParams },
      schema: {
        tags: ['profiles'],
        summary: "A user's counts (the spec's get_user_stats); live updates arrive through /api/v1/events",
        description:
          'Not found (404), like the profile, when the caller and the user have blocked each other either way.',
        params: UsernameParamsSchema,
        response: { 200: ProfileStatsSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => profiles.getStatsByUsername(request.user?.id ?? null, request.params.username),
  );
};
