import {
  ErrorResponseSchema,
  FollowListPageSchema,
  FollowStateSchema,
  MentionSuggestionsQuerySchema,
  MentionSuggestionsSchema,
  PageQuerySchema,
  PROFILE_MESSAGES,
  ProfileIdParamsSchema,
  UsernameParamsSchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { FollowsService } from './follows.service.ts';

const profileParams = { paramsNotFound: PROFILE_MESSAGES.profileNotFound };
const writeResponses = {
  200: FollowStateSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: ErrorResponseSchema,
};

/** Following and the followers/following lists under /api/v1. */
export const followsRoutes: FastifyPluginAsyncZod<{ service: FollowsService }> = async (app, { service }) => {
  app.get(
    '/mentions/suggestions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['follows'],
        summary:
          "Whom '@' + q may mean while typing: people I follow first, then others whose username or display name starts with q; nobody across a block",
        querystring: MentionSuggestionsQuerySchema,
        response: { 200: MentionSuggestionsSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => service.mentionSuggestions(signedInUser(request).id, request.query),
  );

  for (const [method, following] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    const summary = following
      ? 'Follow a user (repeating it changes nothing; following oneself is refused with 422)'
      : 'Unfollow a user (repeating it changes nothing)';

    app.route({
      method,
      url: '/profiles/:username/follow',
      config: { access: 'user', ...profileParams },
      schema: {
        tags: ['follows'],
        summary,
        params: UsernameParamsSchema,
        response: writeResponses,
      },
      handler: async (request) => {
        const user = signedInUser(request);
        return service.setFollowing(user.id, { username: request.params.username }, following);
      },
    });

    app.route({
      method,
      url: '/follows/:profileId',
      config: { access: 'user', ...profileParams },
      schema: {
        tags: ['follows'],
        summary: `${summary}; by profile id`,
        params: ProfileIdParamsSchema,
        response: writeResponses,
      },
      handler: async (request) => {
        const user = signedInUser(request);
        return service.setFollowing(user.id, { profileId: request.params.profileId }, following);
      },
    });
  }

  for (const side of ['followers', 'following'] as const) {
    app.get(
      `/profiles/:username/${side}`,
      {
        config: { access: 'public', ...profileParams },
        schema: {
          tags: ['follows'],
          summary:
            side === 'followers'
              ? 'Who follows a user, newest first (keyset-paginated)'
              : 'Whom a user follows, newest first (keyset-paginated)',
          params: UsernameParamsSchema,
          querystring: PageQuerySchema,
          response: { 200: FollowListPageSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
        },
      },
      async (request) => {
        const viewerId = request.user?.id ?? null;
        return side === 'followers'
          ? service.listFollowers(viewerId, request.params.username, request.query)
          : service.listFollowing(viewerId, request.params.username, request.query);
      },
    );
  }
};
