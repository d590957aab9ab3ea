import {
  ErrorResponseSchema,
  PushEndpointBodySchema,
  PushPublicKeySchema,
  PushSubscriptionBodySchema,
  PushSubscriptionStateSchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { PushService } from './push.service.ts';

const writeResponses = {
  200: PushSubscriptionStateSchema,
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
};

/** This device's Web Push subscription under /api/v1/push. */
export const pushRoutes: FastifyPluginAsyncZod<{ service: PushService }> = async (app, { service }) => {
  app.get(
    '/push/public-key',
    {
      config: { access: 'user' },
      schema: {
        tags: ['push'],
        summary: "The server's VAPID public key (applicationServerKey for pushManager.subscribe)",
        response: { 200: PushPublicKeySchema, 401: ErrorResponseSchema },
      },
    },
    async () => service.publicKey(),
  );

  app.post(
    '/push/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['push'],
        summary:
          "Keep this device's subscription for me (https endpoints only; one that was someone else's moves to me)",
        body: PushSubscriptionBodySchema,
        response: writeResponses,
      },
    },
    async (request) => service.subscribe(signedInUser(request).id, request.body),
  );

  app.delete(
    '/push/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['push'],
        summary: "Forget this device's subscription (only my own; repeating it changes nothing)",
        body: PushEndpointBodySchema,
        response: writeResponses,
      },
    },
    async (request) => service.unsubscribe(signedInUser(request).id, request.body.endpoint),
  );
};
