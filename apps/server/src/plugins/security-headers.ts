import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

/** Browsers remember HTTPS-only for this long (one year) once they saw the header over TLS. */
export const HSTS_MAX_AGE_SECONDS = 31_536_000;

/**
 * The Content-Security-Policy of every response. The built web app loads only its own hashed scripts
 * (Vite puts no inline script in index.html), so script-src is 'self' alone: an injected
 * `<script>` or `onerror=` attribute does not run even if some text ever reached the DOM as HTML.
 *
 * - style-src allows inline styles: Radix and the scroll lock insert `<style>` elements at run time.
 * - img-src 'self' data: blob: only: every picture is ours under /media (product images too: the server
 *   stores a shop's image as our media, it never hands the browser the shop's link), data: are the
 *   blurred placeholders and blob: the previews of files chosen for upload. An outside image, a
 *   tracking pixel or a private address, is never loaded.
 * - media-src: videos from /media and blob: previews; with STORAGE_DRIVER=s3 the store's own origin,
 *   so media may also be linked there directly.
 * - connect-src 'self': the API, the auth service, live events and resumable uploads share the origin.
 */
export function contentSecurityPolicy(config: Pick<AppConfig, 'storageDriver' | 's3Endpoint'>): string {
  const storeOrigin =
    config.storageDriver === 's3' && config.s3Endpoint ? ` ${new URL(config.s3Endpoint).origin}` : '';
  return [
    "default-src 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    `media-src 'self' blob:${storeOrigin}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The avatar picker may open the camera; nothing else of the device is used. */
export const PERMISSIONS_POLICY = 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * True when the client reached us over TLS: directly, or through a proxy that says so in
 * X-Forwarded-Proto (Fastify's `trustProxy` decides whether that header is believed).
 */
function overTls(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/**
 * Security headers on every response: API JSON, media, the web app's HTML and static files, and the
 * streams that take over the raw response (live events, resumable uploads). They are set on the raw
 * response when the request arrives, so a route may still replace one with `reply.header()`.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const csp = contentSecurityPolicy(app.config);
  const common: [string, string][] = [
    ['content-security-policy', csp],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['x-frame-options', 'DENY'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['permissions-policy', PERMISSIONS_POLICY],
  ];
  const hsts = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;
  app.addHook('onRequest', async (request, reply) => {
    for (const [name, value] of common) reply.raw.setHeader(name, value);
    if (overTls(request)) reply.raw.setHeader('strict-transport-security', hsts);
  });
}
