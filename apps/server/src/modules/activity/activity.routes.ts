import {
  ActivityItemParamsSchema,
  ActivityPageSchema,
  ActivitySettingsSchema,
  ActivityUnreadCountSchema,
  ErrorResponseSchema,
  MarkActivityReadBodySchema,
  MutedProfilePageSchema,
  MuteStateSchema,
  PageQuerySchema,
  PROFILE_MESSAGES,
  ProfileIdParamsSchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { ActivityService } from './activity.service.ts';

const profileParams = { paramsNotFound: PROFILE_MESSAGES.profileNotFound };

/**
 * The signed-in user's activity under /api/v1/activity, which kinds of it they hear of
 * (/api/v1/me/activity-settings), and the people they muted (/api/v1/mutes).
 */
export const activityRoutes: FastifyPluginAsyncZod<{ service: ActivityService }> = async (
  app,
  { service },
) => {
  app.get(
    '/activity',
    {
      config: { access: 'user' },
      schema: {
        tags: ['activity'],
        summary:
          'What others did to me (likes, comments, replies, follows, messages, comment likes), newest first; likes of a post or comment and follows grouped by day, messages by conversation',
        querystring: PageQuerySchema,
        response: { 200: ActivityPageSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => service.list(signedInUser(request).id, request.query),
  );

  app.get(
    '/activity/unread-count',
    {
      config: { access: 'user' },
      schema: {
        tags: ['activity'],
        summary: 'How many groups of my activity are unread',
        response: { 200: ActivityUnreadCountSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => service.unreadCount(signedInUser(request).id),
  );

  app.post(
    '/activity/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['activity'],
        summary: 'Mark my activity read: all of it, or what happened up to `before`',
        body: MarkActivityReadBodySchema,
        response: { 200: ActivityUnreadCountSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => service.markRead(signedInUser(request).id, request.body ?? {}),
  );

  app.post(
    '/activity/items/:itemId/read',
    {
      config: { access: 'user', paramsNotFound: 'Activity item not found' },
      schema: {
        tags: ['activity'],
        summary: 'Mark one item read, with the group it belongs to (a tapped notification)',
        params: ActivityItemParamsSchema,
        response: { 200: ActivityUnreadCountSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => service.markItemRead(signedInUser(request).id, request.params.itemId),
  );

  // --- settings -------------------------------------------------------------------------------------------
  app.get(
    '/me/activity-settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['activity'],
        summary: 'Which kinds of activity are recorded for me (every kind is on until turned off)',
        response: { 200: ActivitySettingsSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => service.settings(signedInUser(request).id),
  );

  app.put(
    '/me/activity-settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['activity'],
        summary: 'Choose which kinds of activity are recorded for me (all kinds, each true or false)',
        body: ActivitySettingsSchema,
        response: { 200: ActivitySettingsSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => service.updateSettings(signedInUser(request).id, request.body),
  );

  // --- mutes ----------------------------------------------------------------------------------------------
  app.get(
    '/mutes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['activity'],
        summary: 'The people I muted, most recent first',
        querystring: PageQuerySchema,
        response: { 200: MutedProfilePageSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => service.listMuted(signedInUser(request).id, request.query),
  );

  app.get(
    '/mutes/:profileId',
    {
      config: { access: 'user', ...profileParams },
      schema: {
        tags: ['activity'],
        summary: 'Whether I muted this person',
        params: ProfileIdParamsSchema,
        response: { 200: MuteStateSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => service.muteState(signedInUser(request).id, request.params.profileId),
  );

  for (const [method, muted] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/mutes/:profileId',
      config: { access: 'user', ...profileParams },
      schema: {
        tags: ['activity'],
        summary: muted
          ? 'Mute a person: nothing they do reaches my activity from now on (they cannot tell)'
          : 'Unmute a person (repeating it changes nothing)',
        params: ProfileIdParamsSchema,
        response: {
          200: MuteStateSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
          422: ErrorResponseSchema,
        },
      },
      handler: async (request) => {
        const user = signedInUser(request);
        return muted
          ? service.mute(user.id, request.params.profileId)
          : service.unmute(user.id, request.params.profileId);
      },
    });
  }
};
