import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type AppConfig, ConfigError } from '../../config.ts';
import { LocalStorage, MEDIA_URL_PREFIX } from './storage.local.ts';
import { openS3Storage, type S3Config, S3Storage } from './storage.s3.ts';
import { registerS3Media } from './storage.s3-media.ts';
import type { StorageDriver } from './storage.types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: StorageDriver;
  }
}

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

/** Decorates `app.storage` and serves stored files at `/media/*` (ranges, ETags, long-lived caching). */
export async function registerStorage(app: FastifyInstance): Promise<void> {
  const opened = openStorage(app.config);
  app.decorate<StorageDriver>('storage', opened.storage);
  app.addHook('onClose', async () => opened.close());

  if (opened.storage instanceof S3Storage) {
    await registerS3Media(app, opened.storage);
    return;
  }
  // Files a crashed process was writing were never visible; now they are not kept either.
  const removed = await opened.storage.removeStaleWrites();
  if (removed > 0) app.log.info({ removed }, 'removed half-written media files left by a stopped process');
  await app.register(fastifyStatic, {
    root: opened.storage.root,
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
