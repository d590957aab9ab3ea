import { BrandListSchema } from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BrandsService } from './brands.service.ts';

/**
 * /api/v1/brands. There is no way to add a brand by itself: a brand is created when a post that uses it
 * is published or saved (PostsService), so names typed into a form that was never published stay private.
 */
export const brandsRoutes: FastifyPluginAsyncZod<{ service: BrandsService }> = async (app, { service }) => {
  app.get(
    '/brands',
    {
      schema: {
        tags: ['explore'],
        summary: 'Every brand, most used first (usage_count)',
        response: { 200: BrandListSchema },
      },
    },
    async () => service.listBrands(),
  );
};
