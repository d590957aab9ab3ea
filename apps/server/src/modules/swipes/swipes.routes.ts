import {
  DeckQuerySchema,
  DeckSchema,
  ErrorResponseSchema,
  NoContentSchema,
  PageQuerySchema,
  PostPageSchema,
  PreferencesSchema,
  SwipeBatchBodySchema,
  SwipeInputSchema,
  SwipeResultSchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { throwIfInvalid } from '../../lib/request-validation.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { SwipesService } from './swipes.service.ts';

const secured = [{ bearerAuth: [] }];
const writeErrors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };

/** Swipes, taste and 'For you' under /api/v1. */
export const swipesRoutes: FastifyPluginAsyncZod<{ service: SwipesService }> = async (app, { service }) => {
  app.post(
    '/swipes',
    {
      attachValidation: true,
      schema: {
        tags: ['swipes'],
        summary: 'Record a swipe; tags, brand, category and colours are taken from the post',
        security: secured,
        body: SwipeInputSchema,
        response: { 201: SwipeResultSchema, ...writeErrors, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      throwIfInvalid(request);
      return reply.status(201).send(await service.recordSwipe(user.id, request.body));
    },
  );

  app.post(
    '/swipes/batch',
    {
      attachValidation: true,
      schema: {
        tags: ['swipes'],
        summary: "Merge a guest's local swipes (at most 100); swipes already stored are not stored again",
        security: secured,
        body: SwipeBatchBodySchema,
        response: { 200: SwipeResultSchema, ...writeErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      throwIfInvalid(request);
      return service.recordBatch(user.id, request.body.events);
    },
  );

  app.get(
    '/swipes/preferences',
    {
      schema: {
        tags: ['swipes'],
        summary: "The preference counters of the newest 500 swipes and the 'Your taste' summary",
        security: secured,
        response: { 200: PreferencesSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => service.getPreferences(requireUser(request).id),
  );

  app.delete(
    '/swipes',
    {
      schema: {
        tags: ['swipes'],
        summary: 'Reset the taste: forget every swipe',
        security: secured,
        response: { 204: NoContentSchema, 401: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.resetTaste(requireUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/swipes/deck',
    {
      schema: {
        tags: ['swipes'],
        summary: 'Posts to swipe: not yet swiped, best match for the taste first (newest first for visitors)',
        querystring: DeckQuerySchema,
        response: { 200: DeckSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => service.getDeck(request.user?.id ?? null, request.query.limit),
  );

  app.get(
    '/posts/for-you',
    {
      schema: {
        tags: ['swipes'],
        summary: "The 'For you' feed: the newest 500 public posts by taste, then older ones newest first",
        querystring: PageQuerySchema,
        response: { 200: PostPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => service.listForYou(request.user?.id ?? null, request.query),
  );
};
