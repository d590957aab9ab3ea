import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageBucket, UploadResponse } from '@sys/shared';
import type { Db } from '../../db/client.ts';
import type { MediaVariant, NewStorageObjectRow, StorageObjectRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { type ProcessedImage, processImage } from './storage.images.ts';
import { fileTooLarge, receiveToTempFile } from './storage.receive.ts';
import {
  deleteStorageObjects,
  findOwnedStorageObjects,
  findProcessingObjectIds,
  findStorageObjectById,
  findStorageObjectsNamedBetween,
  findStorageObjectsOfOwner,
  insertStorageObject,
  type StoredAtCursor,
} from './storage.repository.ts';
import { SNIFF_BYTES, sniffFileType } from './storage.sniff.ts';
import type { Storage, StorageDriver } from './storage.types.ts';
import { probeVideo, VIDEO_LIMITS } from './storage.video.ts';

export interface StorageServiceOptions {
  /** Largest accepted upload in bytes (200MB by the spec). */
  maxBytes: number;
  /** Where uploads wait while they are checked and processed. */
  tmpDir: string;
}

const invalidFileType = () => new AppError(415, 'unsupported_media_type', 'Invalid file type');

/**
 * Uploaded videos are transcoded by a background job (posts.video-jobs.ts) when the server has a working
 * ffmpeg: the upload checks the limits and queues the job. Without one videos are kept as sent.
 */
export interface VideoProcessing {
  ffmpeg: string;
  /** Longest accepted video in seconds (60). */
  maxSeconds: number;
  /** Queues the transcode of this stored object. */
  enqueue(storageObjectId: string): Promise<void>;
}

/** Refuses a video longer than `maxSeconds` or larger than 4K, or one ffmpeg cannot read. */
async function checkVideo(ffmpeg: string, file: string, maxSeconds: number): Promise<void> {
  const probe = await probeVideo(ffmpeg, file);
  if (probe.width === null || probe.height === null) throw invalidFileType();
  // A phone's "one minute" is a few frames over it.
  if (probe.durationSeconds === null || probe.durationSeconds > maxSeconds + 0.5) {
    throw new AppError(
      422,
      'video_too_long',
      `Videos can be at most ${maxSeconds} seconds long`,
      probe.durationSeconds === null ? undefined : { duration_seconds: Math.round(probe.durationSeconds) },
    );
  }
  const long = Math.max(probe.width, probe.height);
  const short = Math.min(probe.width, probe.height);
  if (long > VIDEO_LIMITS.maxInputLongSide || short > VIDEO_LIMITS.maxInputShortSide) {
    throw new AppError(
      422,
      'video_too_large',
      `Videos can be at most 4K (${VIDEO_LIMITS.maxInputLongSide}x${VIDEO_LIMITS.maxInputShortSide})`,
      { width: probe.width, height: probe.height },
    );
  }
}

/**
 * A fresh object name. The spec's `{timestamp}.{ext}` plus a random part: files are served as immutable,
 * so two uploads in the same millisecond must never share a name.
 */
function objectName(prefix = ''): string {
  return `${prefix}${Date.now()}-${randomBytes(4).toString('hex')}`;
}

/** The storage keys of an object: the file itself and its image variants. */
function keysOf(
  row: Pick<StorageObjectRow, 'path' | 'variants' | 'source_path' | 'poster_path'>,
  storage: StorageDriver,
): string[] {
  const variantKeys = (row.variants ?? [])
    .map((variant) => storage.pathFromUrl(variant.url))
    .filter((key): key is string => key !== null);
  // A transcoded video: the MP4 (`path`), the file as sent and the poster.
  const videoKeys = [row.source_path, row.poster_path].filter(
    (key): key is string => key !== null && key !== row.path,
  );
  return [row.path, ...videoKeys, ...variantKeys];
}

/** The first bytes of a file, for deciding its type. */
async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Writes a processed image at `{bucket}/{ownerId}/{name}.{ext}` and its WebP variants next to it
 * (`….w{width}.webp`), and returns the `storage_objects` row describing them. Uploads use it, and so
 * does the demo seed, so that demo media are stored exactly like uploaded ones. Every key written is
 * pushed to `written`, so that a caller can remove the files again when a later step fails.
 */
export async function putProcessedImage(
  storage: Storage,
  target: { bucket: StorageBucket; ownerId: string; name: string },
  image: ProcessedImage,
  written: string[],
): Promise<NewStorageObjectRow> {
  const path = `${target.bucket}/${target.ownerId}/${target.name}.${image.main.extension}`;
  await storage.put(path, image.main.data, image.main.mimeType);
  written.push(path);
  const variants: MediaVariant[] = [];
  for (const variant of image.variants) {
    const variantPath = `${path}.w${variant.targetWidth}.webp`;
    const stored = await storage.put(variantPath, variant.data, 'image/webp');
    written.push(variantPath);
    variants.push({ width: variant.width, url: stored.url });
  }
  return {
    bucket: target.bucket,
    path,
    owner_id: target.ownerId,
    mime_type: image.main.mimeType,
    kind: 'image',
    size_bytes: image.main.data.length,
    width: image.main.width,
    height: image.main.height,
    placeholder: image.placeholder,
    variants,
  };
}

export class StorageService {
  private video: VideoProcessing | null = null;

  constructor(
    private readonly db: Db,
    private readonly storage: StorageDriver,
    private readonly options: StorageServiceOptions,
  ) {}

  /** Turns on video transcoding (services.ts, when ffmpeg works). */
  processVideos(video: VideoProcessing): void {
    this.video = video;
  }

  /**
   * Queues the transcode of every video still processing: after a restore (the job queue is not backed
   * up) or when videoTranscode was off. A video with a job still open (waiting, retrying, or running on
   * another instance or on a killed one, until pg-boss expires it and retries) is not queued again.
   */
  async requeueProcessingVideos(): Promise<number> {
    const video = this.video;
    if (!video) return 0;
    const ids = await findProcessingObjectIds(this.db);
    for (const id of ids) await video.enqueue(id);
    return ids.length;
  }

  /**
   * Stores one uploaded file of `userId` at `{bucket}/{userId}/{name}.{ext}`. The type is decided by the
   * bytes; images are re-encoded (orientation applied, metadata stripped) with WebP variants and a
   * placeholder; videos are stored as they came. Avatars must be images.
   */
  async upload(
    userId: string,
    bucket: StorageBucket,
    source: Readable,
    declaredLength?: number,
  ): Promise<UploadResponse> {
    // An honest client says how big the file is: refuse before reading any of it.
    if (declaredLength !== undefined && declaredLength > this.options.maxBytes) throw fileTooLarge();
    const received = await receiveToTempFile(source, {
      maxBytes: this.options.maxBytes,
      dir: this.options.tmpDir,
    });
    try {
      return await this.storeFile(userId, bucket, received.file, received.size);
    } finally {
      await rm(received.file, { force: true });
    }
  }

  /**
   * Checks and stores a complete file that is on local disk (a streamed upload's temporary file or a
   * finished resumable upload). The caller removes `file` afterwards.
   */
  async storeFile(
    userId: string,
    bucket: StorageBucket,
    file: string,
    size: number,
  ): Promise<UploadResponse> {
    if (size > this.options.maxBytes) throw fileTooLarge();
    const written: string[] = [];
    try {
      const sniffed = size > 0 ? sniffFileType(await readHead(file)) : null;
      if (!sniffed || (bucket === 'avatars' && sniffed.kind !== 'image')) throw invalidFileType();
      const name = objectName();

      let row: NewStorageObjectRow;
      if (sniffed.kind === 'image') {
        const image = await processImage(file);
        row = await putProcessedImage(this.storage, { bucket, ownerId: userId, name }, image, written);
      } else {
        const video = this.video;
        if (video) await checkVideo(video.ffmpeg, file, video.maxSeconds);
        const path = `${bucket}/${userId}/${name}.${sniffed.extension}`;
        await this.storage.putStream(path, createReadStream(file), sniffed.mimeType);
        written.push(path);
        row = {
          bucket,
          path,
          owner_id: userId,
          mime_type: sniffed.mimeType,
          kind: 'video',
          size_bytes: size,
          variants: [],
          ...(video ? { status: 'processing' as const, source_path: path } : {}),
        };
      }
      const stored = await insertStorageObject(this.db, row);
      if (stored.status === 'processing') {
        await this.video?.enqueue(stored.id).catch(async (error: unknown) => {
          await deleteStorageObjects(this.db, [stored.id]);
          throw error;
        });
      }
      return this.toUploadResponse(stored);
    } catch (error) {
      await Promise.all(written.map((path) => this.storage.remove(path).catch(() => {})));
      throw error;
    }
  }

  /**
   * Stores an image that the server fetched itself (a product image from a shop) exactly like an uploaded
   * one: typed by its bytes (anything but an image is refused with 415 'Invalid file type'), re-encoded with
   * metadata stripped, WebP variants and a placeholder. `namePrefix` marks a kind of file in its name
   * (`scraped-` for the scraper's candidates, which are removed again when no post uses them).
   */
  async storeImageBytes(
    userId: string,
    bucket: StorageBucket,
    bytes: Buffer,
    options: { namePrefix?: string } = {},
  ): Promise<UploadResponse> {
    if (bytes.length > this.options.maxBytes) throw fileTooLarge();
    if (sniffFileType(bytes.subarray(0, SNIFF_BYTES))?.kind !== 'image') throw invalidFileType();
    const written: string[] = [];
    try {
      const image = await processImage(bytes);
      const name = objectName(options.namePrefix);
      const row = await putProcessedImage(this.storage, { bucket, ownerId: userId, name }, image, written);
      return this.toUploadResponse(await insertStorageObject(this.db, row));
    } catch (error) {
      await Promise.all(written.map((path) => this.storage.remove(path).catch(() => {})));
      throw error;
    }
  }

  /**
   * The uploads of `userId` in `bucket` behind these public URLs, by URL. A URL outside the user's own
   * folder, or of a file never uploaded through the API, is simply absent from the map: posts can only
   * show media their author uploaded, never hot-linked or someone else's files.
   */
  async findOwnedObjects(
    userId: string,
    bucket: StorageBucket,
    urls: readonly string[],
  ): Promise<Map<string, StorageObjectRow>> {
    const prefix = `${bucket}/${userId}/`;
    const pathToUrl = new Map<string, string>();
    for (const url of urls) {
      const path = this.storage.pathFromUrl(url);
      if (path?.startsWith(prefix)) pathToUrl.set(path, url);
    }
    const rows = await findOwnedStorageObjects(this.db, userId, [...pathToUrl.keys()]);
    const byUrl = new Map<string, StorageObjectRow>();
    for (const row of rows) {
      // A transcoded video is found by the URL of its MP4 and by the one its upload answered with.
      const url = pathToUrl.get(row.path) ?? (row.source_path ? pathToUrl.get(row.source_path) : undefined);
      if (url !== undefined) byUrl.set(url, row);
    }
    return byUrl;
  }

  /**
   * Removes `ownerId`'s uploads behind these URLs: their rows, then the files and variants. URLs that are
   * not the owner's uploads are ignored. Call it after the transaction that stopped using them committed.
   */
  async removeOwnedObjects(ownerId: string, urls: readonly string[]): Promise<void> {
    const paths = urls
      .map((url) => this.storage.pathFromUrl(url))
      .filter((path): path is string => path !== null);
    await this.removeObjects(await findOwnedStorageObjects(this.db, ownerId, paths));
  }

  /**
   * The files of `bucket` whose name starts with `namePrefix` (see storeImageBytes), stored after `after`
   * and before `before`, in the order they were stored: at most `limit`.
   */
  async findNamedBetween(
    bucket: StorageBucket,
    namePrefix: string,
    range: { after: StoredAtCursor | null; before: Date },
    limit: number,
  ): Promise<StorageObjectRow[]> {
    return findStorageObjectsNamedBetween(this.db, `${bucket}/%/${namePrefix}%`, range, limit);
  }

  /** Removes these stored objects: their rows, then the files and variants. */
  async removeObjects(rows: readonly StorageObjectRow[]): Promise<void> {
    if (rows.length === 0) return;
    await deleteStorageObjects(
      this.db,
      rows.map((row) => row.id),
    );
    await Promise.all(
      rows.flatMap((row) => keysOf(row, this.storage)).map((key) => this.storage.remove(key)),
    );
  }

  /**
   * For an account being deleted: notes every file `ownerId` uploaded (with its variants) and returns the
   * function that removes them, rows and files, once the account's deletion has committed. Without it the
   * files of a deleted person stayed on the public /media addresses.
   */
  async prepareOwnerRemoval(ownerId: string): Promise<() => Promise<void>> {
    const rows = await findStorageObjectsOfOwner(this.db, ownerId);
    return async () => {
      // A hard delete took the rows with the user (foreign key); a soft delete keeps the user row.
      await deleteStorageObjects(
        this.db,
        rows.map((row) => row.id),
      );
      await Promise.all(
        rows.flatMap((row) => keysOf(row, this.storage)).map((key) => this.storage.remove(key)),
      );
    };
  }

  /** One stored object by id (the transcode job's upload), or undefined when it is gone. */
  findObject(id: string): Promise<StorageObjectRow | undefined> {
    return findStorageObjectById(this.db, id);
  }

  /** Copies the file at `path` to the local file `target` (the transcode job's input). */
  async copyToFile(path: string, target: string): Promise<void> {
    await pipeline(await this.storage.read(path), createWriteStream(target));
  }

  /** Stores the local file `source` at `path` (the transcode job's outputs). */
  async storeLocalFile(path: string, source: string, contentType: string): Promise<void> {
    await this.storage.putStream(path, createReadStream(source), contentType);
  }

  /** Removes one key of the store; a missing one is not an error. */
  removeKey(path: string): Promise<void> {
    return this.storage.remove(path);
  }

  publicUrl(path: string): string {
    return this.storage.url(path);
  }

  private toUploadResponse(row: StorageObjectRow): UploadResponse {
    return {
      path: row.path,
      public_url: this.storage.url(row.path),
      mime_type: row.mime_type,
      type: row.kind,
      size: row.size_bytes,
      width: row.width,
      height: row.height,
      placeholder: row.placeholder,
      variants: row.variants ?? [],
    };
  }
}
