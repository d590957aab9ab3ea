import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Post, UploadResponse } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase, pgliteDirFor } from '../../db/client.ts';
import { JOB_QUEUE_SCHEMA } from '../../lib/job-queue.ts';
import { serverRoot } from '../../paths.ts';
import { withOpenedDatabase } from '../../test/backup.ts';
import { createPostgresTestDatabase, type TestDatabaseUrl, testDatabaseUrl } from '../../test/context.ts';
import { postBody, uploadRaw } from '../../test/media.ts';
import { childEnv, ensureServerBuilt, runProcess, startServer } from '../../test/processes.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import { makeOneSecondClip, requireFfmpeg, writeFfmpegStandIn } from '../../test/video.ts';

/*
 * A backup taken with pg-boss's schema full of jobs (one finished transcode, one interrupted and waiting
 * for its retry) leaves that schema out; restored into an empty data directory or PostgreSQL database,
 * the server starts, creates pgboss again, queues the interrupted video's transcode anew (it is still
 * processing in the restored rows) and runs a new upload's job.
 */

const PUBLIC_URL = 'http://sys.backup-jobs.test';
const backupCli = join(serverRoot, 'dist', 'cli', 'backup.js');
const restoreCli = join(serverRoot, 'dist', 'cli', 'restore.js');
const ffmpeg = requireFfmpeg();

let tmp: string;
let webDist: string;
let backup: string;
let clip: Buffer;
let user: TestUser;
let finishedPost: string;
let interruptedPost: string;
const pgDatabases: TestDatabaseUrl[] = [];

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, seconds = 90) {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function publishVideo(app: FastifyInstance): Promise<string> {
  const uploaded = await uploadRaw(app, user, clip, { contentType: 'video/mp4' });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/posts',
    headers: user.headers,
    payload: postBody([uploaded.json() as UploadResponse]),
  });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json() as Post).id;
}

const jobStates = (database: Database) =>
  database.query<{ state: string; n: number }>(
    `select state::text as state, count(*)::int as n from ${JOB_QUEUE_SCHEMA}.job
     where name = 'video-transcode' group by state order by state`,
  );

beforeAll(async () => {
  ensureServerBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'sys-backup-jobs-'));
  webDist = join(tmp, 'web');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>backup jobs test</title>');
  clip = makeOneSecondClip(ffmpeg, join(tmp, 'clip.mp4'));
  const standIn = writeFfmpegStandIn(ffmpeg, mkdtempSync(join(tmp, 'ffmpeg-')));
  rmSync(standIn.hold);

  const source = join(tmp, 'source');
  const app = await buildApp(
    {
      dataDir: source,
      publicUrl: PUBLIC_URL,
      webDist: null,
      seedDemo: false,
      logLevel: 'silent',
      authRateLimits: TEST_RATE_LIMITS,
      videoTranscode: true,
      ffmpegPath: standIn.script,
      jobPollSeconds: 1,
    },
    { logger: false },
  );
  try {
    user = await createUser(app);
    finishedPost = await publishVideo(app);
    await until('the first transcode', async () =>
      (await app.inject({ method: 'GET', url: `/api/v1/posts/${finishedPost}` })).statusCode === 200
        ? true
        : undefined,
    );
    // The second transcode is held, then the app stops under it: its job fails and waits for a retry.
    writeFileSync(standIn.hold, '');
    interruptedPost = await publishVideo(app);
    await until('the second transcode to start', () => (existsSync(standIn.started) ? true : undefined));
  } finally {
    await app.close();
    rmSync(standIn.hold, { force: true });
  }
  const states = await withOpenedDatabase(openDatabase({ pgliteDir: pgliteDirFor(source) }), jobStates);
  expect(states).toEqual([
    { state: 'completed', n: 1 },
    { state: 'retry', n: 1 },
  ]);

  backup = join(tmp, 'backup');
  const result = await runProcess([backupCli, '--out', backup], childEnv({ DATA_DIR: source }), 120_000);
  expect(result.code, result.stderr).toBe(0);
}, 240_000);

afterAll(async () => {
  for (const database of pgDatabases) await database.drop();
  rmSync(tmp, { recursive: true, force: true });
});

it('the backup leaves the pgboss schema out', () => {
  const manifest = JSON.parse(readFileSync(join(backup, 'manifest.json'), 'utf8')) as {
    tables: { name: string }[];
  };
  expect(manifest.tables.some((table) => table.name === 'public.posts')).toBe(true);
  expect(manifest.tables.filter((table) => table.name.startsWith(`${JOB_QUEUE_SCHEMA}.`))).toEqual([]);
});

interface Target {
  name: string;
  create: () => Promise<Record<string, string>>;
  open: (env: Record<string, string>) => Promise<Database>;
}

const targets: Target[] = [
  {
    name: 'an empty data directory (PGlite)',
    create: async () => ({ DATA_DIR: mkdtempSync(join(tmp, 'restored-')) }),
    open: (env) => openDatabase({ pgliteDir: pgliteDirFor(env.DATA_DIR!) }),
  },
];
if (testDatabaseUrl) {
  targets.push({
    name: 'an empty PostgreSQL database',
    create: async () => {
      const database = await createPostgresTestDatabase();
      pgDatabases.push(database);
      return { DATA_DIR: mkdtempSync(join(tmp, 'restored-pg-')), DATABASE_URL: database.url };
    },
    open: (env) => openDatabase({ databaseUrl: env.DATABASE_URL! }),
  });
}

describe.each(targets)('restored into $name', (target) => {
  it('starts, creates pgboss again, transcodes the interrupted video and a new one', async () => {
    const env = await target.create();
    const restored = await runProcess([restoreCli, backup], childEnv(env), 180_000);
    expect(restored.code, restored.stderr).toBe(0);
    expect(
      await withOpenedDatabase(target.open(env), (database) =>
        database.query(`select 1 from pg_namespace where nspname = '${JOB_QUEUE_SCHEMA}'`),
      ),
    ).toEqual([]);

    const server = await startServer(
      childEnv({
        ...env,
        HOST: '127.0.0.1',
        PORT: '0',
        WEB_DIST: webDist,
        SEED_DEMO: 'false',
        PUBLIC_URL,
        JOB_POLL_SECONDS: '1',
      }),
    );
    const visible = (id: string) => async () => {
      const response = await fetch(`${server.url}/api/v1/posts/${id}`);
      return response.status === 200 ? ((await response.json()) as Post) : undefined;
    };
    try {
      const finished = await visible(finishedPost)();
      expect(finished?.media[0]?.status).toBe('ready');
      expect(finished?.media[0]?.poster_url).toMatch(/\.jpg$/);
      const interrupted = await until('the interrupted video', visible(interruptedPost));
      expect(interrupted.media[0]?.status).toBe('ready');
      expect(interrupted.media[0]?.poster_url).toMatch(/\.jpg$/);

      // A new upload (the token from before the backup is still good: the signing key came along).
      const uploaded = await fetch(`${server.url}/api/v1/storage/post-media`, {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'video/mp4' },
        body: clip,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(201);
      const created = await fetch(`${server.url}/api/v1/posts`, {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: JSON.stringify(postBody([(await uploaded.json()) as UploadResponse])),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const fresh = await until('the new video', visible(((await created.json()) as Post).id));
      expect(fresh.media[0]?.status).toBe('ready');
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
    // Only the restored server's jobs: the interrupted video's new one and the new upload's.
    expect(await withOpenedDatabase(target.open(env), jobStates)).toEqual([{ state: 'completed', n: 2 }]);
  }, 240_000);
});
