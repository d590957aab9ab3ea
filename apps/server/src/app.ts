import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { matchWebRoute, WEB_ROUTES } from '@sys/shared';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type AppConfig, type AppConfigInput, parseConfig } from './config.ts';
import { type Database, migrateDatabase, openDatabase, pgliteDirFor } from './db/client.ts';
import { parseQueryString } from './lib/query-string.ts';
import { activityRoutes } from './modules/activity/activity.routes.ts';
import { albumsRoutes } from './modules/albums/albums.routes.ts';
import { AUTH_PREFIX, authServiceRoutes } from './modules/auth/auth.plugin.ts';
import { brandsRoutes } from './modules/brands/brands.routes.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { exploreRoutes } from './modules/explore/explore.routes.ts';
import { followsRoutes } from './modules/follows/follows.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { messagesRoutes } from './modules/messages/messages.routes.ts';
import { moderationRoutes } from './modules/moderation/moderation.routes.ts';
import { findPostForPage, postPageRoute, postsRoutes } from './modules/posts/posts.routes.ts';
import { registerProfileBootstrap } from './modules/profiles/profiles.plugin.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { scrapeRoutes } from './modules/scrape/scrape.routes.ts';
import { socialRoutes } from './modules/social/social.routes.ts';
import { type OpenedStorage, openStorage, registerMedia } from './modules/storage/storage.plugin.ts';
import { uploadRoutes } from './modules/storage/storage.routes.ts';
import { swipesRoutes } from './modules/swipes/swipes.routes.ts';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes.ts';
import { registerAuthenticate } from './plugins/authenticate.ts';
import { registerCors } from './plugins/cors.ts';
import { errorBody, errorLogSerializer, registerErrorHandler } from './plugins/error-handler.ts';
import { registerPrivateCaching } from './plugins/private-caching.ts';
import { requestLogSerializer } from './plugins/request-log.ts';
import { registerRouteAccess } from './plugins/route-access.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerTextInputCheck } from './plugins/text-input.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { createServices, type Services } from './services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /**
     * Every service, built by `createServices`, and the file store they stand on: for tests, the demo
     * seed, the admin CLI and the hooks of app.ts.
     */
    services: Services;
  }
}

export interface BuildAppOptions {
  /** Use this database instead of opening one from the config (tests share one per file). */
  database?: Database;
  /** An in-memory PGlite (no data directory) starts from this snapshot (tests: a migrated database). */
  pgliteSnapshot?: Blob;
  /** Keep pino quiet in tests unless asked. */
  logger?: boolean;
  /** Where log lines go instead of standard output (tests read what was logged). */
  logStream?: { write(line: string): void };
  /** Called for every route as it is added (tests enumerate the routes to cover each one). */
  onRoute?: (route: RouteOptions) => void;
  /** The auth service's clock (tests move it forward past a lock). */
  authNow?: () => number;
}

/**
 * Builds the whole application from a config object. `main.ts` and the tests build the same app;
 * only `main.ts` listens on a port.
 */
