import type { AddressInfo } from 'node:net';
import type { UploadResponse } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApps, type TestApps, testEngine } from '../../test/context.ts';
import { makeMp4Bytes } from '../../test/media.ts';
import { type LocalS3, startLocalS3 } from '../../test/s3rver.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import { RESUMABLE_S3_PREFIX } from './storage.resumable-s3.ts';
import type { S3Storage } from './storage.s3.ts';

/*
 * Resumable uploads behind a load balancer: two instances (apps) on one database and one S3-compatible
 * store (s3rver). Any request of an upload may reach either instance, so its state lives in the bucket
 * and its lock in PostgreSQL.
 */

let s3: LocalS3;
let cluster: TestApps;
let a: FastifyInstance;
let b: FastifyInstance;
let alice: TestUser;

beforeAll(async () => {
  s3 = await startLocalS3();
  cluster = await createTestApps(2, { authRateLimits: TEST_RATE_LIMITS, ...s3.config });
  [a, b] = cluster.apps as [FastifyInstance, FastifyInstance];
  alice = await createUser(a);
});
afterAll(async () => {
  await cluster?.close();
  await s3?.close();
});

const tus = (
  app: FastifyInstance,
  method: 'POST' | 'HEAD' | 'PATCH',
  url: string,
  headers: Record<string, string> = {},
  payload?: Buffer,
) =>
  app.inject({
    method,
    url,
    headers: { 'tus-resumable': '1.0.0', ...alice.headers, ...headers },
    ...(payload ? { payload } : {}),
  });

const patchHeaders = (offset: number) => ({
  'upload-offset': String(offset),
  'content-type': 'application/offset+octet-stream',
});

function videoBytes(size: number): Buffer {
  const video = makeMp4Bytes(size);
  for (let i = 64; i < video.length; i++) video[i] = (i * 31) % 251;
  return video;
}

async function create(app: FastifyInstance, size: number): Promise<string> {
  const created = await tus(app, 'POST', '/api/v1/storage/post-media/resumable', {
    'upload-length': String(size),
  });
  expect(created.statusCode).toBe(201);
  return created.headers.location as string;
}

/** What is left in the bucket of the upload at `location` (another test leaves an unfinished one). */
const leftoversOf = async (location: string) =>
  (await (a.services.fileStore as S3Storage).list(`${RESUMABLE_S3_PREFIX}/${location.split('/').at(-1)}/`))
    .length;

