import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { removeStaleTemporaries, temporaryName } from '../../lib/stale-temporaries.ts';
import { assertStoragePath, mediaPathFromUrl, type StorageDriver, type StoredFile } from './storage.types.ts';

/** URL prefix under which the server answers stored files (see `storage.plugin.ts`). */
export const MEDIA_URL_PREFIX = '/media';
/** Folder inside the media folder for writes in progress (never served: dot folders are ignored). */
export const TEMPORARY_FOLDER = '.tmp';

/** Stores files in a folder on local disk (`DATA_DIR/media` by default); the server serves it at `/media/*`. */
export class LocalStorage implements StorageDriver {
  readonly driver = 'local' as const;

  constructor(
    readonly root: string,
    private readonly publicPrefix: string = MEDIA_URL_PREFIX,
  ) {}

  async read(path: string): Promise<Readable> {
    const stream = createReadStream(join(this.root, assertStoragePath(path)));
    // Fails here (missing file) rather than in the caller's pipeline.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  async put(path: string, body: Buffer, _contentType: string): Promise<StoredFile> {
    // The content type is implied by the extension when the file is served; S3 needs it explicitly.
    const target = join(this.root, assertStoragePath(path));
    await mkdir(dirname(target), { recursive: true });
    // Write then rename: files are served as immutable, so a half-written file must never be visible.
    const temporary = await this.temporaryFile();
    try {
      await writeFile(temporary, body);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { path, url: this.url(path) };
  }

  /**
   * A path for a file being written. Inside the media folder (one file system, so the final rename is
   * atomic) but in a dot folder, which `/media/*` never serves; the server removes what a crashed
   * process left there when it starts (`removeStaleWrites`).
   */
  private async temporaryFile(): Promise<string> {
    const folder = join(this.root, TEMPORARY_FOLDER);
    await mkdir(folder, { recursive: true });
    return join(folder, temporaryName(randomUUID()));
  }

  /** Removes the half-written files of processes that are gone (a crash during a write). */
  removeStaleWrites(): Promise<number> {
    return removeStaleTemporaries(join(this.root, TEMPORARY_FOLDER));
  }

  url(path: string): string {
    const encoded = assertStoragePath(path).split('/').map(encodeURIComponent).join('/');
    return `${this.publicPrefix}/${encoded}`;
  }

  async remove(path: string): Promise<void> {
    await rm(join(this.root, assertStoragePath(path)), { recursive: true, force: true });
  }

  async putStream(path: string, body: Readable, _contentType: string): Promise<StoredFile> {
    const target = join(this.root, assertStoragePath(path));
    await mkdir(dirname(target), { recursive: true });
    const temporary = await this.temporaryFile();
    try {
      await pipeline(body, createWriteStream(temporary));
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { path, url: this.url(path) };
  }

  async exists(path: string): Promise<boolean> {
    try {
      return (await stat(join(this.root, assertStoragePath(path)))).isFile();
    } catch {
      return false;
    }
  }

  pathFromUrl(url: string): string | null {
    return mediaPathFromUrl(this.publicPrefix, url);
  }
}