export async function buildApp(
  input: AppConfigInput,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const config = parseConfig(input);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: pgliteDirFor(config.dataDir),
      pgliteSnapshot: options.pgliteSnapshot,
    }));
  const ownsDatabase = !options.database;

  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            serializers: { req: requestLogSerializer, err: errorLogSerializer },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: 1024 * 1024,
    // The request log's redaction reads query strings with the same parser (see lib/query-string.ts).
    routerOptions: { querystringParser: parseQueryString },
    trustProxy: config.trustProxy,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.decorate('config', config);
  app.decorate('database', database);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerPrivateCaching(app);
  registerTextInputCheck(app);

  let files: OpenedStorage | undefined;
  let services: Services | undefined;
  try {
    await migrateDatabase(database);
    // What the app stands on, then every service on top of it, each after what it needs (services.ts).
    files = openStorage(config);
    services = await createServices(
      config,
      { database, storage: files.storage },
      app.log,
      options.authNow ? { authNow: options.authNow } : {},
    );
    await services.start();
  } catch (error) {
    // A refused or failed start must not leave a pool, PGlite instance or listener keeping the process alive.
    await services?.stop().catch(() => {});
    files?.close();
    if (ownsDatabase) await database.close().catch(() => {});
    throw error;
  }
  app.decorate('services', services);
  app.addHook('onReady', async () => services.ready());
  app.addHook('preClose', async () => services.beforeClose());
  app.addHook('onClose', async () => {
    await services.stop();
    files.close();
    if (ownsDatabase) await database.close();
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'SYS API', description: 'Share Your Style: data API', version: '1.0.0' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await registerCors(app);
  await registerMedia(app, files.storage);
  // Who is calling: `request.user`, read by the profile bootstrap and every data route.
  registerAuthenticate(app, services.accessTokens);
  registerProfileBootstrap(app, services.profiles);
  // Then each data route's declared `config.access`: the caller, then the request's shape.
  registerRouteAccess(app);
  await app.register(authServiceRoutes, { prefix: AUTH_PREFIX, module: services.auth });

  // The data API: each routes plugin gets the services it serves.
  const api = { prefix: '/api/v1' };
  await app.register(profilesRoutes, { profiles: services.profiles });
  await app.register(uploadRoutes, {
    ...api,
    uploads: services.uploads,
    resumable: services.resumableUploads,
  });
  await app.register(eventsRoutes, {
    ...api,
    service: services.liveEvents,
    accessTokens: services.accessTokens,
    limiter: services.apiRateLimits,
  });
  await app.register(followsRoutes, { ...api, service: services.follows });
  await app.register(activityRoutes, { ...api, service: services.activity });
  await app.register(pushRoutes, { ...api, service: services.push });
  await app.register(postsRoutes, { ...api, posts: services.posts, feedCache: services.feedCache });
  if (config.webDist) await app.register(postPageRoute, { posts: services.posts });
  await app.register(socialRoutes, { ...api, service: services.social });
  await app.register(albumsRoutes, { ...api, service: services.albums });
  await app.register(wishlistRoutes, { ...api, service: services.wishlist });
  await app.register(messagesRoutes, { ...api, service: services.messages, limiter: services.apiRateLimits });
  await app.register(moderationRoutes, { ...api, service: services.moderation });
  await app.register(brandsRoutes, { ...api, service: services.brands });
  await app.register(exploreRoutes, { ...api, service: services.explore });
  await app.register(swipesRoutes, { ...api, service: services.swipes });
  await app.register(scrapeRoutes, { service: services.scrape });
  await app.register(healthRoutes);

  // A page path answers 200 only if the web app has that page and, for a post, a profile (and its posts
  // page), a brand or an album, the database has it for a visitor (the post page route answers its exact
  // path itself, with preview tags).
  const webPageExists = async (path: string): Promise<boolean> => {
    const page = matchWebRoute(path);
    if (!page) return false;
    if (page.pattern === WEB_ROUTES.post) {
      return (await findPostForPage(services.posts, page.params.postId ?? '')) !== null;
    }
    if (page.pattern === WEB_ROUTES.profile || page.pattern === WEB_ROUTES.profilePosts) {
      return services.profiles.usernameExists(page.params.username ?? '');
    }
    if (page.pattern === WEB_ROUTES.exploreBrand) {
      return services.explore.brandExists(page.params.brandId ?? '');
    }
    if (page.pattern === WEB_ROUTES.exploreAlbum || page.pattern === WEB_ROUTES.albumPosts) {
      return services.albums.isVisibleToVisitors(page.params.albumId ?? '');
    }
    return true;
  };
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(errorBody('not_found', `Route ${request.method} ${path} not found`));
    }
    // `/auth` itself is a page of the web app; only the versioned service paths below it are API.
    if (/^\/(api|media)(\/|$)|^\/(auth|functions|storage)\/v1(\/|$)/.test(path) || !config.webDist) {
      return reply.status(404).send(errorBody('not_found', `Route ${request.method} ${path} not found`));
    }
    return (await webPageExists(path)) ? reply.sendIndexHtml() : reply.sendNotFoundPage();
  });
  if (config.webDist) await registerWebApp(app, config.webDist);

  return app;
}
