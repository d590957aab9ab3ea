import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEngines } from './test/engines.ts';
import { childEnv, ensureServerBuilt, startServer } from './test/processes.ts';
import { makeOneSecondClip, requireFfmpeg, writeFfmpegStandIn } from './test/video.ts';

/*
 * A video transcode survives a crash: the server is SIGKILLed while the job's ffmpeg runs, a new server
 * starts on the same data, and pg-boss hands the expired job out again; the post becomes ready with an
 * MP4 and a poster made by the second attempt. The transcode is held, not raced: FFMPEG_PATH points at a
 * stand-in script that, while a "hold" file exists, writes a "started" file on a transcode call and waits;
 * the test kills the server once that file appears, and removes the hold before the restart (the stand-in
 * then runs the real ffmpeg). VIDEO_JOB_TIMEOUT_SECONDS is its minimum (10) so that the job expires soon.
 * The restart must not queue a second job for the video (its killed job is still open): the one job is
 * expired by pg-boss, retried, and finished by its second attempt.
 * On PGlite (same DATA_DIR) and on PostgreSQL (same database).
 */

const realFfmpeg = requireFfmpeg();

let tmp: string;
let webDist: string;
let clip: Buffer;

beforeAll(() => {
  ensureServerBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'sys-video-crash-'));
  webDist = join(tmp, 'web');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>video crash test</title>');
  clip = makeOneSecondClip(realFfmpeg, join(tmp, 'clip.mp4'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, seconds = 90) {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface PostView {
  id: string;
  media: { status: string; media_url: string; poster_url: string | null }[];
}

describe.each(serverEngines())('a transcode killed by SIGKILL on $name', (engine) => {
  let dataDir: string;
  let engineEnv: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmp, `${engine.name}-`));
    engineEnv = await engine.setup();
  });
  afterAll(() => engine.teardown());

  it('is taken up again by the next server, and the post becomes ready with a poster', async () => {
    const standIn = writeFfmpegStandIn(realFfmpeg, mkdtempSync(join(tmp, 'ffmpeg-')));
    const env = childEnv({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      SEED_DEMO: 'false',
      AUTH_RATE_LIMITS: 'token=100000/300,otp=100000/300,email=100000/3600',
      FFMPEG_PATH: standIn.script,
      VIDEO_JOB_TIMEOUT_SECONDS: '10',
      JOB_POLL_SECONDS: '1',
      ...engineEnv,
    });

    let server = await startServer(env);
    const signup = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `video-crash-${randomBytes(5).toString('hex')}@example.com`,
        password: 'correct horse battery',
      }),
    });
    expect(signup.status, await signup.clone().text()).toBe(200);
    const session = (await signup.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${session.access_token}` };

    const uploaded = await fetch(`${server.url}/api/v1/storage/post-media`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'video/mp4' },
      body: clip,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const media = (await uploaded.json()) as { public_url: string; type: string };
    const created = await fetch(`${server.url}/api/v1/posts`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        caption: 'Crash while transcoding',
        media: [{ url: media.public_url, type: media.type, order: 0 }],
        items: [
          { item_type: 'Dress', brand: 'Zara', link: 'https://shop.example.com/dress', price: '129.90' },
        ],
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const post = (await created.json()) as PostView;
    expect(post.media[0]?.status).toBe('processing');

    // The worker has taken the job and its ffmpeg is running (held): kill the server now.
    await until('the transcode to start', () => (existsSync(standIn.started) ? true : undefined), 60);
    expect((await server.kill()).signal).toBe('SIGKILL');
    rmSync(standIn.hold);

    server = await startServer(env);
    let ready: PostView;
    try {
      // Nobody but the author sees the post before it is ready: the anonymous read turns 200 then.
      ready = await until(
        'the post to become ready',
        async () => {
          const response = await fetch(`${server.url}/api/v1/posts/${post.id}`);
          return response.status === 200 ? ((await response.json()) as PostView) : undefined;
        },
        90,
      );
      const medium = ready.media[0]!;
      expect(medium.status).toBe('ready');
      // The file name carries the attempt: 0 was killed, this is a later one.
      expect(medium.media_url).toMatch(/\.[1-9]\.mp4$/);
      const video = Buffer.from(await (await fetch(`${server.url}${medium.media_url}`)).arrayBuffer());
      expect(video.toString('latin1', 4, 8)).toBe('ftyp');
      expect(medium.poster_url).toMatch(/\.[1-9]\.poster\.jpg$/);
      const poster = await fetch(`${server.url}${medium.poster_url}`);
      expect(poster.status).toBe(200);
      expect(Buffer.from(await poster.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    } finally {
      expect((await server.stop()).code).toBe(0);
    }

    // One job, completed on a later attempt: no duplicate was queued at the restart.
    const database = await engine.open(dataDir);
    try {
      const jobs = await database.query<{ state: string; retry_count: number }>(
        `select state, retry_count from pgboss.job where name = 'video-transcode'`,
      );
      expect(jobs).toHaveLength(1);
      expect(jobs[0]!.state).toBe('completed');
      expect(jobs[0]!.retry_count).toBeGreaterThanOrEqual(1);
    } finally {
      await database.close();
    }
  }, 180_000);
});
