import type { FastifyInstance } from 'fastify';
import { throwIfInvalid } from '../lib/request-validation.ts';
import { requireAdmin, requireUser } from './authenticate.ts';

/** Who may call a route: anyone, a signed-in user, or an administrator. */
export type RouteAccess = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's checks, made by the one hook below before the handler runs, in this order: the
     * caller first (`user`: signed in, else 401 'User not authenticated'; `admin`: an administrator,
     * else 401, or 403 for another signed-in user; `public`: anyone), so an anonymous write is a 401
     * whatever its body; then the request against the route's schemas (400 naming every failing
     * field, with the first failing rule's message, e.g. the spec's 'Please add at least one image or
     * video'). `user` and `admin` routes are documented with the bearer token (OpenAPI `security`).
     *
     * Routes without it keep Fastify's own order: an invalid request is answered before any hook with
     * 400 'Invalid request' (the central error handler), and /auth/v1 with GoTrue's error shape.
     */
    access?: RouteAccess;
    /** Answer an invalid path parameter (a malformed id) with 404 and this message instead of 400. */
    paramsNotFound?: string;
    /** `admin` routes: the 403 answer to a signed-in caller who is not an administrator. */
    adminOnlyMessage?: string;
  }
}

/**
 * Makes the checks that routes declare with `config.access` (see FastifyContextConfig above). Register
 * before the routes (an onRoute hook sees only the routes added after it), and after the hooks that
 * must see every signed-in request first (the profile bootstrap).
 */
export function registerRouteAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) return;
    // Fastify keeps a failed validation for the hook below instead of answering it at once.
    route.attachValidation = true;
    if (access !== 'public' && route.schema && !route.schema.security) {
      route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
    }
  });
  app.addHook('preHandler', async (request) => {
    const { access, paramsNotFound, adminOnlyMessage } = request.routeOptions.config;
    if (!access) return;
    if (access === 'user') requireUser(request);
    else if (access === 'admin') requireAdmin(request, adminOnlyMessage);
    throwIfInvalid(request, paramsNotFound === undefined ? {} : { paramsNotFound });
  });
}
