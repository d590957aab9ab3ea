import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { STORAGE_BUCKETS, type StorageBucket } from '@sys/shared';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { StorageService } from './storage.service.ts';

/**
 * Resumable uploads over the tus protocol (spec: files over 50MB go in chunks with progress and survive a
 * dropped connection). tus-js-client talks to `/api/v1/storage/{bucket}/resumable`. Parts wait in a
 * private folder, never under /media; the finished file goes through the same checks and processing as a
 * one-request upload, and the final PATCH answers with the same JSON. Unfinished uploads expire.
 */

/** Set by the route from the access token, for the tus hooks; a client's own value is overwritten. */
const OWNER_HEADER = 'x-sys-upload-owner';
/** Unfinished uploads older than this are removed by the periodic clean-up. */
const EXPIRY_MS = 24 * 60 * 60 * 1000;

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

export function createResumableUploads(options: {
  service: StorageService;
  /** The folder for parts; called (and the folder made) on first use only. */
  directory: () => string;
  maxBytes: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): ResumableUploads {
  // Built on first use: most servers and tests never see a resumable upload, and FileStore creates its
  // folder asynchronously in its constructor, which must not race with a quick shutdown.
  let state: { store: FileStore; servers: Map<StorageBucket, TusServer> } | undefined;
  const init = () => {
    state ??= build(options.directory());
    return state;
  };

  function build(directory: string) {
    mkdirSync(directory, { recursive: true });
    const store = new FileStore({ directory, expirationPeriodInMilliseconds: EXPIRY_MS });
    const servers = new Map<StorageBucket, TusServer>();
    for (const bucket of STORAGE_BUCKETS) servers.set(bucket, tusServer(bucket, store, directory));
    return { store, servers };
  }

  function tusServer(bucket: StorageBucket, store: FileStore, directory: string): TusServer {
    return new TusServer({
      path: resumablePath(bucket),
      datastore: store,
      maxSize: options.maxBytes,
      relativeLocation: true,
      namingFunction: (request) => `${request.headers.get(OWNER_HEADER)}_${randomBytes(16).toString('hex')}`,
      onUploadFinish: async (request, upload) => {
        const owner = request.headers.get(OWNER_HEADER);
        if (!owner || !ownsUpload(owner, upload.id)) {
          throw jsonError(new AppError(404, 'not_found', 'Upload not found'));
        }
        try {
          const stored = await options.service.storeFile(
            owner,
            bucket,
            join(directory, upload.id),
            upload.offset,
          );
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
          await store.remove(upload.id).catch((error: unknown) => {
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
    cleanUp: () => init().store.deleteExpired(),
  };
}
