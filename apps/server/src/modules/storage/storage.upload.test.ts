import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import type { UploadResponse } from '@sys/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makeJpeg, makeMp4Bytes, uploadRaw } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import { receiveToTempFile } from './storage.receive.ts';
import { sniffFileType } from './storage.sniff.ts';

let ctx: TestApp;
let alice: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  alice = await createUser(ctx.app);
});
afterAll(() => ctx.close());

async function fetchMedia(url: string): Promise<Buffer> {
  const response = await ctx.app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return response.rawPayload;
}

const storedObjects = async () =>
  (await ctx.app.database.query<{ n: number }>('select count(*)::int as n from storage_objects'))[0]!.n;

/** A PNG whose header claims `width` x `height` pixels, with almost no data: a decompression bomb. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image uploads', () => {
  it('re-encodes a photo: orientation applied, EXIF and GPS gone, WebP variants and a placeholder', async () => {
    const photo = await sharp({ create: { width: 1400, height: 700, channels: 3, background: '#3a6' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { ImageDescription: 'SECRET-PLACE' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '32/1 4/1 30/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '34/1 46/1 0/1',
        },
      })
      .toBuffer();
    // The test photo really carries the GPS block (IFD pointer tag 0x8825) and the description.
    const original = await sharp(photo).metadata();
    expect(original.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(photo.includes('SECRET-PLACE')).toBe(true);

    const response = await uploadRaw(ctx.app, alice, photo, { contentType: 'image/jpeg' });
    expect(response.statusCode).toBe(201);
    const upload = response.json() as UploadResponse;
    expect(upload).toMatchObject({
      type: 'image',
      mime_type: 'image/jpeg',
      // Orientation 6 means "rotate 90°": the stored image is upright, so portrait.
      width: 700,
      height: 1400,
    });
    expect(upload.path).toMatch(new RegExp(`^post-media/${alice.id}/\\d{13}-[0-9a-f]{8}\\.jpg$`));
    expect(upload.public_url).toBe(`/media/${upload.path}`);
    expect(upload.placeholder).toMatch(/^[A-Za-z0-9+/]{20,40}={0,2}$/);

    const stored = await fetchMedia(upload.public_url);
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 700, height: 1400 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes('SECRET-PLACE')).toBe(false);
    expect(upload.size).toBe(stored.length);

    // Variants narrower than the image: 320 and 640 (the image is 700 wide).
    expect(upload.variants.map((v) => [v.width, v.url])).toEqual([
      [320, `${upload.public_url}.w320.webp`],
      [640, `${upload.public_url}.w640.webp`],
    ]);
    for (const variant of upload.variants) {
      const bytes = await fetchMedia(variant.url);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: variant.width });
      expect(meta.exif).toBeUndefined();
    }
  });

  it('keeps PNG and WebP as they are, and stores avatars', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 4, background: '#0000ff80' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#f0f' } })
      .webp()
      .toBuffer();
    const pngUpload = (
      await uploadRaw(ctx.app, alice, png, { contentType: 'application/octet-stream' })
    ).json();
    expect(pngUpload).toMatchObject({ mime_type: 'image/png', width: 30, height: 20, variants: [] });
    expect(pngUpload.path).toMatch(/\.png$/);
    const webpUpload = (await uploadRaw(ctx.app, alice, webp, { contentType: 'image/png' })).json();
    expect(webpUpload).toMatchObject({ mime_type: 'image/webp' });
    expect(webpUpload.path).toMatch(/\.webp$/);

    const avatar = await uploadRaw(ctx.app, alice, await makeJpeg(), { bucket: 'avatars' });
    expect(avatar.statusCode).toBe(201);
    expect(avatar.json().path).toMatch(new RegExp(`^avatars/${alice.id}/`));
  });

  it('refuses a file named .jpg whose bytes are a script, and stores nothing', async () => {
    const before = await storedObjects();
    for (const script of [
      '#!/bin/sh\nrm -rf /\n',
      '<script>alert(1)</script>',
      '<?php system($_GET["c"]); ?>',
    ]) {
      const response = await uploadRaw(ctx.app, alice, Buffer.from(script), { contentType: 'image/jpeg' });
      expect(response.statusCode).toBe(415);
      expect(response.json().error).toMatchObject({
        code: 'unsupported_media_type',
        message: 'Invalid file type',
      });
    }
    // A JPEG signature in front of garbage does not pass either: the image must decode.
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('not really a jpeg'.repeat(20)),
    ]);
    expect((await uploadRaw(ctx.app, alice, fake)).statusCode).toBe(415);
    expect((await uploadRaw(ctx.app, alice, Buffer.alloc(0))).statusCode).toBe(415);
    expect(await storedObjects()).toBe(before);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const response = await uploadRaw(ctx.app, alice, pngClaiming(50_000, 50_000), {
      contentType: 'image/png',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe('File too large');
  });
});

describe('multipart uploads', () => {
  function form(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
    const boundary = '----sys-test-boundary';
    const chunks: Buffer[] = [];
    for (const part of parts) {
      const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
      const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
      chunks.push(
        Buffer.from(head),
        Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
        Buffer.from('\r\n'),
      );
    }
    chunks.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
  }

  it('takes the file part of a form, whatever its name says', async () => {
    const jpeg = await makeJpeg(40, 30);
    const { payload, contentType } = form([
      { name: 'cacheControl', data: '3600' },
      { name: 'file', filename: 'holiday.png', type: 'image/png', data: jpeg },
    ]);
    const response = await uploadRaw(ctx.app, alice, payload, { contentType });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ mime_type: 'image/jpeg', width: 40, height: 30 });

    const script = form([
      { name: 'file', filename: 'x.jpg', type: 'image/jpeg', data: '#!/bin/sh\necho hi' },
    ]);
    const refused = await uploadRaw(ctx.app, alice, script.payload, { contentType: script.contentType });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.message).toBe('Invalid file type');

    const empty = form([{ name: 'note', data: 'no file here' }]);
    expect(
      (await uploadRaw(ctx.app, alice, empty.payload, { contentType: empty.contentType })).statusCode,
    ).toBe(400);
  });
});

describe('video uploads', () => {
  it('stores MP4, QuickTime and WebM as sent', async () => {
    const mp4 = makeMp4Bytes(10_000);
    const response = await uploadRaw(ctx.app, alice, mp4, { contentType: 'video/mp4' });
    expect(response.statusCode).toBe(201);
    const upload = response.json() as UploadResponse;
    expect(upload).toMatchObject({
      type: 'video',
      mime_type: 'video/mp4',
      size: 10_000,
      width: null,
      variants: [],
    });
    expect(upload.path).toMatch(/\.mp4$/);
    expect((await fetchMedia(upload.public_url)).equals(mp4)).toBe(true);

    const mov = makeMp4Bytes(2000);
    mov.write('qt  ', 8, 'latin1');
    expect((await uploadRaw(ctx.app, alice, mov, { contentType: 'video/quicktime' })).json()).toMatchObject({
      mime_type: 'video/quicktime',
    });

    const webm = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
      Buffer.from('webm', 'latin1'),
      Buffer.alloc(500),
    ]);
    expect((await uploadRaw(ctx.app, alice, webm, { contentType: 'video/webm' })).json()).toMatchObject({
      mime_type: 'video/webm',
    });
  });

  it('accepts only images as avatars', async () => {
    const response = await uploadRaw(ctx.app, alice, makeMp4Bytes(), {
      bucket: 'avatars',
      contentType: 'video/mp4',
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('resumable uploads (tus)', () => {
  const tus = (
    method: 'POST' | 'HEAD' | 'PATCH' | 'DELETE',
    url: string,
    user: TestUser | null,
    headers: Record<string, string> = {},
    payload?: Buffer,
  ) =>
    ctx.app.inject({
      method,
      url,
      headers: { 'tus-resumable': '1.0.0', ...(user ? user.headers : {}), ...headers },
      ...(payload ? { payload } : {}),
    });
  const patch = (url: string, user: TestUser, offset: number, bytes: Buffer) =>
    tus(
      'PATCH',
      url,
      user,
      { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      bytes,
    );

  it('continues an interrupted upload where it stopped and stores the same bytes', async () => {
    const video = makeMp4Bytes(300_000);
    for (let i = 64; i < video.length; i++) video[i] = (i * 31) % 251;
    const created = await tus('POST', '/api/v1/storage/post-media/resumable', alice, {
      'upload-length': String(video.length),
      'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}`,
    });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(new RegExp(`^/api/v1/storage/post-media/resumable/${alice.id}_[0-9a-f]{32}$`));

    // The connection drops after the first chunk; the client asks where to go on.
    expect((await patch(location, alice, 0, video.subarray(0, 100_000))).statusCode).toBe(204);
    const head = await tus('HEAD', location, alice);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('100000');
    // Nothing half-uploaded is served.
    expect((await ctx.app.inject({ url: location, headers: alice.headers })).statusCode).toBe(404);

    expect((await patch(location, alice, 100_000, video.subarray(100_000, 200_000))).statusCode).toBe(204);
    const finished = await patch(location, alice, 200_000, video.subarray(200_000));
    expect(finished.statusCode).toBe(200);
    const upload = finished.json() as UploadResponse;
    expect(upload).toMatchObject({ type: 'video', mime_type: 'video/mp4', size: video.length });
    expect(upload.path).toMatch(new RegExp(`^post-media/${alice.id}/`));
    expect((await fetchMedia(upload.public_url)).equals(video)).toBe(true);
    // The parts are gone once the file is stored.
    expect((await tus('HEAD', location, alice)).statusCode).toBe(404);
  });

  it('keeps uploads private to their owner and refuses what a one-request upload refuses', async () => {
    const bob = await createUser(ctx.app);
    const created = await tus('POST', '/api/v1/storage/post-media/resumable', alice, {
      'upload-length': '1000',
    });
    const location = created.headers.location as string;
    expect((await tus('HEAD', location, bob)).statusCode).toBe(404);
    expect((await patch(location, bob, 0, Buffer.alloc(10))).statusCode).toBe(404);
    expect((await tus('HEAD', location, null)).statusCode).toBe(401);
    expect(
      (await tus('POST', '/api/v1/storage/post-media/resumable', null, { 'upload-length': '10' })).statusCode,
    ).toBe(401);

    const script = Buffer.from('#!/bin/sh\necho owned\n'.padEnd(1000, '#'));
    const refused = await patch(location, alice, 0, script);
    expect(refused.statusCode).toBe(415);
    expect(JSON.parse(refused.body).error.message).toBe('Invalid file type');

    const tooLarge = await tus('POST', '/api/v1/storage/post-media/resumable', alice, {
      'upload-length': String(300 * 1024 * 1024),
    });
    expect(tooLarge.statusCode).toBe(413);
  });
});

describe('upload access and limits', () => {
  it('requires a signed-in user and a known bucket', async () => {
    const anonymous = await uploadRaw(ctx.app, null, await makeJpeg());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('User not authenticated');
    const bucket = await uploadRaw(ctx.app, alice, await makeJpeg(), { bucket: 'secrets' });
    expect(bucket.statusCode).toBe(400);
  });

  it('refuses a file over the limit with 413 File too large', async () => {
    const small = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, uploadMaxBytes: 50_000 });
    try {
      const user = await createUser(small.app);
      const response = await uploadRaw(small.app, user, makeMp4Bytes(50_001), { contentType: 'video/mp4' });
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toMatchObject({ code: 'payload_too_large', message: 'File too large' });
      expect(
        (await uploadRaw(small.app, user, makeMp4Bytes(50_000), { contentType: 'video/mp4' })).statusCode,
      ).toBe(201);
      // In a form, the same limit holds for the file part while it streams.
      const boundary = 'b0undary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\n\r\n`),
        makeMp4Bytes(50_001),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const inForm = await uploadRaw(small.app, user, payload, {
        contentType: `multipart/form-data; boundary=${boundary}`,
      });
      expect(inForm.statusCode).toBe(413);
      expect(inForm.json().error.message).toBe('File too large');
    } finally {
      await small.close();
    }
  });

  it('cuts a stream off at the limit while it is still arriving, leaving no file behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sys-receive-'));
    try {
      let produced = 0;
      // An endless body without a declared length: reading must stop shortly after the limit.
      const endless = new Readable({
        read() {
          produced += 16_384;
          this.push(Buffer.alloc(16_384, 1));
        },
      });
      await expect(receiveToTempFile(endless, { maxBytes: 100_000, dir })).rejects.toMatchObject({
        status: 413,
        message: 'File too large',
      });
      expect(produced).toBeLessThan(100_000 + 20 * 16_384);
      expect(readdirSync(dir)).toEqual([]);

      const ok = await receiveToTempFile(Readable.from([Buffer.from('hello '), Buffer.from('world')]), {
        maxBytes: 100,
        dir,
      });
      expect(ok).toMatchObject({ size: 11, head: Buffer.from('hello world') });
      expect(existsSync(ok.file)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('file type sniffing', () => {
  it('decides by magic numbers', () => {
    const withBrand = (brand: string) => {
      const head = Buffer.alloc(32);
      head.write('ftyp', 4, 'latin1');
      head.write(brand, 8, 'latin1');
      return head;
    };
    expect(sniffFileType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toEqual({ kind: 'image', format: 'jpeg' });
    expect(sniffFileType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'))).toEqual({
      kind: 'image',
      format: 'webp',
    });
    expect(sniffFileType(Buffer.from('RIFF\0\0\0\0AVI LIST', 'latin1'))).toBeNull();
    expect(sniffFileType(withBrand('heic'))).toEqual({ kind: 'image', format: 'heif' });
    expect(sniffFileType(withBrand('avif'))).toEqual({ kind: 'image', format: 'heif' });
    expect(sniffFileType(withBrand('mp42'))).toMatchObject({ mimeType: 'video/mp4' });
    expect(sniffFileType(withBrand('M4A '))).toBeNull();
    expect(sniffFileType(Buffer.from('GIF89a', 'latin1'))).toBeNull();
    expect(sniffFileType(Buffer.from('%PDF-1.7', 'latin1'))).toBeNull();
    expect(sniffFileType(Buffer.alloc(0))).toBeNull();
  });
});
