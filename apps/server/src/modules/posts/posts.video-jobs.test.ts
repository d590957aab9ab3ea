import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Post, UploadResponse } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { postBody, uploadRaw } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import { findFfmpeg } from '../storage/storage.video.ts';

/*
 * Uploaded videos through the real job queue (pg-boss on in-memory PGlite, or on PostgreSQL with
 * TEST_DATABASE_URL) and the real ffmpeg of @ffmpeg-installer/ffmpeg. The clips are made here with that
 * ffmpeg (testsrc), so no video is committed.
 */

const ffmpeg = findFfmpeg();
if (!ffmpeg) throw new Error('these tests need the ffmpeg of @ffmpeg-installer/ffmpeg');
const folder = mkdtempSync(join(tmpdir(), 'sys-video-test-'));

/** Runs the ffmpeg binary quietly with `args`, writing `name` in the test folder; returns its bytes. */
function ffmpegMake(name: string, args: string[]): Buffer {
  const file = join(folder, name);
  execFileSync(ffmpeg!, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args, '-y', file]);
  return readFileSync(file);
}

/** A clip of `seconds` seconds at `size`: MPEG-4 Part 2 and AAC in MP4 (quick to make; not the H.264 served). */
function makeClip(name: string, seconds: number, size = '320x240', rate = 10): Buffer {
  return ffmpegMake(name, [
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${size}:rate=${rate}:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'mpeg4',
    '-c:a',
    'aac',
    '-shortest',
    '-f',
    'mp4',
  ]);
}

/**
 * A WebM written as a live stream, as browsers' MediaRecorder writes them: no duration in its header
 * (`ffmpeg -i` says "Duration: N/A").
 */
function makeLiveWebm(name: string, seconds: number): Buffer {
  return ffmpegMake(name, [
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=160x120:rate=5:duration=${seconds}`,
    '-c:v',
    'libvpx',
    '-f',
    'webm',
    '-live',
    '1',
  ]);
}

/** The top-level MP4 boxes in order (ftyp, moov, mdat...). */
function topBoxes(bytes: Buffer): string[] {
  const boxes: string[] = [];
  let offset = 0;
  while (offset + 8 <= bytes.length) {
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    if (size === 1) size = Number(bytes.readBigUInt64BE(offset + 8));
    boxes.push(type);
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

async function until<T>(what: string, check: () => Promise<T | undefined>, seconds = 90): Promise<T> {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('uploaded videos are transcoded in a background job', () => {
  let ctx: TestApp;
  let app: FastifyInstance;
  let author: TestUser;
  let other: TestUser;
  let clip: Buffer;

  beforeAll(async () => {
    ctx = await createTestApp({
      videoTranscode: true,
      jobPollSeconds: 1,
      videoMaxSeconds: 3,
      authRateLimits: TEST_RATE_LIMITS,
    });
    app = ctx.app;
    author = await createUser(app);
    other = await createUser(app);
    clip = makeClip('one-second.mp4', 1);
  }, 300_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const upload = async (bytes: Buffer, user = author) =>
    uploadRaw(app, user, bytes, { contentType: 'video/mp4' });

  const publish = async (media: UploadResponse) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/posts',
      headers: author.headers,
      payload: postBody([media]),
    });
    expect(response.statusCode).toBe(201);
    return response.json() as Post;
  };

  const get = (url: string, user: TestUser | null) =>
    app.inject({ method: 'GET', url, headers: user ? user.headers : {} });

  const feedIds = async (user: TestUser | null) =>
    ((await get('/api/v1/posts?limit=50', user)).json() as { items: Post[] }).items.map((post) => post.id);

  it('hides the post from others while processing, then serves a fast-start MP4 and a poster', async () => {
    // The worker would finish a one-second clip within a second or two, sometimes before the checks
    // below ran on a loaded machine: its attempt is held until they are done, then runs as it is.
    const jobs = app.services.videoJobs!;
    const transcode = jobs.transcode.bind(jobs);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    jobs.transcode = async (job) => {
      await held;
      return transcode(job);
    };
    const uploaded = await upload(clip);
    expect(uploaded.statusCode).toBe(201);
    const post = await publish(uploaded.json() as UploadResponse);

    // Right after publishing the job has not finished: the author sees "processing", nobody else the post.
    expect(post.media[0]?.status).toBe('processing');
    expect((await get(`/api/v1/posts/${post.id}`, other)).statusCode).toBe(404);
    expect((await get(`/api/v1/posts/${post.id}`, null)).statusCode).toBe(404);
    expect(await feedIds(other)).not.toContain(post.id);
    expect(await feedIds(null)).not.toContain(post.id);
    const own = await get(`/api/v1/posts/${post.id}`, author);
    expect(own.statusCode).toBe(200);
    expect((own.json() as Post).visibility).toBe('public');

    release();
    jobs.transcode = transcode;
    const ready = await until('the transcode', async () => {
      const seen = await get(`/api/v1/posts/${post.id}`, other);
      return seen.statusCode === 200 ? (seen.json() as Post) : undefined;
    });
    const medium = ready.media[0]!;
    expect(medium.status).toBe('ready');
    expect(medium.media_url).toMatch(/\.mp4$/);
    expect(ready.media_url).toBe(medium.media_url);
    // The visitor's feed is a prepared page, cleared after the job's transaction: a moment later.
    await until(
      'the visitor feed',
      async () => ((await feedIds(null)).includes(post.id) ? true : undefined),
      30,
    );

    const video = await app.inject({ method: 'GET', url: medium.media_url });
    expect(video.statusCode).toBe(200);
    const boxes = topBoxes(video.rawPayload);
    expect(boxes[0]).toBe('ftyp');
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    const poster = await app.inject({ method: 'GET', url: medium.poster_url! });
    expect(poster.statusCode).toBe(200);
    expect(poster.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  }, 120_000);

  it('refuses a video longer than the limit with a clear error', async () => {
    const response = await upload(makeClip('five-seconds.mp4', 5));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      error: { code: 'video_too_long', message: 'Videos can be at most 3 seconds long' },
    });
  }, 60_000);

  it('measures a recording with no duration in its header: short is taken, long refused', async () => {
    const short = await uploadRaw(app, author, makeLiveWebm('live-short.webm', 1), {
      contentType: 'video/webm',
    });
    expect(short.statusCode, short.body).toBe(201);
    const long = await uploadRaw(app, author, makeLiveWebm('live-long.webm', 5), {
      contentType: 'video/webm',
    });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ error: { code: 'video_too_long' } });
  }, 60_000);

  it('refuses a video larger than 4K with a clear error', async () => {
    const response = await upload(makeClip('five-k.mp4', 1, '5120x2880', 1));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: { code: 'video_too_large' } });
  }, 60_000);
});
