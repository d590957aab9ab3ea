import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../lib/errors.ts';
import { temporaryName } from '../../lib/stale-temporaries.ts';
import { SNIFF_BYTES } from './storage.sniff.ts';

/** Uploads being received are `upload-{pid}-{uuid}.tmp` in the upload folder. */
export const UPLOAD_TEMP_PREFIX = 'upload-';

export const fileTooLarge = () => new AppError(413, 'payload_too_large', 'File too large');

export interface ReceivedFile {
  /** A temporary file holding the bytes; the caller removes it. */
  file: string;
  size: number;
  /** The first bytes, for deciding the file type. */
  head: Buffer;
}

/**
 * Streams an upload into a temporary file, counting bytes as they arrive: the limit holds while
 * streaming (a 10GB body is cut at the limit, not read first) and memory stays flat whatever the size.
 */
export async function receiveToTempFile(
  source: Readable,
  options: { maxBytes: number; dir: string },
): Promise<ReceivedFile> {
  await mkdir(options.dir, { recursive: true });
  const file = join(options.dir, temporaryName(randomUUID(), UPLOAD_TEMP_PREFIX, '.tmp'));
  let size = 0;
  const headChunks: Buffer[] = [];
  let headLength = 0;

  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > options.maxBytes) {
        callback(fileTooLarge());
        return;
      }
      if (headLength < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - headLength);
        headChunks.push(part);
        headLength += part.length;
      }
      callback(null, chunk);
    },
  });

  try {
    await pipeline(source, counter, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return { file, size, head: Buffer.concat(headChunks) };
}
