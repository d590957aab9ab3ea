import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  assertStoragePath,
  mediaPathFromUrl,
  mediaUrlFor,
  type StorageDriver,
  type StoredFile,
} from './storage.types.ts';

export interface S3StorageOptions {
  /** e.g. http://127.0.0.1:9000 for MinIO; absent for AWS itself. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: MinIO and most local stores. */
  forcePathStyle: boolean;
  /** URL prefix the server answers stored files under (the server proxies `/media/*` to the bucket). */
  publicPrefix?: string;
}

/** Files are never rewritten under the same key (uploads get fresh names), so caches may keep them. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Streams go up in parts of this size: memory stays at one part whatever the file's size (S3's minimum is 5MB). */
const PART_BYTES = 8 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.$metadata.httpStatusCode === 404 || error.name === 'NotFound' || error.name === 'NoSuchKey';
}

/** An object read for serving: the body and the headers to answer with. */
export interface S3Object {
  status: 200 | 206 | 304 | 416;
  body?: Readable;
  contentType?: string | undefined;
  contentLength?: number | undefined;
  contentRange?: string | undefined;
  etag?: string | undefined;
  lastModified?: Date | undefined;
}

/** One entry of `S3Storage.list`. */
export interface S3ListedObject {
  key: string;
  size: number;
  lastModified?: Date | undefined;
}

/**
 * The file store on any S3-compatible service (STORAGE_DRIVER=s3). Keys are the same as on local disk,
 * and so are the public URLs: the server answers `/media/*` from the bucket (storage.s3-media.ts), so
 * switching drivers changes no stored URL.
 */
export class S3Storage implements StorageDriver {
  readonly driver = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicPrefix: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.publicPrefix = options.publicPrefix ?? '/media';
    this.client = new S3Client({
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      ...(options.accessKeyId && options.secretAccessKey
        ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
        : {}),
      // Checksums on every request break streamed bodies on several S3-compatible stores.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(path: string, body: Buffer, contentType: string): Promise<StoredFile> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: assertStoragePath(path),
        Body: body,
        ContentType: contentType,
        CacheControl: IMMUTABLE,
      }),
    );
    return { path, url: this.url(path) };
  }

  /**
   * Uploads a stream of unknown length: one PUT when it fits in a part, otherwise a multipart upload that
   * becomes visible only when completed (and is aborted on failure, so no parts linger).
   */
  async putStream(path: string, body: Readable, contentType: string): Promise<StoredFile> {
    const key = assertStoragePath(path);
    let uploadId: string | undefined;
    const parts: { ETag: string; PartNumber: number }[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;

    const flushPart = async () => {
      if (!uploadId) {
        const created = await this.client.send(
          new CreateMultipartUploadCommand({
            Bucket: this.bucket,
            Key: key,
            ContentType: contentType,
            CacheControl: IMMUTABLE,
          }),
        );
        uploadId = created.UploadId;
      }
      const partNumber = parts.length + 1;
      const uploaded = await this.client.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
          Body: Buffer.concat(pending),
        }),
      );
      parts.push({ ETag: uploaded.ETag ?? '', PartNumber: partNumber });
      pending = [];
      pendingBytes = 0;
    };

    try {
      for await (const chunk of body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        pending.push(buffer);
        pendingBytes += buffer.length;
        if (pendingBytes >= PART_BYTES) await flushPart();
      }
      if (!uploadId) return await this.put(key, Buffer.concat(pending), contentType);
      if (pendingBytes > 0) await flushPart();
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      return { path, url: this.url(path) };
    } catch (error) {
      if (uploadId) {
        await this.client
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }))
          .catch(() => {});
      }
      throw error;
    }
  }

  url(path: string): string {
    return mediaUrlFor(this.publicPrefix, path);
  }

  pathFromUrl(url: string): string | null {
    return mediaPathFromUrl(this.publicPrefix, url);
  }

  async exists(path: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertStoragePath(path) }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** Removes the object at `path` and every object below `path/`, as the local driver removes a folder. */
  async remove(path: string): Promise<void> {
    const key = assertStoragePath(path);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    let continuationToken: string | undefined;
    do {
      const listed = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: `${key}/`,
          ContinuationToken: continuationToken,
        }),
      );
      const keys = (listed.Contents ?? []).map((object) => object.Key).filter((k): k is string => !!k);
      if (keys.length > 0) {
        await this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.bucket,
            Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
          }),
        );
      }
      continuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  /** Every object whose key starts with `prefix`, with its size and time of writing, in key order. */
  async list(prefix: string): Promise<S3ListedObject[]> {
    const objects: S3ListedObject[] = [];
    let continuationToken: string | undefined;
    do {
      const listed = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of listed.Contents ?? []) {
        if (!object.Key) continue;
        objects.push({ key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified });
      }
      continuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
    } while (continuationToken);
    return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /** Every key of the bucket (backups read the whole store). */
  async *keys(): AsyncGenerator<string> {
    let continuationToken: string | undefined;
    do {
      const listed = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: continuationToken }),
      );
      for (const object of listed.Contents ?? []) if (object.Key) yield object.Key;
      continuationToken = listed.IsTruncated ? listed.NextContinuationToken : undefined;
    } while (continuationToken);
  }

  async read(path: string): Promise<Readable> {
    const object = await this.get(path);
    if (!object?.body) throw new Error(`no object at ${path}`);
    return object.body;
  }

  /** Reads an object for `/media/*`, passing a Range and If-None-Match through; null when there is none. */
  async get(path: string, options: { range?: string; ifNoneMatch?: string } = {}): Promise<S3Object | null> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: assertStoragePath(path),
          ...(options.range ? { Range: options.range } : {}),
          ...(options.ifNoneMatch ? { IfNoneMatch: options.ifNoneMatch } : {}),
        }),
      );
      return {
        status: object.ContentRange ? 206 : 200,
        body: object.Body as Readable,
        contentType: object.ContentType,
        contentLength: object.ContentLength,
        contentRange: object.ContentRange,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
      if (status === 304 || status === 416) return { status };
      throw error;
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/** The S3 settings of the config (STORAGE_DRIVER=s3). */
export interface S3Config {
  s3Endpoint?: string | undefined;
  s3Bucket?: string | undefined;
  s3Region: string;
  s3AccessKeyId?: string | undefined;
  s3SecretAccessKey?: string | undefined;
  s3ForcePathStyle: boolean;
}

/** The S3 driver from the config; a missing bucket stops the start with a message naming the variable. */
export function openS3Storage(config: S3Config, onMissing: (message: string) => Error): S3Storage {
  if (!config.s3Bucket) throw onMissing('S3_BUCKET is required when STORAGE_DRIVER=s3');
  return new S3Storage({
    endpoint: config.s3Endpoint,
    bucket: config.s3Bucket,
    region: config.s3Region,
    accessKeyId: config.s3AccessKeyId,
    secretAccessKey: config.s3SecretAccessKey,
    forcePathStyle: config.s3ForcePathStyle,
  });
}
