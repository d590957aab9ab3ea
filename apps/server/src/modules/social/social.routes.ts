import {
  CommentPageSchema,
  CommentSchema,
  CreateCommentBodySchema,
  ErrorResponseSchema,
  IdParamsSchema,
  ItemClickResponseSchema,
  LikeStateSchema,
  NoContentSchema,
  PageQuerySchema,
  POST_MESSAGES,
  SavedPostPageSchema,
  SaveStateSchema,
  SearchPageQuerySchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { SocialService } from './social.service.ts';

const postParams = { paramsNotFound: POST_MESSAGES.postNotFound };
const commentParams = { paramsNotFound: POST_MESSAGES.commentNotFound };
const itemParams = { paramsNotFound: POST_MESSAGES.itemNotFound };
const writeErrors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };

/** Likes, comments, saved posts and item clicks under /api/v1. */
export const socialRoutes: FastifyPluginAsyncZod<{ service: SocialService }> = async (app, { service }) => {
  // --- likes ----------------------------------------------------------------------------------------------
  for (const [method, liked] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/posts/:id/like',
      config: { access: 'user', ...postParams },
      schema: {
        tags: ['social'],
        summary: liked ? 'Like a post' : 'Remove a like',
        params: IdParamsSchema,
        response: { 200: LikeStateSchema, ...writeErrors },
      },
      handler: async (request) => {
        const user = signedInUser(request);
        return service.setPostLike(user.id, request.params.id, liked);
      },
    });

    app.route({
      method,
      url: '/posts/:id/save',
      config: { access: 'user', ...postParams },
      schema: {
        tags: ['social'],
        summary: liked ? 'Save a post to the wishlist' : 'Remove a post from the wishlist',
        params: IdParamsSchema,
        response: { 200: SaveStateSchema, ...writeErrors },
      },
      handler: async (request) => {
        const user = signedInUser(request);
        return service.setPostSaved(user.id, request.params.id, liked);
      },
    });

    app.route({
      method,
      url: '/comments/:id/like',
      config: { access: 'user', ...commentParams },
      schema: {
        tags: ['social'],
        summary: liked ? 'Like a comment' : 'Remove a like from a comment',
        params: IdParamsSchema,
        response: { 200: LikeStateSchema, ...writeErrors },
      },
      handler: async (request) => {
        const user = signedInUser(request);
        return service.setCommentLike(user.id, request.params.id, liked);
      },
    });
  }

  // --- saved posts ----------------------------------------------------------------------------------------
  app.get(
    '/me/saved-posts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['social'],
        summary:
          'My saved posts, most recently saved first; q searches captions and item brands/titles; total counts every match',
        querystring: SearchPageQuerySchema,
        response: { 200: SavedPostPageSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.listSavedPosts(user.id, request.query);
    },
  );

  // --- comments -------------------------------------------------------------------------------------------
  app.get(
    '/posts/:id/comments',
    {
      config: { access: 'public', ...postParams },
      schema: {
        tags: ['social'],
        summary: "A post's comments and replies, oldest first",
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: CommentPageSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => service.listComments(request.user?.id ?? null, request.params.id, request.query),
  );

  app.post(
    '/posts/:id/comments',
    {
      config: { access: 'user', ...postParams },
      schema: {
        tags: ['social'],
        summary:
          'Comment on a post, or reply to a comment (parent_id); a repeat with the same client_id answers the first comment (200); 410 client_id_deleted when the comment of that client_id was deleted since',
        params: IdParamsSchema,
        body: CreateCommentBodySchema,
        response: {
          200: CommentSchema,
          201: CommentSchema,
          ...writeErrors,
          409: ErrorResponseSchema,
          410: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { comment, created } = await service.addComment(
        user.id,
        request.params.id,
        request.body.body,
        request.body.parent_id ?? null,
        request.body.client_id ?? null,
      );
      return reply.status(created ? 201 : 200).send(comment);
    },
  );

  app.delete(
    '/comments/:id',
    {
      config: { access: 'user', ...commentParams },
      schema: {
        tags: ['social'],
        summary: 'Delete own comment (its replies go with it)',
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
      const user = signedInUser(request);
      await service.deleteComment(user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // --- item clicks ----------------------------------------------------------------------------------------
  app.post(
    '/items/:id/click',
    {
      config: { access: 'public', ...itemParams },
      schema: {
        tags: ['social'],
        summary: "Count a 'View Item' click (visitors too; once per viewer and item a minute)",
        params: IdParamsSchema,
        response: { 200: ItemClickResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const viewer = request.user ? { profileId: request.user.id } : { address: request.ip };
      return service.recordItemClick(viewer, request.params.id);
    },
  );
};
