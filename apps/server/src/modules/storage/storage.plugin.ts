import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type AppConfig, ConfigError } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { PgAdvisoryLocks } from '../../db/pg-advisory-lock.ts';
import { removeStaleTemporaries } from '../../lib/stale-temporaries.ts';
import { LocalStorage, MEDIA_URL_PREFIX } from './storage.local.ts';
import { UPLOAD_TEMP_PREFIX } from './storage.receive.ts';
import {
  createResumableUploads,
  fileBackend,
  type ResumableUploads,
  s3Backend,
} from './storage.resumable.ts';
import { PgUploadLocker } from './storage.resumable-lock.ts';
import { openS3Storage, type S3Config, S3Storage } from './storage.s3.ts';
import { registerS3Media } from './storage.s3-media.ts';
import { StorageService } from './storage.service.ts';

export function mediaDirFor(dataDir: string): string {
  return join(dataDir, 'media');
}

export interface OpenedStorage {
  storage: LocalStorage | S3Storage;
  /** Removes what only this process needed (the temporary media folder of an in-memory app). */
  close(): void;
}

/**
 * Opens the file store the config asks for. Without a data directory (tests) media go to a fresh
 * temporary folder that `close()` removes, so test runs never share or leave files behind.
 */
export function openStorage(config: Pick<AppConfig, 'dataDir' | 'storageDriver'> & S3Config): OpenedStorage {
  if (config.storageDriver === 's3') {
    const storage = openS3Storage(config, (message) => new ConfigError(message));
    return { storage, close: () => storage.close() };
  }
  if (config.dataDir) {
    const root = mediaDirFor(config.dataDir);
    mkdirSync(root, { recursive: true });
    return { storage: new LocalStorage(root), close: () => {} };
  }
  const root = mkdtempSync(join(tmpdir(), 'sys-media-'));
  return { storage: new LocalStorage(root), close: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * Serves stored files at `/media/*` (ranges, ETags, long-lived caching). Local files a crashed process
 * was writing are removed first.
 */
export async function registerMedia(app: FastifyInstance, storage: LocalStorage | S3Storage): Promise<void> {
  if (storage instanceof S3Storage) {
    await registerS3Media(app, storage);
    return;
  }
  // Files a crashed process was writing were never visible; now they are not kept either.
  const removed = await storage.removeStaleWrites();
  if (removed > 0) app.log.info({ removed }, 'removed half-written media files left by a stopped process');
  await app.register(fastifyStatic, {
    root: storage.root,
    prefix: `${MEDIA_URL_PREFIX}/`,
    index: false,
    // Folders are not listed (`send` would answer 403); they are simply not found.
    allowedPath: (pathName) => !pathName.endsWith('/'),
    dotfiles: 'ignore',
    decorateReply: false,
    // A key never gets different content (uploads get fresh names; demo art is deterministic), so
    // clients may keep a file forever.
    immutable: true,
    maxAge: '365d',
    acceptRanges: true,
  });
}

/**
 * At most this many resumable uploads are written to at once per instance: each holds its PostgreSQL
 * lock on a connection of its own (besides the query pool's 20 and the LISTEN connection).
 */
const UPLOAD_LOCK_CONNECTIONS = 10;

/** Cleans up abandoned resumable uploads this often. */
export const RESUMABLE_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export interface Uploads {
  /** Storing, checking and removing users' files (`POST /api/v1/storage/{bucket}`, used by other modules). */
  service: StorageService;
  /** The tus uploads under `/api/v1/storage/{bucket}/resumable`. */
  resumable: ResumableUploads;
  /** Removes the one-request uploads a crashed process was receiving (a resumable upload's parts are kept). */
  removeStaleTemporaries(): Promise<void>;
  /** Releases the upload locks' connections and removes a test app's folder of parts. */
  close(): Promise<void>;
}

/** The upload service and resumable uploads on a file store. */
export function createUploads(
  config: Pick<AppConfig, 'dataDir' | 'uploadMaxBytes' | 'databaseUrl'>,
  database: Database,
  storage: LocalStorage | S3Storage,
  log: FastifyBaseLogger,
): Uploads {
  const tmpDir = config.dataDir ? join(config.dataDir, 'tmp', 'uploads') : join(tmpdir(), 'sys-uploads');
  const service = new StorageService(database.db, storage, { maxBytes: config.uploadMaxBytes, tmpDir });
  // Without a data directory (tests) each app gets its own folder of parts, removed on close.
  let directory: string | undefined;
  const partsDirectory = () => {
    directory ??= config.dataDir ? join(tmpDir, 'resumable') : mkdtempSync(join(tmpdir(), 'sys-resumable-'));
    return directory;
  };
  // Several instances on one PostgreSQL database: tus' lock must hold across all of them.
  const locker =
    database.engine === 'postgres' && config.databaseUrl
      ? new PgUploadLocker(
          new PgAdvisoryLocks(config.databaseUrl, { maxHeld: UPLOAD_LOCK_CONNECTIONS }),
          database,
        )
      : undefined;
  const resumable = createResumableUploads({
    service,
    backend: () =>
      storage instanceof S3Storage ? s3Backend(service, storage) : fileBackend(service, partsDirectory()),
    locker,
    maxBytes: config.uploadMaxBytes,
    log,
  });
  return {
    service,
    resumable,
    removeStaleTemporaries: async () => {
      if (!config.dataDir) return;
      const removed = await removeStaleTemporaries(tmpDir, UPLOAD_TEMP_PREFIX);
      if (removed > 0) log.info({ removed }, 'removed unfinished uploads left by a stopped process');
    },
    close: async () => {
      await locker?.close();
      if (!config.dataDir && directory) rmSync(directory, { recursive: true, force: true });
    },
  };
}
