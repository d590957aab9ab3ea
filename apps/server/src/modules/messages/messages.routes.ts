import {
  ConversationPageSchema,
  ConversationSchema,
  CreateConversationBodySchema,
  ErrorResponseSchema,
  IdParamsSchema,
  MESSAGE_MESSAGES,
  MessagePageSchema,
  MessageSchema,
  PageQuerySchema,
  SearchPageQuerySchema,
  SendMessageBodySchema,
  UnreadCountSchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiRateLimiter } from '../../lib/api-rate-limits.ts';
import { throwIfInvalid } from '../../lib/request-validation.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import type { MessagesService } from './messages.service.ts';

const secured = [{ bearerAuth: [] }];
const conversationParams = { paramsNotFound: MESSAGE_MESSAGES.conversationNotFound };
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };

/** Conversations, messages and the unread count under /api/v1. */
export const messagesRoutes: FastifyPluginAsyncZod<{
  service: MessagesService;
  limiter: ApiRateLimiter;
}> = async (app, { service, limiter }) => {
  app.post(
    '/conversations',
    {
      attachValidation: true,
      schema: {
        tags: ['messages'],
        summary:
          'Open the conversation with a user: the existing one (200) or a new one with someone you follow (201)',
        security: secured,
        body: CreateConversationBodySchema,
        response: {
          200: ConversationSchema,
          201: ConversationSchema,
          ...errors,
          403: ErrorResponseSchema,
          422: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      throwIfInvalid(request);
      const { conversation, created } = await service.startConversation(user.id, request.body.profileId);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/conversations',
    {
      attachValidation: true,
      schema: {
        tags: ['messages'],
        summary:
          'My conversations, most recent first, with the last message and unread count; q searches names and messages',
        security: secured,
        querystring: SearchPageQuerySchema,
        response: { 200: ConversationPageSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      throwIfInvalid(request);
      return service.listConversations(user.id, request.query);
    },
  );

  app.get(
    '/conversations/:id',
    {
      attachValidation: true,
      schema: {
        tags: ['messages'],
        summary: 'One of my conversations',
        security: secured,
        params: IdParamsSchema,
        response: { 200: ConversationSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      throwIfInvalid(request, conversationParams);
      return service.getConversation(user.id, request.params.id);
    },
  );

  app.get(
    '/conversations/:id/messages',
    {
      attachValidation: true,
      schema: {
        tags: ['messages'],
        summary: "A conversation's messages, newest first (keyset-paginated); participants only",
        security: secured,
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: MessagePageSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      throwIfInvalid(request, conversationParams);
      return service.listMessages(user.id, request.params.id, request.query);
    },
  );

  app.post(
    '/conversations/:id/messages',
    {
      attachValidation: true,
      schema: {
        tags: ['messages'],
        summary:
          'Send a message (1-2,000 characters after trimming); participants only; 429 past the per-user rate limit',
        security: secured,
        params: IdParamsSchema,
        body: SendMessageBodySchema,
        response: { 201: MessageSchema, ...errors, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      throwIfInvalid(request, conversationParams);
      // Per sender, across every instance (API_RATE_LIMITS messages=count/seconds).
      await limiter.consume('messages', user.id);
      return reply.status(201).send(await service.sendMessage(user.id, request.params.id, request.body.body));
    },
  );

  app.post(
    '/conversations/:id/read',
    {
      attachValidation: true,
      schema: {
        tags: ['messages'],
        summary: 'Mark a conversation read; answers my new unread total',
        security: secured,
        params: IdParamsSchema,
        response: { 200: UnreadCountSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      throwIfInvalid(request, conversationParams);
      return service.markRead(user.id, request.params.id);
    },
  );

  app.get(
    '/me/unread-count',
    {
      schema: {
        tags: ['messages'],
        summary: 'How many messages I have not read (the Profile tab badge)',
        security: secured,
        response: { 200: UnreadCountSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => service.unreadCount(requireUser(request).id),
  );
};
