import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
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
import { registerAlbums } from './modules/albums/albums.routes.ts';
import { registerAuth } from './modules/auth/auth.plugin.ts';
import { registerBrands } from './modules/brands/brands.routes.ts';
import { registerEvents } from './modules/events/events.routes.ts';
import { registerExplore } from './modules/explore/explore.routes.ts';
import { registerFollows } from './modules/follows/follows.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerMessages } from './modules/messages/messages.routes.ts';
import { registerModeration } from './modules/moderation/moderation.routes.ts';
import { registerPosts } from './modules/posts/posts.routes.ts';
import { profileAuthHooks, registerProfiles } from './modules/profiles/profiles.plugin.ts';
import { ProfilesService } from './modules/profiles/profiles.service.ts';
import { registerProductImages } from './modules/scrape/scrape.images.ts';
import { registerScrape } from './modules/scrape/scrape.routes.ts';
import { registerSocial } from './modules/social/social.routes.ts';
import { registerStorage } from './modules/storage/storage.plugin.ts';
import { registerUploads } from './modules/storage/storage.routes.ts';
import { registerSwipes } from './modules/swipes/swipes.routes.ts';
import { registerWishlist } from './modules/wishlist/wishlist.routes.ts';
import { registerCors } from './plugins/cors.ts';
import { errorBody, errorLogSerializer, registerErrorHandler } from './plugins/error-handler.ts';
import { registerPrivateCaching } from './plugins/private-caching.ts';
import { requestLogSerializer } from './plugins/request-log.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerTextInputCheck } from './plugins/text-input.ts';
import { registerWebApp } from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
  }
}

export interface BuildAppOptions {
  /** Use this database instead of opening one from the config (tests share one per file). */
  database?: Database;
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
    (await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config.dataDir) }));
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
  if (ownsDatabase) app.addHook('onClose', async () => database.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerPrivateCaching(app);
  registerTextInputCheck(app);

  try {
    await migrateDatabase(database);
  } catch (error) {
    // A refused or failed migration must not leave a pool or PGlite instance keeping the process alive.
    if (ownsDatabase) await database.close().catch(() => {});
    throw error;
  }

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
  await registerStorage(app);
  // Auth first: it sets request.user, which the profile bootstrap and every data route read.
  const profiles = new ProfilesService(database.db, {
    avatars: () => app.uploads,
    log: app.log,
    // The feed cache comes with the posts module, registered later; a name shown with posts changed.
    authorChanged: async () => {
      if (app.hasDecorator('feedCache')) await app.feedCache.invalidate();
    },
  });
  await registerAuth(app, {
    ...(options.authNow ? { now: options.authNow } : {}),
    hooks: {
      ...profileAuthHooks(profiles),
      // A deleted account's files leave the store, and its posts every instance's feed and discovery caches.
      beforeUserDeleted: async (userId) => {
        const removeFiles = await app.uploads.prepareOwnerRemoval(userId);
        return async () => {
          await removeFiles();
          if (app.hasDecorator('feedCache')) await app.feedCache.invalidate();
        };
      },
    },
  });
  await registerProfiles(app, profiles);
  await registerUploads(app);
  registerProductImages(app);
  // Live events and follows come before posts, which publish stats and read the viewer's follows.
  await registerEvents(app);
  await registerFollows(app);
  await registerPosts(app);
  await registerSocial(app);
  await registerAlbums(app);
  await registerWishlist(app);
  await registerMessages(app);
  // After profiles, follows, posts and social, whose services remove what an administrator removes.
  await registerModeration(app);
  await registerBrands(app);
  await registerExplore(app);
  await registerSwipes(app);
  await registerScrape(app);
  await app.register(healthRoutes);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(errorBody('not_found', `Route ${request.method} ${path} not found`));
    }
    // `/auth` itself is a page of the web app; only the versioned service paths below it are API.
    if (/^\/(api|media)(\/|$)|^\/(auth|functions|storage)\/v1(\/|$)/.test(path) || !config.webDist) {
      return reply.status(404).send(errorBody('not_found', `Route ${request.method} ${path} not found`));
    }
    return reply.sendIndexHtml();
  });
  if (config.webDist) await registerWebApp(app, config.webDist);

  return app;
}
