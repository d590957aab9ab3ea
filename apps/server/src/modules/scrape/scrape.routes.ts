import { ErrorResponseSchema, ScrapeProductBodySchema, ScrapeProductResponseSchema } from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { ScrapeService } from './scrape.service.ts';

/** The scrape-product function, at /functions/v1/scrape-product. */
export const scrapeRoutes: FastifyPluginAsyncZod<{ service: ScrapeService }> = async (app, { service }) => {
  app.post(
    '/functions/v1/scrape-product',
    {
      config: { access: 'user' },
      schema: {
        tags: ['functions'],
        summary: "Read a shop's product page: images (best first), price, currency, brand, title",
        description:
          'Signed-in users only. http(s) links to public addresses only (checked again on each of at most ' +
          '5 redirects); HTML pages of at most 2 MB, read within 8 s. A page that cannot be read answers ' +
          '`{ success: false, error, code }`: code `invalid_url`, `private_address` (refused unless ' +
          'SCRAPER_ALLOW_PRIVATE), `shop_unreachable` or `no_product_details` (also a page with no ' +
          'image, price or brand). The first 4 images are fetched the same way (at most 10 MB each) ' +
          "and stored as the caller's own media: `images` are their /media URLs, in the page's order, " +
          'leaving out those that are not images. Those no post uses are removed after a day.',
        body: ScrapeProductBodySchema,
        response: {
          200: ScrapeProductResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.scrape(user.id, request.body.url);
    },
  );
};
