import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  ErrorResponseSchema,
  StorageBucketParamsSchema,
  StorageBucketSchema,
  UploadResponseSchema,
} from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PgAdvisoryLocks } from '../../db/pg-advisory-lock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { throwIfInvalid } from '../../lib/request-validation.ts';
import { removeStaleTemporaries } from '../../lib/stale-temporaries.ts';
import { requireUser } from '../../plugins/authenticate.ts';
import { fileTooLarge, UPLOAD_TEMP_PREFIX } from './storage.receive.ts';
import {
  createResumableUploads,
  fileBackend,
  type ResumableUploads,
  s3Backend,
} from './storage.resumable.ts';
import { PgUploadLocker } from './storage.resumable-lock.ts';
import { S3Storage } from './storage.s3.ts';
import { StorageService } from './storage.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploads: storing, checking and removing users' files (the file store itself is `app.storage`). */
    uploads: StorageService;
  }
}

const ResumableParamsSchema = z.object({ bucket: StorageBucketSchema, id: z.string().max(200).optional() });

const invalidFileType = () => new AppError(415, 'unsupported_media_type', 'Invalid file type');

/** Room for a multipart form's boundaries, part headers and small fields next to the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Busboy's own size limit error, should it trip before our counter, answered like ours. */
function asFileTooLarge(error: unknown): never {
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
  throw error;
}

function declaredLength(header: string | undefined): number | undefined {
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  return Number(header);
}

export const uploadRoutes: FastifyPluginAsyncZod<{ resumable: ResumableUploads }> = async (
  app,
  { resumable },
) => {
  const service = app.uploads;
  const maxBytes = app.config.uploadMaxBytes;

  // Two ways to send the file, both streamed as they arrive: a multipart form with one file part, or the
  // raw file as the body whatever its declared type (the bytes decide the type). Scoped to this plugin:
  // every other route keeps the usual JSON parsing and body limit.
  app.removeAllContentTypeParsers();
  await app.register(multipart, {
    limits: { files: 1, fields: 10, parts: 20, fieldSize: 1024, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.post(
    '/storage/:bucket',
    {
      attachValidation: true,
      schema: {
        tags: ['storage'],
        summary: 'Upload one file (a multipart form with one file, or the raw file as the body)',
        description:
          'Images (JPEG, PNG, WebP, HEIC/AVIF where readable) are re-encoded without metadata and get WebP ' +
          'variants 320/640/1080 px wide (those narrower than the image) and a placeholder; videos (MP4, ' +
          'QuickTime, WebM) are stored as sent. The type is decided by the bytes (415 Invalid file type); ' +
          'at most 200MB (413 File too large).',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data', 'application/octet-stream', 'image/*', 'video/*'],
        params: StorageBucketParamsSchema,
        response: {
          201: UploadResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      throwIfInvalid(request);
      const { bucket } = request.params;
      const length = declaredLength(request.headers['content-length']);

      if (request.isMultipart()) {
        if (length !== undefined && length > maxBytes + MULTIPART_OVERHEAD_BYTES) throw fileTooLarge();
        // Busboy's limit sits one byte above ours, so our counter answers first with the spec's message.
        const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1 } });
        if (!part)
          throw badRequest('The form has no file', [{ field: 'body.file', message: 'Add one file' }]);
        const result = await service.upload(user.id, bucket, part.file).catch(asFileTooLarge);
        return reply.status(201).send(result);
      }

      const body = request.body as Readable | undefined;
      if (!body || typeof body.pipe !== 'function') throw invalidFileType();
      const result = await service.upload(user.id, bucket, body, length);
      return reply.status(201).send(result);
    },
  );

  // tus: POST creates an upload, HEAD tells its offset, PATCH appends, DELETE cancels. No GET: a part
  // of a file is never served.
  for (const url of ['/storage/:bucket/resumable', '/storage/:bucket/resumable/:id']) {
    app.route({
      method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'],
      url,
      attachValidation: true,
      schema: {
        tags: ['storage'],
        summary: 'Resumable upload (tus 1.0.0: creation, termination, expiration)',
        description:
          'For files over 50MB: tus-js-client with endpoint /api/v1/storage/{bucket}/resumable and the access ' +
          'token. The final PATCH answers with the same JSON as a one-request upload.',
        security: [{ bearerAuth: [] }],
        params: ResumableParamsSchema,
      },
      handler: async (request, reply) => {
        throwIfInvalid(request);
        await resumable.handle(request, reply, request.params.bucket, request.user?.id ?? null);
      },
    });
  }
};

/**
 * At most this many resumable uploads are written to at once per instance: each holds its PostgreSQL
 * lock on a connection of its own (besides the query pool's 20 and the LISTEN connection).
 */
const UPLOAD_LOCK_CONNECTIONS = 10;

/** Cleans up abandoned resumable uploads this often. */
const RESUMABLE_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Creates the upload service (`app.uploads`) and serves `POST /api/v1/storage/{bucket}` and the
 * resumable (tus) uploads under `/api/v1/storage/{bucket}/resumable`.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  const tmpDir = app.config.dataDir
    ? join(app.config.dataDir, 'tmp', 'uploads')
    : join(tmpdir(), 'sys-uploads');
  const service = new StorageService(app.database.db, app.storage, {
    maxBytes: app.config.uploadMaxBytes,
    tmpDir,
  });
  app.decorate('uploads', service);
  // Uploads a crashed process was receiving can never finish (a resumable upload's parts are kept).
  if (app.config.dataDir) {
    const removed = await removeStaleTemporaries(tmpDir, UPLOAD_TEMP_PREFIX);
    if (removed > 0) app.log.info({ removed }, 'removed unfinished uploads left by a stopped process');
  }
  // Without a data directory (tests) each app gets its own folder of parts, removed on close.
  let directory: string | undefined;
  const partsDirectory = () => {
    directory ??= app.config.dataDir
      ? join(tmpDir, 'resumable')
      : mkdtempSync(join(tmpdir(), 'sys-resumable-'));
    return directory;
  };
  const storage = app.storage;
  // Several instances on one PostgreSQL database: tus' lock must hold across all of them.
  const locker =
    app.database.engine === 'postgres' && app.config.databaseUrl
      ? new PgUploadLocker(
          new PgAdvisoryLocks(app.config.databaseUrl, { maxHeld: UPLOAD_LOCK_CONNECTIONS }),
          app.database,
        )
      : undefined;
  const resumable = createResumableUploads({
    service,
    backend: () =>
      storage instanceof S3Storage ? s3Backend(service, storage) : fileBackend(service, partsDirectory()),
    locker,
    maxBytes: app.config.uploadMaxBytes,
    log: app.log,
  });
  const cleanup = setInterval(() => {
    resumable
      .cleanUp()
      .catch((error: unknown) => app.log.warn({ err: error }, 'resumable upload clean-up failed'));
  }, RESUMABLE_CLEANUP_INTERVAL_MS);
  cleanup.unref();
  app.addHook('onClose', async () => {
    clearInterval(cleanup);
    await locker?.close();
    if (!app.config.dataDir && directory) rmSync(directory, { recursive: true, force: true });
  });
  await app.register(uploadRoutes, { prefix: '/api/v1', resumable });
}
