import {
  AdjustPreferenceBodySchema,
  DeckQuerySchema,
  DeckSchema,
  ErrorResponseSchema,
  NoContentSchema,
  PageQuerySchema,
  PostPageSchema,
  PreferencesSchema,
  RemovePreferenceQuerySchema,
  SwipeBatchBodySchema,
  SwipeInputSchema,
  SwipeResultSchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { SwipesService } from './swipes.service.ts';

const writeErrors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };

/** Swipes, the preferences they teach and 'For you' under /api/v1. */
export const swipesRoutes: FastifyPluginAsyncZod<{ service: SwipesService }> = async (app, { service }) => {
  app.post(
    '/swipes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['swipes'],
        summary: 'Record a swipe; tags, brand, category and colours are taken from the post',
        body: SwipeInputSchema,
        response: { 201: SwipeResultSchema, ...writeErrors, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return reply.status(201).send(await service.recordSwipe(user.id, request.body));
    },
  );

  app.post(
    '/swipes/batch',
    {
      config: { access: 'user' },
      schema: {
        tags: ['swipes'],
        summary: "Merge a guest's local swipes (at most 100); swipes already stored are not stored again",
        body: SwipeBatchBodySchema,
        response: { 200: SwipeResultSchema, ...writeErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.recordBatch(user.id, request.body.events);
    },
  );

  app.get(
    '/swipes/preferences',
    {
      config: { access: 'user' },
      schema: {
        tags: ['swipes'],
        summary: 'The preference counters of the newest 500 swipes and the preferences summary',
        response: { 200: PreferencesSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => service.getPreferences(signedInUser(request).id),
  );

  app.put(
    '/swipes/preferences/entries',
    {
      config: { access: 'user' },
      schema: {
        tags: ['swipes'],
        summary:
          "'More like this' or 'less like this' of one learned value ('none' undoes it); answers the new preferences",
        body: AdjustPreferenceBodySchema,
        response: { 200: PreferencesSchema, ...writeErrors },
      },
    },
    async (request) => service.adjustPreference(signedInUser(request).id, request.body),
  );

  app.delete(
    '/swipes/preferences/entries',
    {
      config: { access: 'user' },
      schema: {
        tags: ['swipes'],
        summary:
          'Remove one learned value: the swipes so far no longer teach it; answers the new preferences',
        querystring: RemovePreferenceQuerySchema,
        response: { 200: PreferencesSchema, ...writeErrors },
      },
    },
    async (request) => service.removePreference(signedInUser(request).id, request.query),
  );

  app.delete(
    '/swipes',
    {
      config: { access: 'user' },
      schema: {
        tags: ['swipes'],
        summary: 'Reset the preferences: forget every swipe',
        response: { 204: NoContentSchema, 401: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await service.resetPreferences(signedInUser(request).id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/swipes/deck',
    {
      schema: {
        tags: ['swipes'],
        summary:
          'Posts to swipe: not yet swiped, best match for the preferences first (newest first for visitors)',
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
        summary:
          "The 'For you' feed: the newest 500 public posts by preferences, then older ones newest first",
        querystring: PageQuerySchema,
        response: { 200: PostPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => service.listForYou(request.user?.id ?? null, request.query),
  );
};
