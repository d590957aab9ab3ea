import {
  BrandIdParamsSchema,
  BrandPageSchema,
  CategoryPageSchema,
  CategoryParamsSchema,
  CountedPostPageSchema,
  CreatorPageSchema,
  DISCOVERY_MESSAGES,
  ErrorResponseSchema,
  ExploreBrandListSchema,
  ExploreSchema,
  FILTER_SEARCH_PARAMS,
  FilteredPostsQuerySchema,
  FitsLikeMeQuerySchema,
  FitsPageSchema,
  filterSetFromSearchParams,
  PageQuerySchema,
  type PostPage,
  SearchPageSchema,
  SearchQuerySchema,
  SuggestionsQuerySchema,
  SuggestionsSchema,
  TagPageSchema,
  TagParamsSchema,
  TrendingPageSchema,
} from '@sys/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonBytes } from '../../lib/send-json.ts';
import { signedInUser } from '../../plugins/authenticate.ts';
import type { ExploreService, ListedPage } from './explore.service.ts';

const listErrors = { 400: ErrorResponseSchema };

/** The description of the routes that send a discovery page as bytes (`sendListed`). */
const LISTED =
  "The page's posts come from the feed's cache (FEED_CACHE_TTL_MS, cleared whenever a post is created, " +
  "edited or removed), with a signed-in viewer's own flags written in. Answers carry an ETag; " +
  'If-None-Match with it gets 304.';

/** Explore, search and the filtered feeds under /api/v1. */
export const exploreRoutes: FastifyPluginAsyncZod<{ service: ExploreService }> = async (app, { service }) => {
  const viewer = (request: { user: { id: string } | null }) => request.user?.id ?? null;

  /**
   * A discovery page as its bytes (a kept page's, with a signed-in viewer's values written in) with an
   * ETag (If-None-Match with it gets 304), like the feed's pages.
   */
  const sendListed = (
    request: { user: { id: string } | null; headers: FastifyRequest['headers'] },
    reply: object,
    page: ListedPage<PostPage>,
  ) => sendJsonBytes(request, reply, page, viewer(request) !== null);

  app.get(
    '/search/suggestions',
    {
      schema: {
        tags: ['explore'],
        summary:
          'Suggestions while typing: people, brands of public posts and styles whose names hold q, a few of each; never people blocked either way',
        querystring: SuggestionsQuerySchema,
        response: { 200: SuggestionsSchema, ...listErrors },
      },
      config: { access: 'public' },
    },
    async (request) => service.suggest(viewer(request), request.query.q),
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['explore'],
        summary:
          'Public posts by relevance: captions, tags, item brands, types and titles, authors; typos forgiven (corrected_to says how), exact=1 searches the words as typed',
        description: LISTED,
        querystring: SearchQuerySchema,
        response: { 200: SearchPageSchema, ...listErrors },
      },
    },
    async (request, reply) =>
      sendListed(request, reply, await service.search(viewer(request), request.query)),
  );

  app.get(
    '/posts/filtered',
    {
      schema: {
        tags: ['explore'],
        summary: `Public posts matching the filters (spec section 5), newest first; parameters ${Object.values(FILTER_SEARCH_PARAMS).join(', ')}, each repeated per value; with search words q, the search's matches among them by relevance`,
        description: LISTED,
        querystring: FilteredPostsQuerySchema,
        response: { 200: CountedPostPageSchema, ...listErrors },
      },
    },
    async (request, reply) => {
      // The schema made every filter parameter a list; the shared reader trims and drops repeats.
      const values = request.query as Record<string, unknown>;
      const filters = filterSetFromSearchParams({
        getAll: (name) => (Array.isArray(values[name]) ? (values[name] as string[]) : []),
      });
      return sendListed(request, reply, await service.listFiltered(viewer(request), filters, request.query));
    },
  );

  app.get(
    '/posts/fits-like-me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['explore'],
        summary:
          "Public posts of authors whose public measurements are each within `tolerance` cm of the caller's own, closest first",
        description:
          'Without `tolerance`, the server starts at the default and widens it 1 cm at a time until enough outfits ' +
          'match (or the maximum); the answer tells the tolerance in use. Pass it back with `cursor` for more.',
        querystring: FitsLikeMeQuerySchema,
        response: {
          200: FitsPageSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          422: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.listFitsLikeMe(user.id, request.query);
    },
  );

  app.get(
    '/explore',
    {
      schema: {
        tags: ['explore'],
        summary: "The explore hub's sections: brands, creators, trending products, albums, styles",
        response: { 200: ExploreSchema },
      },
    },
    async (request) => service.getExplore(viewer(request)),
  );

  app.get(
    '/explore/brands',
    {
      schema: {
        tags: ['explore'],
        summary: 'Every brand by the number of tagged items of public posts, most first',
        response: { 200: ExploreBrandListSchema },
      },
    },
    async () => service.listBrandsByItemCount(),
  );

  app.get(
    '/explore/brands/:brandId',
    {
      config: { access: 'public', paramsNotFound: DISCOVERY_MESSAGES.brandNotFound },
      schema: {
        tags: ['explore'],
        summary: "A brand's page: posts with an item of the brand or by an author of that name, newest first",
        params: BrandIdParamsSchema,
        description: LISTED,
        querystring: PageQuerySchema,
        response: { 200: BrandPageSchema, ...listErrors, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) =>
      sendListed(
        request,
        reply,
        await service.getBrandPage(viewer(request), request.params.brandId, request.query),
      ),
  );

  app.get(
    '/explore/creators',
    {
      schema: {
        tags: ['explore'],
        summary: 'Creators by followers, most first',
        querystring: PageQuerySchema,
        response: { 200: CreatorPageSchema, ...listErrors },
      },
    },
    async (request) => service.listCreators(viewer(request), request.query),
  );

  app.get(
    '/explore/trending',
    {
      schema: {
        tags: ['explore'],
        summary: 'Products by their link clicks of the last 7 days, most first',
        querystring: PageQuerySchema,
        response: { 200: TrendingPageSchema, ...listErrors },
      },
    },
    async (request) => service.listTrending(viewer(request), request.query),
  );

  app.get(
    '/explore/categories/:category',
    {
      schema: {
        tags: ['explore'],
        summary: 'Public posts with a tag that equals or contains the category (ignoring case), newest first',
        params: CategoryParamsSchema,
        description: LISTED,
        querystring: PageQuerySchema,
        response: { 200: CategoryPageSchema, ...listErrors },
      },
    },
    async (request, reply) =>
      sendListed(
        request,
        reply,
        await service.getCategoryPage(viewer(request), request.params.category, request.query),
      ),
  );

  app.get(
    '/tags/:tag/posts',
    {
      schema: {
        tags: ['explore'],
        summary:
          'Posts with exactly this hashtag (ignoring case and underscores) that I may see, newest first, with their number',
        params: TagParamsSchema,
        description: LISTED,
        querystring: PageQuerySchema,
        response: { 200: TagPageSchema, ...listErrors },
      },
    },
    async (request, reply) =>
      sendListed(
        request,
        reply,
        await service.getTagPage(viewer(request), request.params.tag, request.query),
      ),
  );
};