describe('resumable uploads across instances (STORAGE_DRIVER=s3)', () => {
  it('continues on instance B an upload started on instance A; both serve the same bytes', async () => {
    const video = videoBytes(300_000);
    const location = await create(a, video.length);
    const uploadId = location.split('/').at(-1)!;

    expect((await tus(a, 'PATCH', location, patchHeaders(0), video.subarray(0, 150_000))).statusCode).toBe(
      204,
    );
    const head = await tus(b, 'HEAD', location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('150000');
    expect(head.headers['upload-length']).toBe(String(video.length));
    expect(await leftoversOf(location)).toBeGreaterThan(0);
    // The waiting parts share the bucket but are never served.
    for (const app of [a, b]) {
      const part = await app.inject({ url: `/media/${RESUMABLE_S3_PREFIX}/${uploadId}/info.json` });
      expect(part.statusCode).toBe(404);
    }

    // The client resumes from the wrong offset first: refused without change.
    expect((await tus(b, 'PATCH', location, patchHeaders(0), video.subarray(0, 10))).statusCode).toBe(409);
    const finished = await tus(b, 'PATCH', location, patchHeaders(150_000), video.subarray(150_000));
    expect(finished.statusCode).toBe(200);
    const upload = finished.json() as UploadResponse;
    expect(upload).toMatchObject({ type: 'video', mime_type: 'video/mp4', size: video.length });

    for (const app of [a, b]) {
      const media = await app.inject({ url: upload.public_url });
      expect(media.statusCode).toBe(200);
      expect(media.rawPayload.equals(video)).toBe(true);
      expect((await tus(app, 'HEAD', location)).statusCode).toBe(404);
    }
    expect(await leftoversOf(location)).toBe(0);
  });

  it('refuses a finished upload that is not an allowed file, on whichever instance finishes it', async () => {
    const script = Buffer.from('#!/bin/sh\necho owned\n'.padEnd(2000, '#'));
    const location = await create(b, script.length);
    expect((await tus(b, 'PATCH', location, patchHeaders(0), script.subarray(0, 1000))).statusCode).toBe(204);
    const refused = await tus(a, 'PATCH', location, patchHeaders(1000), script.subarray(1000));
    expect(refused.statusCode).toBe(415);
    expect(JSON.parse(refused.body).error.message).toBe('Invalid file type');
    expect(await leftoversOf(location)).toBe(0);
  });

  it('lets another user neither see nor continue the upload on any instance', async () => {
    const bob = await createUser(b);
    const location = await create(a, 1000);
    for (const app of [a, b]) {
      const head = await app.inject({
        method: 'HEAD',
        url: location,
        headers: { 'tus-resumable': '1.0.0', ...bob.headers },
      });
      expect(head.statusCode).toBe(404);
    }
    expect((await tus(b, 'HEAD', location)).headers['upload-offset']).toBe('0');
  });
});

// tus' lock across processes: only PostgreSQL can give one (on PGlite there is only ever one process), so
// this part exists in the PostgreSQL pass of the tests (TEST_DATABASE_URL), like main.test.ts' engines.
if (testEngine === 'postgres')
  describe('the upload lock across instances (PostgreSQL)', () => {
    const advisoryLocks = async () =>
      (
        await a.database.query<{ n: number }>(
          `select count(*)::int as n from pg_locks where locktype = 'advisory'
           and database = (select oid from pg_database where datname = current_database())`,
        )
      )[0]!.n;

    it('makes a PATCH on B wait for the one in progress on A, which ends and keeps what arrived', async () => {
      await a.listen({ host: '127.0.0.1', port: 0 });
      const urlA = `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`;
      const video = videoBytes(200_000);
      const location = await create(a, video.length);

      // A slow client: the first 50,000 bytes arrive on A, the rest never does.
      let sender!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          sender = controller;
        },
      });
      sender.enqueue(new Uint8Array(video.subarray(0, 50_000)));
      const onA = fetch(`${urlA}${location}`, {
        method: 'PATCH',
        body,
        duplex: 'half',
        headers: { 'tus-resumable': '1.0.0', ...alice.headers, ...patchHeaders(0) },
      } as RequestInit).then(
        (response) => ({ status: response.status, offset: response.headers.get('upload-offset') }),
        () => null,
      );
      while ((await advisoryLocks()) === 0) await new Promise((resolve) => setTimeout(resolve, 50));

      // The same offset on B: B asks A to let go, A stores the 50,000 bytes it has, and B then finds the
      // upload has moved on. Without a shared lock B would have written the whole file at offset 0 meanwhile.
      const onB = await tus(b, 'PATCH', location, patchHeaders(0), video);
      expect(onB.statusCode).toBe(409);
      const answeredA = await onA;
      if (answeredA) expect(answeredA).toEqual({ status: 204, offset: '50000' });
      try {
        sender.close();
      } catch {
        // The request is already over.
      }

      const head = await tus(b, 'HEAD', location);
      expect(head.headers['upload-offset']).toBe('50000');
      const finished = await tus(b, 'PATCH', location, patchHeaders(50_000), video.subarray(50_000));
      expect(finished.statusCode).toBe(200);
      const media = await a.inject({ url: (finished.json() as UploadResponse).public_url });
      expect(media.rawPayload.equals(video)).toBe(true);
      expect(await advisoryLocks()).toBe(0);
    });
  });
