import {
  ActivityItemParamsSchema,
  ActivityPageSchema,
  ActivityUnreadCountSchema,
  ErrorResponseSchema,
  MarkActivityReadBodySchema,
  PageQuerySchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { ActivityService } from './activity.service.ts';

/** The signed-in user's activity under /api/v1/activity. */
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
          'What others did to me (likes, comments, replies, follows), newest first; likes of a post and follows grouped by day',
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
};
