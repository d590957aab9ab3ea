import {
  ErrorResponseSchema,
  IdParamsSchema,
  POST_MESSAGES,
  SavedProductPageSchema,
  SaveStateSchema,
  SearchPageQuerySchema,
  WishlistQuerySchema,
  WishlistSummarySchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { WishlistService } from './wishlist.service.ts';

const itemParams = { paramsNotFound: POST_MESSAGES.itemNotFound };
const listErrors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };

/** Saved products and the wishlist screen under /api/v1. */
export const wishlistRoutes: FastifyPluginAsyncZod<{ service: WishlistService }> = async (
  app,
  { service },
) => {
  for (const [method, saved] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/items/:id/save',
      config: { access: 'user', ...itemParams },
      schema: {
        tags: ['wishlist'],
        summary: saved
          ? 'Save a product (a tagged item) to the wishlist'
          : 'Remove a product from the wishlist',
        params: IdParamsSchema,
        response: { 200: SaveStateSchema, ...listErrors, 404: ErrorResponseSchema },
      },
      handler: async (request) => {
        const user = signedInUser(request);
        return service.setItemSaved(user.id, request.params.id, saved);
      },
    });
  }

  app.get(
    '/me/saved-products',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wishlist'],
        summary:
          'My saved products, most recently saved first; q searches brands, titles and types; total counts every match',
        querystring: SearchPageQuerySchema,
        response: { 200: SavedProductPageSchema, ...listErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.listSavedProducts(user.id, request.query);
    },
  );

  app.get(
    '/me/wishlist',
    {
      config: { access: 'user' },
      schema: {
        tags: ['wishlist'],
        summary: 'The wishlist screen: first 6 saved posts, 5 products, 3 albums matching q, and the totals',
        description:
          'The See All pages are GET /api/v1/me/saved-posts, /me/saved-products and /me/saved-albums (same q).',
        querystring: WishlistQuerySchema,
        response: { 200: WishlistSummarySchema, ...listErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.getSummary(user.id, request.query.q);
    },
  );
};
