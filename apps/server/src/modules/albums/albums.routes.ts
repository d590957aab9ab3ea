import {
  ALBUM_MESSAGES,
  AlbumMembershipSchema,
  AlbumPageSchema,
  AlbumPostParamsSchema,
  AlbumSchema,
  CreateAlbumBodySchema,
  ErrorResponseSchema,
  IdParamsSchema,
  MyAlbumsQuerySchema,
  NoContentSchema,
  PostPageSchema,
  PROFILE_MESSAGES,
  SavedAlbumPageSchema,
  SaveStateSchema,
  SearchPageQuerySchema,
  UpdateAlbumBodySchema,
  UsernameParamsSchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { AlbumsService } from './albums.service.ts';

const albumParams = { paramsNotFound: ALBUM_MESSAGES.albumNotFound };
const profileParams = { paramsNotFound: PROFILE_MESSAGES.profileNotFound };
const readErrors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema };
const writeErrors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/** Albums and saved albums under /api/v1. */
export const albumsRoutes: FastifyPluginAsyncZod<{ service: AlbumsService }> = async (app, { service }) => {
  app.post(
    '/albums',
    {
      config: { access: 'user' },
      schema: {
        tags: ['albums'],
        summary: 'Create an album (name non-blank after trimming), optionally with its first post',
        body: CreateAlbumBodySchema,
        response: { 201: AlbumSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return reply.status(201).send(await service.createAlbum(user.id, request.body));
    },
  );

  app.get(
    '/albums',
    {
      config: { access: 'public' },
      schema: {
        tags: ['albums'],
        summary:
          "Public albums with at least one post, newest first (Explore's Fashion Albums); q searches names and owners",
        querystring: SearchPageQuerySchema,
        response: { 200: AlbumPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request) => service.listPublicAlbums(request.user?.id ?? null, request.query),
  );

  app.get(
    '/albums/:id',
    {
      config: { access: 'public', ...albumParams },
      schema: {
        tags: ['albums'],
        summary: 'One album (a private album is found by its owner only)',
        params: IdParamsSchema,
        response: { 200: AlbumSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => service.getAlbum(request.user?.id ?? null, request.params.id),
  );

  app.patch(
    '/albums/:id',
    {
      config: { access: 'user', ...albumParams },
      schema: {
        tags: ['albums'],
        summary: 'Rename own album or make it public or private',
        params: IdParamsSchema,
        body: UpdateAlbumBodySchema,
        response: { 200: AlbumSchema, ...writeErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.updateAlbum(user.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/albums/:id',
    {
      config: { access: 'user', ...albumParams },
      schema: {
        tags: ['albums'],
        summary: 'Delete own album (its posts stay)',
        params: IdParamsSchema,
        response: { 204: NoContentSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await service.deleteAlbum(user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/albums/:id/posts/:postId',
      config: { access: 'user', ...albumParams },
      schema: {
        tags: ['albums'],
        summary: on ? 'Add a post to the end of own album' : 'Remove a post from own album',
        params: AlbumPostParamsSchema,
        response: { 200: AlbumMembershipSchema, ...writeErrors },
      },
      handler: async (request) => {
        const user = signedInUser(request);
        return service.setAlbumPost(user.id, request.params.id, request.params.postId, on);
      },
    });

    app.route({
      method,
      url: '/albums/:id/save',
      config: { access: 'user', ...albumParams },
      schema: {
        tags: ['albums'],
        summary: on
          ? "Save an album to the wishlist (anyone's public album)"
          : 'Remove an album from the wishlist',
        params: IdParamsSchema,
        response: { 200: SaveStateSchema, ...writeErrors },
      },
      handler: async (request) => {
        const user = signedInUser(request);
        return service.setAlbumSaved(user.id, request.params.id, on);
      },
    });
  }

  app.get(
    '/albums/:id/posts',
    {
      config: { access: 'public', ...albumParams },
      schema: {
        tags: ['albums'],
        summary:
          "An album's posts in album order (keyset-paginated); q searches captions and item brands/titles",
        params: IdParamsSchema,
        querystring: SearchPageQuerySchema,
        response: { 200: PostPageSchema, ...readErrors },
      },
    },
    async (request) => service.listAlbumPosts(request.user?.id ?? null, request.params.id, request.query),
  );

  app.get(
    '/profiles/:username/albums',
    {
      config: { access: 'public', ...profileParams },
      schema: {
        tags: ['albums'],
        summary: "A user's albums, newest first: public ones (all of them for the owner)",
        params: UsernameParamsSchema,
        querystring: SearchPageQuerySchema,
        response: { 200: AlbumPageSchema, ...readErrors },
      },
    },
    async (request) =>
      service.listProfileAlbums(request.user?.id ?? null, request.params.username, request.query),
  );

  app.get(
    '/me/albums',
    {
      config: { access: 'user' },
      schema: {
        tags: ['albums'],
        summary: 'My albums, newest first; post_id adds contains_post (the save-post dialog)',
        querystring: MyAlbumsQuerySchema,
        response: { 200: AlbumPageSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.listMyAlbums(user.id, request.query);
    },
  );

  app.get(
    '/me/saved-albums',
    {
      config: { access: 'user' },
      schema: {
        tags: ['albums'],
        summary:
          'Albums I saved, most recently saved first; q searches names and owners; total counts every match',
        querystring: SearchPageQuerySchema,
        response: { 200: SavedAlbumPageSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.listSavedAlbums(user.id, request.query);
    },
  );
};
