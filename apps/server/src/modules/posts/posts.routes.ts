import {
  CreatePostBodySchema,
  ErrorResponseSchema,
  IdParamsSchema,
  NoContentSchema,
  PageQuerySchema,
  POST_MESSAGES,
  PostPageSchema,
  PostSchema,
  UpdatePostBodySchema,
  UsernameParamsSchema,
} from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { throwIfInvalid } from '../../lib/request-validation.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { postPreviewTags } from './posts.preview.ts';
import { PostsService } from './posts.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    posts: PostsService;
  }
}

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const secured = [{ bearerAuth: [] }];
const notFoundParams = { paramsNotFound: POST_MESSAGES.postNotFound };

export const postsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.posts;

  app.get(
    '/posts',
    {
      schema: {
        tags: ['posts'],
        summary: 'The public feed, newest first (keyset-paginated)',
        querystring: PageQuerySchema,
        response: { 200: PostPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => service.listFeed(request.user?.id ?? null, request.query),
  );

  app.get(
    '/posts/:id',
    {
      attachValidation: true,
      schema: {
        tags: ['posts'],
        summary: 'One post',
        params: IdParamsSchema,
        response: { 200: PostSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      throwIfInvalid(request, notFoundParams);
      return service.getPost(request.user?.id ?? null, request.params.id);
    },
  );

  app.get(
    '/profiles/:username/posts',
    {
      schema: {
        tags: ['posts'],
        summary: "A profile's posts, newest first (public ones; all of them for the owner)",
        params: UsernameParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: PostPageSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) =>
      service.listProfilePosts(request.user?.id ?? null, request.params.username, request.query),
  );

  app.post(
    '/posts',
    {
      attachValidation: true,
      schema: {
        tags: ['posts'],
        summary: 'Publish a post: its media and items in one transaction',
        security: secured,
        body: CreatePostBodySchema,
        response: { 201: PostSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      throwIfInvalid(request);
      const post = await service.createPost(user.id, request.body);
      return reply.status(201).send(post);
    },
  );

  app.patch(
    '/posts/:id',
    {
      attachValidation: true,
      schema: {
        tags: ['posts'],
        summary: 'Edit own post; given media or items replace the old ones',
        security: secured,
        params: IdParamsSchema,
        body: UpdatePostBodySchema,
        response: { 200: PostSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      throwIfInvalid(request, notFoundParams);
      return service.updatePost(user.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/posts/:id',
    {
      attachValidation: true,
      schema: {
        tags: ['posts'],
        summary: 'Delete own post and its stored files',
        security: secured,
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
      const user = requireUser(request);
      throwIfInvalid(request, notFoundParams);
      await service.deletePost(user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** Creates the posts service (`app.posts`, used by other modules) and serves the posts API under /api/v1. */
export async function registerPosts(app: FastifyInstance): Promise<void> {
  app.decorate(
    'posts',
    new PostsService({
      db: app.database.db,
      storage: app.uploads,
      log: app.log,
      follows: app.follows,
      // The wishlist is set up after posts (it needs them); by the time a request asks, it is there.
      savedItems: { savedAmong: (viewerId, itemIds) => app.wishlist.savedItemIdsAmong(viewerId, itemIds) },
      events: app.liveEvents,
    }),
  );
  await app.register(postsRoutes, { prefix: '/api/v1' });
  if (app.config.webDist) await app.register(postPageRoute);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The web app's page of a post, with the post's OpenGraph and Twitter tags in its head so that a shared
 * link gets a preview. The app itself loads the post as usual; an unknown or hidden post gets the plain
 * page, which shows 'Post not found'.
 */
const postPageRoute: FastifyPluginAsyncZod = async (app) => {
  app.get('/post/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!UUID.test(id)) return reply.sendIndexHtml();
    const post = await app.posts.getPost(null, id).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    });
    if (!post) return reply.sendIndexHtml();
    const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    return reply.sendIndexHtml(postPreviewTags(post, origin));
  });
};
