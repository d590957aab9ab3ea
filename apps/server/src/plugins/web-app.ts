import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorBody } from './error-handler.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** Answers with the web app's HTML (200), or a 503 page saying that the web app is not built. */
    sendIndexHtml(extraHead?: string): FastifyReply;
    /**
     * The same HTML with status 404, for an address of no page or of a post or profile that does not
     * exist: the app still shows its own 'not found' screen, and crawlers and link checkers see a 404.
     */
    sendNotFoundPage(): FastifyReply;
  }
}

/** Vite puts content-hashed files here: a changed file gets a new name, so browsers may keep them forever. */
const HASHED_ASSETS_DIR = 'assets';
/** Everything else (index.html, sw.js, the manifest, icons) must be revalidated so a deploy shows up at once. */
const REVALIDATE = 'no-cache';

const NOT_BUILT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>SYS is not built yet</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem">
<h1>The web app is not built</h1>
<p>The SYS server is running, but it found no built web app to serve.
Run <code>npm run build</code> in the repository and restart the server.</p>
<p>The API is available at <a href="/api/health">/api/health</a> and <a href="/api/docs">/api/docs</a>.</p>
</body></html>
`;

/** Reads `index.html` once; later requests are served from memory. */
function loadIndexHtml(webDist: string): string | null {
  const file = join(webDist, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/**
 * The web app's `index.html` with `extraHead` inserted before `</head>` (OpenGraph tags of a post, for
 * example), or `null` when the web app is not built.
 */
export function createIndexHtmlRenderer(indexHtml: string | null) {
  return function renderIndexHtml(extraHead?: string): string | null {
    if (indexHtml === null) return null;
    if (!extraHead) return indexHtml;
    const at = indexHtml.search(/<\/head>/i);
    return at === -1 ? extraHead + indexHtml : indexHtml.slice(0, at) + extraHead + indexHtml.slice(at);
  };
}

/**
 * Serves the built web app: hashed assets with long-lived caching, the rest revalidated, and the
 * app's HTML for every other non-API GET (the not-found handler in `app.ts` calls
 * `reply.sendIndexHtml()`), so deep links such as `/post/abc` load the app.
 *
 * A missing build does not stop the server: the API keeps working and pages answer 503 with a hint.
 */
export async function registerWebApp(app: FastifyInstance, webDistPath: string): Promise<void> {
  const webDist = resolve(webDistPath);
  const indexHtml = loadIndexHtml(webDist);
  const renderIndexHtml = createIndexHtmlRenderer(indexHtml);

  const send = (reply: FastifyReply, status: number, extraHead?: string) => {
    const html = renderIndexHtml(extraHead);
    if (html === null) {
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(NOT_BUILT_HTML);
    }
    return reply
      .status(status)
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(html);
  };
  app.decorateReply('sendIndexHtml', function sendIndexHtml(extraHead?: string) {
    return send(this, 200, extraHead);
  });
  app.decorateReply('sendNotFoundPage', function sendNotFoundPage() {
    return send(this, 404);
  });

  if (indexHtml === null) {
    app.log.warn({ webDist }, 'web app not built: pages answer 503 until `npm run build` is run');
    return;
  }

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // `/` and `/index.html` must come from `sendIndexHtml` (the cached copy that later gets per-page
    // head tags), so the plugin never serves the index itself: misses fall through to the not-found
    // handler, which answers non-API paths with the app. Directory paths would get a 403 from `send`.
    index: false,
    allowedPath: (pathName) =>
      pathName !== '/index.html' && !pathName.endsWith('/') && !pathName.startsWith(`/${HASHED_ASSETS_DIR}/`),
    dotfiles: 'ignore',
    // The media plugin registers its own instance; only one may decorate the reply.
    decorateReply: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', REVALIDATE),
  });

  // Hashed assets get their own scope so that a missing one is a real 404: answering an old chunk
  // name with index.html after a deploy would break the page with a MIME type error instead.
  await app.register(
    async (assets) => {
      assets.setNotFoundHandler((request, reply) =>
        reply.status(404).send(errorBody('not_found', `File ${request.url.split('?')[0]} not found`)),
      );
      await assets.register(fastifyStatic, {
        root: join(webDist, HASHED_ASSETS_DIR),
        prefix: '/',
        index: false,
        allowedPath: (pathName) => !pathName.endsWith('/'),
        dotfiles: 'ignore',
        decorateReply: false,
        immutable: true,
        maxAge: '365d',
        // The build writes .br and .gz copies (apps/web/vite-plugins/precompress.ts): sent as they are
        // to clients that accept them, so the app's JavaScript travels compressed without a proxy.
        preCompressed: true,
        // Caches between here and the browser must keep the encodings apart.
        setHeaders: (res) => res.setHeader('vary', 'accept-encoding'),
      });
    },
    { prefix: `/${HASHED_ASSETS_DIR}` },
  );
}
