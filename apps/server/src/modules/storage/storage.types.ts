import type { Readable } from 'node:stream';

/** Where a stored file ended up: its key inside the store and the URL browsers fetch it from. */
export interface StoredFile {
  path: string;
  url: string;
}

/**
 * The file store behind `/media/*`. The local disk implements it today; an S3-compatible store will
 * implement the same interface, so callers never learn which one they talk to.
 */
export interface Storage {
  readonly driver: 'local' | 's3';
  /** Stores `body` under `path` (e.g. `avatars/{profileId}/avatar.webp`), replacing any earlier file. */
  put(path: string, body: Buffer, contentType: string): Promise<StoredFile>;
  /** The public URL of `path`, e.g. `/media/avatars/{profileId}/avatar.webp`. */
  url(path: string): string;
  /** Removes `path` and everything below it; a missing path is not an error. */
  remove(path: string): Promise<void>;
}

/**
 * What uploads need beyond `Storage` (modules/storage: storage.service.ts). Kept apart so that simple
 * wrappers of `Storage` (the demo seed's) need not implement streaming. The S3 driver will implement it too.
 */
export interface StorageDriver extends Storage {
  /**
   * Streams `body` into `path` without holding it in memory (uploads up to 200MB); the file becomes
   * visible only once complete, and nothing is left behind when the stream fails.
   */
  putStream(path: string, body: Readable, contentType: string): Promise<StoredFile>;
  /** The bytes at `path` as a stream (the video transcode job reads the upload with it). */
  read(path: string): Promise<Readable>;
  /** Whether `path` holds a file. */
  exists(path: string): Promise<boolean>;
  /** The key behind a URL that `url()` gave, or null when the URL is not one of this store's. */
  pathFromUrl(url: string): string | null;
}

/**
 * Checks a storage key: relative, forward slashes, no empty, `.` or `..` segments. Keys come from our
 * own code (ids, fixed names), so a bad one is a bug, not user input.
 */
export function assertStoragePath(path: string): string {
  const segments = path.split('/');
  const bad =
    path.length === 0 ||
    path.includes('\\') ||
    path.includes('\0') ||
    segments.some((s) => s === '' || s === '.' || s === '..');
  if (bad) throw new Error(`Invalid storage path: ${JSON.stringify(path)}`);
  return path;
}

/** The public URL of a key under `prefix` (`/media`): each segment URL-encoded. */
export function mediaUrlFor(prefix: string, path: string): string {
  return `${prefix}/${assertStoragePath(path).split('/').map(encodeURIComponent).join('/')}`;
}

/** The reverse of `mediaUrlFor`: the key behind a URL, or null when it is not a valid key under `prefix`. */
export function mediaPathFromUrl(prefix: string, url: string): string | null {
  if (!url.startsWith(`${prefix}/`) || url.includes('?') || url.includes('#')) return null;
  try {
    return assertStoragePath(
      url
        .slice(prefix.length + 1)
        .split('/')
        .map(decodeURIComponent)
        .join('/'),
    );
  } catch {
    return null;
  }
}
