import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { STORAGE_BUCKETS, type StorageBucket, type UploadResponse } from '@sys/shared';
import { FileStore } from '@tus/file-store';
import { type DataStore, type Locker, Server as TusServer, type Upload } from '@tus/server';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { S3ResumableStore } from './storage.resumable-s3.ts';
import type { S3Storage } from './storage.s3.ts';
import type { StorageService } from './storage.service.ts';

/**
 * Resumable uploads over the tus protocol (spec: files over 50MB go in chunks with progress and survive a
 * dropped connection). tus-js-client talks to `/api/v1/storage/{bucket}/resumable`. Parts wait in a
 * private folder or a private prefix of the S3 bucket, never under /media; the finished file goes through the same checks and processing as a
 * one-request upload, and the final PATCH answers with the same JSON. Unfinished uploads expire.
 */

/** Set by the route from the access token, for the tus hooks; a client's own value is overwritten. */
const OWNER_HEADER = 'x-sys-upload-owner';
/** Unfinished uploads older than this are removed by the periodic clean-up. */
const RESUMABLE_EXPIRY_MS = 24 * 60 * 60 * 1000;

export const resumablePath = (bucket: StorageBucket) => `/api/v1/storage/${bucket}/resumable`;

/** Upload ids carry their owner, so that nobody else can continue, inspect or cancel them. */
function ownsUpload(userId: string, uploadId: string): boolean {
  return uploadId.startsWith(`${userId}_`) && /^[0-9a-f-]+_[0-9a-f]{32}$/.test(uploadId);
}

function jsonError(error: AppError): { status_code: number; body: string } {
  return {
    status_code: error.status,
    body: JSON.stringify({ error: { code: error.code, message: error.message } }),
  };
}

/**
 * Hands the verified owner to the tus hooks as a request header. tus reads the raw header list, so both
 * views are rewritten; a client-sent value is always dropped: only the access token decides.
 */
function setOwnerHeader(request: FastifyRequest, userId: string | null): void {
  const raw = request.raw;
  delete raw.headers[OWNER_HEADER];
  const pairs: string[] = [];
  for (let i = 0; i + 1 < raw.rawHeaders.length; i += 2) {
    if (raw.rawHeaders[i]!.toLowerCase() !== OWNER_HEADER)
      pairs.push(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
  }
  if (userId) {
    raw.headers[OWNER_HEADER] = userId;
    pairs.push(OWNER_HEADER, userId);
  }
  raw.rawHeaders.splice(0, raw.rawHeaders.length, ...pairs);
}

export interface ResumableUploads {
  handle(
    request: FastifyRequest,
    reply: FastifyReply,
    bucket: StorageBucket,
    userId: string | null,
  ): Promise<void>;
  /** Removes unfinished uploads past their expiry; returns how many. */
  cleanUp(): Promise<number>;
}

/**
 * Where the parts of unfinished uploads wait, and how a finished one becomes a stored file. On local
 * disk (one machine, or a folder every instance shares) that is tus' file store; on S3 the bucket itself
 * (storage.resumable-s3.ts), so that any instance can continue any upload.
 */
export interface ResumableBackend {
  store: DataStore;
  /** Checks and stores the finished upload as `owner`'s file in `bucket`, like a one-request upload. */
  finish(owner: string, bucket: StorageBucket, upload: Upload): Promise<UploadResponse>;
}

/** Parts in a folder on local disk: tus' FileStore (its details sit in JSON files next to the parts). */
export function fileBackend(service: StorageService, directory: string): ResumableBackend {
  mkdirSync(directory, { recursive: true });
  return {
    store: new FileStore({ directory, expirationPeriodInMilliseconds: RESUMABLE_EXPIRY_MS }),
    finish: (owner, bucket, upload) =>
      service.storeFile(owner, bucket, join(directory, upload.id), upload.offset),
  };
}

/** Parts in the S3 bucket: the finished file streams from the bucket through the usual checks. */
export function s3Backend(service: StorageService, storage: S3Storage): ResumableBackend {
  const store = new S3ResumableStore(storage, RESUMABLE_EXPIRY_MS);
  return {
    store,
    finish: async (owner, bucket, upload) =>
      service.upload(owner, bucket, await store.read(upload.id), upload.offset),
  };
}

export function createResumableUploads(options: {
  service: StorageService;
  /** Called on first use only: most servers and tests never see a resumable upload. */
  backend: () => ResumableBackend;
  /** tus' lock on an upload; absent: tus' in-memory lock (one process: PGlite). */
  locker?: Locker | undefined;
  maxBytes: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): ResumableUploads {
  // Built on first use: FileStore creates its folder asynchronously in its constructor, which must not
  // race with a quick shutdown.
  let state: { backend: ResumableBackend; servers: Map<StorageBucket, TusServer> } | undefined;
  const init = () => {
    state ??= build(options.backend());
    return state;
  };

  function build(backend: ResumableBackend) {
    const servers = new Map<StorageBucket, TusServer>();
    for (const bucket of STORAGE_BUCKETS) servers.set(bucket, tusServer(bucket, backend));
    return { backend, servers };
  }

  function tusServer(bucket: StorageBucket, backend: ResumableBackend): TusServer {
    return new TusServer({
      path: resumablePath(bucket),
      datastore: backend.store,
      ...(options.locker ? { locker: options.locker } : {}),
      maxSize: options.maxBytes,
      relativeLocation: true,
      namingFunction: (request) => `${request.headers.get(OWNER_HEADER)}_${randomBytes(16).toString('hex')}`,
      onUploadFinish: async (request, upload) => {
        const owner = request.headers.get(OWNER_HEADER);
        if (!owner || !ownsUpload(owner, upload.id)) {
          throw jsonError(new AppError(404, 'not_found', 'Upload not found'));
        }
        try {
          const stored = await backend.finish(owner, bucket, upload);
          return {
            status_code: 200,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(stored),
          };
        } catch (error) {
          if (error instanceof AppError) throw jsonError(error);
          throw error;
        } finally {
          // The parts are no longer needed whatever the outcome: the file is stored or refused.
          await backend.store.remove(upload.id).catch((error: unknown) => {
            options.log.warn(
              { err: error, uploadId: upload.id },
              'could not remove a finished resumable upload',
            );
          });
        }
      },
    });
  }

  return {
    async handle(request, reply, bucket, userId) {
      const server = init().servers.get(bucket);
      if (!server) throw new AppError(404, 'not_found', 'Unknown bucket');
      if (request.method !== 'OPTIONS') {
        if (!userId) throw new AppError(401, 'not_authenticated', 'User not authenticated');
        const uploadId = (request.params as { id?: string }).id;
        if (uploadId !== undefined && !ownsUpload(userId, uploadId)) {
          throw new AppError(404, 'not_found', 'Upload not found');
        }
      }
      setOwnerHeader(request, userId);
      reply.hijack();
      await server.handle(request.raw, reply.raw);
    },
    cleanUp: () => init().backend.store.deleteExpired(),
  };
}
