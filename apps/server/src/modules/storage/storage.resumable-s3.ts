import { Readable, Transform } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { S3ListedObject, S3Storage } from './storage.s3.ts';

/**
 * The parts of resumable uploads kept in the S3 bucket (STORAGE_DRIVER=s3), so that an upload started on
 * one server instance can be continued on any other: nothing about it lives in one process's memory or
 * disk. (@tus/s3-store would keep its parts in an S3 multipart upload, but it needs ListParts, which not
 * every S3-compatible store offers - s3rver, our test store, does not - and it caches upload details per
 * process.)
 *
 * Layout, below a prefix that `/media/*` never serves:
 *   resumable-uploads/{id}/info.json                the tus upload: size, metadata, creation date
 *   resumable-uploads/{id}/part-{offset, 15 digits}  the bytes of one PATCH, starting at that offset
 * The offset of an upload is the length of its unbroken run of parts from 0. A part appears whole or not
 * at all (a single PUT or a completed multipart upload), so a PATCH cut off mid-way never leaves a
 * half-written part; tus' lock (PgUploadLocker across instances) keeps two PATCHes of one upload apart.
 */

export const RESUMABLE_S3_PREFIX = 'resumable-uploads';
/** A client sending tiny PATCHes must not make an upload out of millions of objects. */
const MAX_PARTS = 1000;
const OFFSET_DIGITS = 15;

interface StoredInfo {
  size?: number | undefined;
  metadata?: Record<string, string | null> | undefined;
  creation_date?: string | undefined;
}

const folderOf = (id: string) => `${RESUMABLE_S3_PREFIX}/${id}`;
const infoKey = (id: string) => `${folderOf(id)}/info.json`;
const partKey = (id: string, offset: number) =>
  `${folderOf(id)}/part-${String(offset).padStart(OFFSET_DIGITS, '0')}`;

/** The parts that continue each other from offset 0, in order; anything after a gap is ignored. */
function contiguousParts(id: string, objects: S3ListedObject[]): { key: string; size: number }[] {
  const prefix = `${folderOf(id)}/part-`;
  const byOffset = new Map<number, S3ListedObject>();
  for (const object of objects) {
    if (!object.key.startsWith(prefix)) continue;
    const offset = Number(object.key.slice(prefix.length));
    if (Number.isSafeInteger(offset) && object.size > 0) byOffset.set(offset, object);
  }
  const parts: { key: string; size: number }[] = [];
  let offset = 0;
  for (let part = byOffset.get(0); part; part = byOffset.get(offset)) {
    parts.push({ key: part.key, size: part.size });
    offset += part.size;
  }
  return parts;
}

async function readText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

export class S3ResumableStore extends DataStore {
  constructor(
    private readonly storage: S3Storage,
    private readonly expirationMs: number,
  ) {
    super();
    this.extensions = [
      'creation',
      'creation-with-upload',
      'creation-defer-length',
      'termination',
      'expiration',
    ];
  }

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date = new Date().toISOString();
    await this.saveInfo(upload.id, upload);
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.readInfo(id);
    const parts = contiguousParts(id, await this.storage.list(`${folderOf(id)}/part-`));
    const offset = parts.reduce((sum, part) => sum + part.size, 0);
    return new Upload({
      id,
      size: info.size,
      offset,
      metadata: info.metadata ?? {},
      creation_date: info.creation_date,
      storage: { type: 's3', path: folderOf(id) },
    });
  }

  override async write(source: Readable, id: string, offset: number): Promise<number> {
    const parts = contiguousParts(id, await this.storage.list(`${folderOf(id)}/part-`));
    if (parts.length >= MAX_PARTS) {
      source.resume();
      throw { status_code: 400, body: `An upload takes at most ${MAX_PARTS} PATCH requests\n` };
    }
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    source.on('error', (error) => counter.destroy(error));
    const key = partKey(id, offset);
    await this.storage.putStream(key, source.pipe(counter), 'application/octet-stream');
    // An empty PATCH adds nothing (empty parts are ignored anyway; this keeps the folder tidy).
    if (received === 0) await this.storage.remove(key);
    return offset + received;
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    const info = await this.readInfo(id);
    await this.saveInfo(id, { ...info, size });
  }

  override async remove(id: string): Promise<void> {
    await this.readInfo(id);
    await this.storage.remove(folderOf(id));
  }

  override getExpiration(): number {
    return this.expirationMs;
  }

  /** Removes every upload (and any stray part) whose oldest object is past the expiry. */
  override async deleteExpired(): Promise<number> {
    const oldest = new Map<string, number>();
    for (const object of await this.storage.list(`${RESUMABLE_S3_PREFIX}/`)) {
      const id = object.key.slice(RESUMABLE_S3_PREFIX.length + 1).split('/')[0];
      if (!id) continue;
      const time = object.lastModified?.getTime() ?? 0;
      oldest.set(id, Math.min(oldest.get(id) ?? Number.POSITIVE_INFINITY, time));
    }
    const cutoff = Date.now() - this.expirationMs;
    let removed = 0;
    for (const [id, time] of oldest) {
      if (time >= cutoff) continue;
      await this.storage.remove(folderOf(id));
      removed++;
    }
    return removed;
  }

  /** The finished upload's bytes, part after part. */
  async read(id: string): Promise<Readable> {
    const parts = contiguousParts(id, await this.storage.list(`${folderOf(id)}/part-`));
    const storage = this.storage;
    async function* concatenated() {
      for (const part of parts) {
        const object = await storage.get(part.key);
        if (!object?.body) throw new Error(`resumable upload part ${part.key} disappeared`);
        yield* object.body;
      }
    }
    return Readable.from(concatenated(), { objectMode: false });
  }

  private async readInfo(id: string): Promise<StoredInfo> {
    const object = await this.storage.get(infoKey(id));
    if (!object?.body) throw ERRORS.FILE_NOT_FOUND;
    return JSON.parse(await readText(object.body)) as StoredInfo;
  }

  private async saveInfo(id: string, info: StoredInfo): Promise<void> {
    const stored: StoredInfo = {
      size: info.size,
      metadata: info.metadata,
      creation_date: info.creation_date,
    };
    await this.storage.put(infoKey(id), Buffer.from(JSON.stringify(stored)), 'application/json');
  }
}
