import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../plugins/error-handler.ts';
import { MEDIA_URL_PREFIX } from './storage.local.ts';
import { RESUMABLE_S3_PREFIX } from './storage.resumable-s3.ts';
import type { S3Storage } from './storage.s3.ts';
import { assertStoragePath } from './storage.types.ts';

/**
 * Serves `/media/*` from the S3 bucket (STORAGE_DRIVER=s3), the way the local driver's static files are
 * served: long-lived immutable caching, ETags and byte ranges (videos seek). Files stream through; the
 * bucket itself can stay private.
 */
export async function registerS3Media(app: FastifyInstance, storage: S3Storage): Promise<void> {
  app.get(`${MEDIA_URL_PREFIX}/*`, { schema: { hide: true } }, async (request, reply) => {
    const wildcard = (request.params as { '*'?: string })['*'] ?? '';
    let path: string;
    try {
      path = assertStoragePath(wildcard);
    } catch {
      return reply.status(404).send(errorBody('not_found', 'File not found'));
    }
    // Unfinished resumable uploads share the bucket; a part of a file is never served.
    if (path.startsWith(`${RESUMABLE_S3_PREFIX}/`)) {
      return reply.status(404).send(errorBody('not_found', 'File not found'));
    }
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const range = header('range');
    const ifNoneMatch = header('if-none-match');
    const object = await storage.get(path, {
      ...(range ? { range } : {}),
      ...(ifNoneMatch ? { ifNoneMatch } : {}),
    });
    if (!object) return reply.status(404).send(errorBody('not_found', 'File not found'));
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('accept-ranges', 'bytes');
    if (object.etag) reply.header('etag', object.etag);
    if (object.status === 304) return reply.status(304).send();
    if (object.status === 416) {
      return reply.status(416).send(errorBody('range_not_satisfiable', 'Range not satisfiable'));
    }
    if (object.contentType) reply.type(object.contentType);
    if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
    if (object.contentRange) reply.header('content-range', object.contentRange);
    if (object.lastModified) reply.header('last-modified', object.lastModified.toUTCString());
    return reply.status(object.status).send(object.body);
  });
}
