import {
  CreatePostBodySchema,
  ErrorResponseSchema,
  IdParamsSchema,
  NoContentSchema,
  type PageQuery,
  PageQuerySchema,
  POST_MESSAGES,
  type Post,
  PostPageSchema,
  PostSchema,
  SavedPostSchema,
  UpdatePostBodySchema,
  UsernameParamsSchema,
  WEB_ROUTES,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicBaseUrl } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeKeysetCursor, positionKey } from '../../lib/keyset-cursor.ts';
import { jsonBytes, sendJson, sendJsonBytes } from '../../lib/send-json.ts';
import { signedInUser } from '../../plugins/authenticate.ts';
import { type CachedFeedPage, type FeedCache, postBody } from './posts.feed-cache.ts';
import { postPreviewTags } from './posts.preview.ts';
import type { PostsService } from './posts.service.ts';

export interface PostsRoutesOptions {
  posts: PostsService;
  /** The visitors' feed pages and each viewer's values for them. */
  feedCache: FeedCache;
}

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};
const notFoundParams = { paramsNotFound: POST_MESSAGES.postNotFound };

/** The feed, posts and profiles' posts under /api/v1. */
export const postsRoutes: FastifyPluginAsyncZod<PostsRoutesOptions> = async (
  app,
  { posts: service, feedCache: cache },
) => {
  /** `viewerId`'s values for a cached page: kept with it until they change something of their own. */
  const viewerPageOf = (viewerId: string, cached: CachedFeedPage) =>
    cache.viewerPage(viewerId, cached, (options) =>
      service.viewerStatesOfPage(viewerId, cached.page, options),
    );

  /** A cached page's bytes with `viewerId`'s values written in, or null when it must be read for them. */
  const viewerBodyOf = async (viewerId: string, cached: CachedFeedPage): Promise<Buffer | null> => {
    const personal = await viewerPageOf(viewerId, cached);
    return personal && cached.template ? cache.viewerBody(cached, personal) : null;
  };

  app.get(
    '/posts',
    {
      schema: {
        tags: ['posts'],
        summary: 'The public feed, newest first (keyset-paginated)',
        description:
          "Visitors' pages are served from a short-lived cache (FEED_CACHE_TTL_MS), cleared whenever a " +
          'post is created, edited or removed on any instance; a signed-in viewer gets the same page with ' +
          'their own flags and the counts (as fresh as the cached page, their own likes and comments at ' +
          'once). Answers carry an ETag; If-None-Match with it gets 304.',
        querystring: PageQuerySchema,
        response: { 200: PostPageSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const viewerId = request.user?.id ?? null;
      if (!cache.enabled) return service.listFeed(viewerId, request.query);
      const cached = await cache.get(pageKey(request.query), () => service.listFeed(null, request.query));
      if (viewerId === null) return sendJsonBytes(request, reply, cached, false);
      // This viewer's values for the page: kept with it until they change something of their own.
      const personal = await viewerPageOf(viewerId, cached);
      if (personal && cached.template) {
        // The cached bytes with this viewer's values written in.
        const body = cache.viewerBody(cached, personal);
        return sendJsonBytes(request, reply, { body, etag: personal.etag }, true);
      }
      // A post of the cached page gone or hidden from this viewer: their page is read as it is now.
      const page = PostPageSchema.parse(await service.listFeed(viewerId, request.query));
      return sendJsonBytes(request, reply, jsonBytes(page), true);
    },
  );

  /**
   * The post `id` as `viewerId` sees it, made from the visitors' post kept in the cache (as the feed's
   * pages are), or null when it must be read for them: a post visitors may not see (it may be the
   * viewer's own private post), or one a block hides from the viewer.
   */
  const cachedPostBody = async (viewerId: string | null, id: string): Promise<Buffer | null> => {
    let cached: CachedFeedPage;
    try {
      cached = await cache.getPost(id, () => service.getPost(null, id));
    } catch (error) {
      if (viewerId !== null && error instanceof AppError && error.status === 404) return null;
      throw error;
    }
    if (viewerId === null) return postBody(cached.body);
    const body = await viewerBodyOf(viewerId, cached);
    return body && postBody(body);
  };

  /**
   * A page of `username`'s posts as `viewerId` sees it, made from the visitors' page kept in the cache,
   * or null when it must be read for them: for the profile's owner (they see their private posts too),
   * when the visitors' page is empty (it may be the owner's), or when a block hides a post of it.
   */
  const cachedProfilePage = async (
    viewerId: string | null,
    username: string,
    query: PageQuery,
  ): Promise<Buffer | null> => {
    const cached = await cache.getProfilePage(`${username.toLowerCase()}|${pageKey(query)}`, () =>
      service.listProfilePosts(null, username, query),
    );
    if (viewerId === null) return cached.body;
    const first = cached.page.items[0];
    if (!first || first.author.id === viewerId) return null;
    return viewerBodyOf(viewerId, cached);
  };

  app.get(
    '/posts/:id',
    {
      config: { access: 'public', ...notFoundParams },
      schema: {
        tags: ['posts'],
        summary: 'One post',
        description:
          "Kept in memory as visitors see it, like the feed's pages: edited or removed, it shows so at " +
          "once on every instance; other people's likes and comments show in its counts within " +
          "FEED_CACHE_TTL_MS; a signed-in viewer's own flags and changes show at once.",
        params: IdParamsSchema,
        response: { 200: PostSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const viewerId = request.user?.id ?? null;
      const body = cache.enabled ? await cachedPostBody(viewerId, request.params.id) : null;
      if (body) return sendJson(reply, body);
      return sendJson(reply, await service.getPost(viewerId, request.params.id));
    },
  );

  app.get(
    '/profiles/:username/posts',
    {
      schema: {
        tags: ['posts'],
        summary: "A profile's posts, newest first (public ones; all of them for the owner)",
        description:
          "Visitors' pages are kept in memory like the feed's (FEED_CACHE_TTL_MS, cleared when any post " +
          'is created, edited or removed); a signed-in viewer gets them with their own flags, and the ' +
          'owner their private posts too, read for them.',
        params: UsernameParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: PostPageSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const viewerId = request.user?.id ?? null;
      const { username } = request.params;
      const body = cache.enabled ? await cachedProfilePage(viewerId, username, request.query) : null;
      if (body) return sendJson(reply, body);
      return sendJson(reply, await service.listProfilePosts(viewerId, username, request.query));
    },
  );

  app.post(
    '/posts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['posts'],
        summary: 'Publish a post: its media and items in one transaction',
        description:
          'Product image links that are not SYS media are fetched (public addresses only, like the ' +
          "scraper) and stored as the author's media; a link that cannot be stored leaves its product " +
          'without an image, listed in `dropped_item_images`.',
        body: CreatePostBodySchema,
        response: { 201: SavedPostSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const post = await service.createPost(user.id, request.body);
      return reply.status(201).send(post);
    },
  );

  app.patch(
    '/posts/:id',
    {
      config: { access: 'user', ...notFoundParams },
      schema: {
        tags: ['posts'],
        summary: 'Edit own post; given media or items replace the old ones',
        params: IdParamsSchema,
        description: 'Product image links are stored as on publishing (see POST /posts).',
        body: UpdatePostBodySchema,
        response: { 200: SavedPostSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return service.updatePost(user.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/posts/:id',
    {
      config: { access: 'user', ...notFoundParams },
      schema: {
        tags: ['posts'],
        summary: 'Delete own post and its stored files',
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
      await service.deletePost(user.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** One cache entry per limit and position (the cursor decoded, so spellings of one cursor share it). */
function pageKey(query: PageQuery): string {
  return `${query.limit}|${positionKey(decodeKeysetCursor(query.cursor))}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The post a page address shows to anyone, or null: a malformed id, an unknown or a hidden post. */
export async function findPostForPage(posts: PostsService, id: string): Promise<Post | null> {
  if (!UUID.test(id)) return null;
  return posts.getPost(null, id).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
}

/**
 * The web app's page of a post, with the post's OpenGraph and Twitter tags in its head so that a shared
 * link gets a preview. The app itself loads the post as usual; an unknown or hidden post gets the plain
 * page with status 404, and the app shows 'Post not found'.
 */
export const postPageRoute: FastifyPluginAsyncZod<{ posts: PostsService }> = async (app, { posts }) => {
  // The configured address, never the request's Host: see publicBaseUrl.
  const origin = publicBaseUrl(app.config);
  app.get(WEB_ROUTES.post, { schema: { hide: true } }, async (request, reply) => {
    const { postId } = request.params as { postId: string };
    const post = await findPostForPage(posts, postId);
    if (!post) return reply.sendNotFoundPage();
    return reply.sendIndexHtml(postPreviewTags(post, origin));
  });
};
