import {
  ConversationPageSchema,
  ConversationSchema,
  CreateConversationBodySchema,
  ErrorResponseSchema,
  IdParamsSchema,
  MESSAGE_MESSAGES,
  MessagePageSchema,
  MessageSchema,
  NoContentSchema,
  PageQuerySchema,
  SearchPageQuerySchema,
  SendMessageBodySchema,
  UnreadCountSchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiRateLimiter } from '../../lib/api-rate-limits.ts';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { MessagesService } from './messages.service.ts';

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
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary:
          'Open the conversation with a user: the existing one (200) or a new one with someone you follow (201)',
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
      const user = signedInUser(request);
      const { conversation, created } = await service.startConversation(user.id, request.body.profile_id);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/conversations',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary:
          'My conversations, most recent first, with the last message and unread count; q searches names and messages',
        querystring: SearchPageQuerySchema,
        response: { 200: ConversationPageSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.listConversations(user.id, request.query);
    },
  );

  app.get(
    '/conversations/:id',
    {
      config: { access: 'user', ...conversationParams },
      schema: {
        tags: ['messages'],
        summary: 'One of my conversations',
        params: IdParamsSchema,
        response: { 200: ConversationSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.getConversation(user.id, request.params.id);
    },
  );

  app.get(
    '/conversations/:id/messages',
    {
      config: { access: 'user', ...conversationParams },
      schema: {
        tags: ['messages'],
        summary: "A conversation's messages, newest first (keyset-paginated); participants only",
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: MessagePageSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.listMessages(user.id, request.params.id, request.query);
    },
  );

  app.post(
    '/conversations/:id/messages',
    {
      config: { access: 'user', ...conversationParams },
      schema: {
        tags: ['messages'],
        summary:
          'Send a message (1-2,000 characters after trimming); participants only; 429 past the per-user rate limit; a repeat with the same client_id answers the first message (200) and does not count against the limit; 410 client_id_deleted when the message of that client_id was deleted since',
        params: IdParamsSchema,
        body: SendMessageBodySchema,
        response: {
          200: MessageSchema,
          201: MessageSchema,
          ...errors,
          403: ErrorResponseSchema,
          409: ErrorResponseSchema,
          410: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { message, created } = await service.sendMessage(
        user.id,
        request.params.id,
        request.body.body,
        request.body.client_id ?? null,
        // Per sender, across every instance (API_RATE_LIMITS messages=count/seconds), counted only when a
        // message is about to be made: a repeat of one already sent (the outbox after a lost answer) is free.
        () => limiter.consume('messages', user.id),
      );
      return reply.status(created ? 201 : 200).send(message);
    },
  );

  app.delete(
    '/messages/:id',
    {
      config: { access: 'user', paramsNotFound: MESSAGE_MESSAGES.messageNotFound },
      schema: {
        tags: ['messages'],
        summary:
          'Delete own message: it goes for both people and its activity item is withdrawn; already gone is 204 too',
        params: IdParamsSchema,
        response: {
          204: NoContentSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await service.deleteMessage(signedInUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/conversations/:id/read',
    {
      config: { access: 'user', ...conversationParams },
      schema: {
        tags: ['messages'],
        summary: 'Mark a conversation read; answers my new unread total',
        params: IdParamsSchema,
        response: { 200: UnreadCountSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.markRead(user.id, request.params.id);
    },
  );

  app.get(
    '/me/unread-count',
    {
      config: { access: 'user' },
      schema: {
        tags: ['messages'],
        summary: 'How many messages I have not read (the Profile tab badge)',
        response: { 200: UnreadCountSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => service.unreadCount(signedInUser(request).id),
  );
};
