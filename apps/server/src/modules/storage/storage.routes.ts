import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  ErrorResponseSchema,
  StorageBucketParamsSchema,
  StorageBucketSchema,
  UploadResponseSchema,
} from '@sys/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { signedInUser } from '../../plugins/authenticate.ts';
import { fileTooLarge } from './storage.receive.ts';
import type { ResumableUploads } from './storage.resumable.ts';
import type { StorageService } from './storage.service.ts';

export interface UploadRoutesOptions {
  uploads: StorageService;
  resumable: ResumableUploads;
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

/**
 * `POST /api/v1/storage/{bucket}` and the resumable (tus) uploads under `/api/v1/storage/{bucket}/resumable`.
 */
export const uploadRoutes: FastifyPluginAsyncZod<UploadRoutesOptions> = async (
  app,
  { uploads: service, resumable },
) => {
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
      config: { access: 'user' },
      schema: {
        tags: ['storage'],
        summary: 'Upload one file (a multipart form with one file, or the raw file as the body)',
        description:
          'Images (JPEG, PNG, WebP, HEIC/AVIF where readable) are re-encoded without metadata and get WebP ' +
          'variants 320/640/1080 px wide (those narrower than the image) and a placeholder; videos (MP4, ' +
          'QuickTime, WebM) are stored as sent. The type is decided by the bytes (415 Invalid file type); ' +
          'at most 200MB (413 File too large).',
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
      const user = signedInUser(request);
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
      // The shape is checked first; the handler asks for a sign-in on everything but OPTIONS (tus discovery).
      config: { access: 'public' },
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
        await resumable.handle(request, reply, request.params.bucket, request.user?.id ?? null);
      },
    });
  }
};
