import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What a response carrying tokens or someone's own data says to every cache: keep no copy. */
export const PRIVATE_CACHE_CONTROL = 'no-store';

/** The auth service: its answers carry tokens (grants, verify links) or a user's account. */
const AUTH_SERVICE_PATH = /^\/auth\/v1(\/|\?|$)/;

/**
 * True when the request presented a credential: an Authorization header (an access token, the service
 * key) or `apikey`, or an access token in the query string (the events stream). Its answer may be about
 * that person alone, whatever the route.
 */
export function carriesCredentials(request: FastifyRequest): boolean {
  return (
    request.headers.authorization !== undefined ||
    request.headers.apikey !== undefined ||
    /[?&]access_token=/.test(request.url)
  );
}

/** The request's answer may carry tokens or private data: the auth service, or a credential presented. */
export function isPrivateRequest(request: FastifyRequest): boolean {
  return AUTH_SERVICE_PATH.test(request.url) || carriesCredentials(request);
}

/**
 * `Cache-Control: no-store` on every answer that may carry tokens or private data: everything under
 * /auth/v1 (token grants, the user, verify redirects with tokens in the fragment), and any answer to a
 * request that presented a credential (the signed-in user's profile, conversations, wishlist, their
 * feed with their own flags, uploads...). One rule for all routes instead of one header per route.
 *
 * An answer that its route declares `public` keeps its caching (the same for everyone: media files,
 * the auth service's key set), as does every answer to a request without credentials (the visitors'
 * feed, the web app's files). The value is also set on the raw response when the request arrives, for
 * the handlers that write the response themselves (resumable uploads, the events stream).
 */
export function registerPrivateCaching(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isPrivateRequest(request)) reply.raw.setHeader('cache-control', PRIVATE_CACHE_CONTROL);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isPrivateRequest(request)) return payload;
    const declared = reply.getHeader('cache-control');
    if (typeof declared === 'string' && /(^|,)\s*public\s*(,|$)/i.test(declared)) return payload;
    reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    return payload;
  });
}
