import { BrandListSchema, BrandSchema, CreateBrandBodySchema, ErrorResponseSchema } from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BrandsService } from './brands.service.ts';

/** /api/v1/brands. */
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

  app.post(
    '/brands',
    {
      config: { access: 'user' },
      schema: {
        tags: ['explore'],
        summary: 'Add a brand; a brand of that name (ignoring case) is answered as it is, with 200',
        body: CreateBrandBodySchema,
        response: {
          200: BrandSchema,
          201: BrandSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { brand, created } = await service.createBrand(request.body.name);
      return reply.status(created ? 201 : 200).send(brand);
    },
  );
};
