import { type ChildProcess, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LiveEvent, Post, UploadResponse } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, serverRoot } from '../paths.ts';
import { createPostgresTestDatabase, type TestDatabaseUrl, testDatabaseUrl } from '../test/context.ts';
import { makeJpeg, makeMp4Bytes, postBody } from '../test/media.ts';
import { childEnv } from '../test/processes.ts';
import { type LocalS3, startLocalS3 } from '../test/s3rver.ts';
import { openEventStream } from '../test/sse.ts';
import { findNginx } from './cluster.ts';

/*
 * `npm run start:cluster` as an operator runs it: two server instances on one PostgreSQL database and one
 * S3-compatible store (s3rver), behind nginx. Content is made through instance A and read through instance
 * B and through nginx; rate limits count across instances; a resumable upload started on A ends on B.
 * Runs in the PostgreSQL pass of `npm run test:unit` (its own vitest project, "cluster").
 */

const nginx = findNginx();
if (!testDatabaseUrl) throw new Error('The cluster test needs TEST_DATABASE_URL (a PostgreSQL server).');
if (!nginx) {
  throw new Error(
    'The cluster test needs nginx (NGINX_BIN, /usr/sbin/nginx or the PATH): apt-get install nginx. ' +
      '.ci/run installs it; it never runs as a service.',
  );
}

const TOKEN_LIMIT = 6;
const API = { 'x-supabase-api-version': '2024-01-01' };

let database: TestDatabaseUrl;
let s3: LocalS3;
let tmp: string;
let cluster: ChildProcess;
let output = '';
let viaNginx: string;
let instanceA: string;
let instanceB: string;

/** `count` consecutive free ports on 127.0.0.1 (the instances' ports follow CLUSTER_BASE_PORT). */
async function freePorts(count: number): Promise<number> {
  const isFree = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    let all = true;
    for (let i = 0; i < count && all; i++) all = await isFree(base + i);
    if (all) return base;
  }
}

beforeAll(async () => {
  database = await createPostgresTestDatabase();
  s3 = await startLocalS3();
  tmp = mkdtempSync(join(tmpdir(), 'sys-cluster-test-'));
  const webDist = join(tmp, 'web');
  mkdirSync(webDist, { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SYS cluster test</title>');

  const base = await freePorts(3);
  viaNginx = `http://127.0.0.1:${base}`;
  instanceA = `http://127.0.0.1:${base + 1}`;
  instanceB = `http://127.0.0.1:${base + 2}`;
  const s3Config = s3.config;
  const env = childEnv({
    CLUSTER_INSTANCES: '2',
    HOST: '127.0.0.1',
    PORT: String(base),
    CLUSTER_BASE_PORT: String(base + 1),
    NGINX_BIN: nginx!,
    DATABASE_URL: database.url,
    DATA_DIR: join(tmp, 'data'),
    WEB_DIST: webDist,
    SEED_DEMO: 'false',
    // The resumable upload below is bytes shaped like an MP4, kept as sent (no transcode).
    VIDEO_TRANSCODE: 'false',
    AUTH_JWT_PRIVATE_KEY: JSON.stringify(
      generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' }),
    ),
    AUTH_RATE_LIMITS: `token=${TOKEN_LIMIT}/300,otp=1000/300,email=1000/3600`,
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: String(s3Config.s3Endpoint),
    S3_BUCKET: String(s3Config.s3Bucket),
    S3_REGION: String(s3Config.s3Region),
    S3_ACCESS_KEY_ID: String(s3Config.s3AccessKeyId),
    S3_SECRET_ACCESS_KEY: String(s3Config.s3SecretAccessKey),
    S3_FORCE_PATH_STYLE: 'true',
  });
  cluster = spawn(process.execPath, ['--import', 'tsx', join(serverRoot, 'src', 'cli', 'cluster.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cluster.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  cluster.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('SYS cluster is running at')) {
        clearInterval(timer);
        resolve();
      } else if (cluster.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`the cluster did not start:\n${output}`));
      }
    }, 100);
  });
}, 120_000);

afterAll(async () => {
  if (cluster && cluster.exitCode === null) {
    const exited = new Promise((resolve) => cluster.once('exit', resolve));
    cluster.kill('SIGTERM');
    const timer = setTimeout(() => cluster.kill('SIGKILL'), 45_000);
    await exited;
    clearTimeout(timer);
  }
  await s3?.close();
  await database?.drop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
}, 90_000);

interface User {
  id: string;
  headers: { authorization: string };
}

async function signUp(baseUrl: string): Promise<User> {
  const email = `cluster-${randomBytes(5).toString('hex')}@example.com`;
  const response = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { ...API, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return { id: session.user.id, headers: { authorization: `Bearer ${session.access_token}` } };
}

async function call(baseUrl: string, method: string, path: string, user: User | null, body?: unknown) {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(user?.headers ?? {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function bytesOf(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('npm run start:cluster: two instances behind nginx', () => {
  it('runs both instances on PostgreSQL, and nginx spreads requests over them', async () => {
    const health = async (url: string) =>
      (await (await fetch(`${url}/api/health`)).json()) as Record<string, string>;
    expect(await health(instanceA)).toMatchObject({ status: 'ok', database: 'postgres', instance: 'sys-1' });
    expect(await health(instanceB)).toMatchObject({ status: 'ok', database: 'postgres', instance: 'sys-2' });
    const answered = new Set<string>();
    for (let i = 0; i < 6; i++) answered.add((await health(viaNginx)).instance!);
    expect([...answered].sort()).toEqual(['sys-1', 'sys-2']);
    expect((await fetch(`${viaNginx}/api/health/live`)).status).toBe(200);
    // The web app comes through nginx too.
    expect(await (await fetch(`${viaNginx}/`)).text()).toContain('SYS cluster test');
  });

  it('shows a post with media, a follow and a message made on A through B and nginx, live', async () => {
    const alice = await signUp(instanceA);
    const bob = await signUp(instanceA);

    // Bob watches on B and through nginx before anything happens on A.
    const streams = [
      await openEventStream(instanceB, `profiles=${bob.id}`, bob.headers),
      await openEventStream(viaNginx, `profiles=${bob.id}`, bob.headers),
    ];
    try {
      for (const stream of streams) expect(stream.status).toBe(200);

      const photo = await makeJpeg(96, 64, { r: 30, g: 160, b: 90 });
      const uploaded = await fetch(`${instanceA}/api/v1/storage/post-media`, {
        method: 'POST',
        headers: { ...alice.headers, 'content-type': 'image/jpeg' },
        body: new Uint8Array(photo),
      });
      expect(uploaded.status).toBe(201);
      const media = (await uploaded.json()) as UploadResponse;
      const created = await call(instanceA, 'POST', '/api/v1/posts', alice, postBody([media]));
      expect(created.status).toBe(201);
      const post = (await created.json()) as Post;

      for (const baseUrl of [instanceB, viaNginx]) {
        const read = await call(baseUrl, 'GET', `/api/v1/posts/${post.id}`, null);
        expect(read.status).toBe(200);
        expect(((await read.json()) as Post).caption).toBe(post.caption);
      }
      const stored = await bytesOf(`${instanceA}${media.public_url}`);
      expect((await bytesOf(`${instanceB}${media.public_url}`)).equals(stored)).toBe(true);
      expect((await bytesOf(`${viaNginx}${media.public_url}`)).equals(stored)).toBe(true);

      expect((await call(instanceA, 'PUT', `/api/v1/follows/${bob.id}`, alice)).status).toBe(200);
      for (const stream of streams) {
        await stream.waitFor(
          (event: LiveEvent) =>
            event.type === 'profile.stats' &&
            event.profile_id === bob.id &&
            event.stats.followers_count === 1,
          15_000,
        );
      }

      const conversation = await call(instanceA, 'POST', '/api/v1/conversations', alice, {
        profile_id: bob.id,
      });
      expect(conversation.status).toBe(201);
      const { id: conversationId } = (await conversation.json()) as { id: string };
      const sent = await call(instanceA, 'POST', `/api/v1/conversations/${conversationId}/messages`, alice, {
        body: 'Seen on another instance',
      });
      expect(sent.status).toBe(201);
      for (const stream of streams) {
        const event = await stream.waitFor(
          (e: LiveEvent) => e.type === 'message.created' && e.message.body === 'Seen on another instance',
          15_000,
        );
        expect(event.type).toBe('message.created');
      }
      const listed = await call(instanceB, 'GET', `/api/v1/conversations/${conversationId}/messages`, bob);
      expect(listed.status).toBe(200);
      expect(JSON.stringify(await listed.json())).toContain('Seen on another instance');
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('counts the sign-in rate limit over both instances, and behind nginx by the real client address', async () => {
    // A new address each time: five wrong passwords for one account lock it (AUTH_LOCKOUT), which would
    // answer 429 before the per-client limit this test counts.
    let attempts = 0;
    const attempt = (baseUrl: string, forwardedFor: string) =>
      fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { ...API, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email: `nobody${++attempts}@example.com`, password: 'wrong password' }),
      });

    // Straight to the instances (a trusted proxy on loopback says the client is 198.51.100.77).
    for (let i = 0; i < TOKEN_LIMIT; i++) {
      expect((await attempt(i % 2 === 0 ? instanceA : instanceB, '198.51.100.77')).status).toBe(400);
    }
    expect((await attempt(instanceA, '198.51.100.77')).status).toBe(429);
    expect((await attempt(instanceB, '198.51.100.77')).status).toBe(429);

    // Through nginx, a client claiming a new address each time is still the one address nginx sees.
    for (let i = 0; i < TOKEN_LIMIT; i++)
      expect((await attempt(viaNginx, `203.0.113.${i + 1}`)).status).toBe(400);
    expect((await attempt(viaNginx, '203.0.113.99')).status).toBe(429);
  });

  it('finishes on B a resumable upload started on A, and serves it everywhere', async () => {
    const alice = await signUp(instanceA);
    const video = makeMp4Bytes(400_000);
    for (let i = 64; i < video.length; i++) video[i] = (i * 7) % 253;
    const tus = (
      baseUrl: string,
      method: string,
      path: string,
      headers: Record<string, string>,
      body?: Buffer,
    ) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { 'tus-resumable': '1.0.0', ...alice.headers, ...headers },
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
    const patch = (offset: number) => ({
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    });

    const created = await tus(instanceA, 'POST', '/api/v1/storage/post-media/resumable', {
      'upload-length': String(video.length),
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect((await tus(instanceA, 'PATCH', location, patch(0), video.subarray(0, 150_000))).status).toBe(204);
    const head = await tus(instanceB, 'HEAD', location, {});
    expect(head.headers.get('upload-offset')).toBe('150000');
    expect(
      (await tus(viaNginx, 'PATCH', location, patch(150_000), video.subarray(150_000, 300_000))).status,
    ).toBe(204);
    const finished = await tus(instanceB, 'PATCH', location, patch(300_000), video.subarray(300_000));
    expect(finished.status).toBe(200);
    const upload = (await finished.json()) as UploadResponse;
    for (const baseUrl of [instanceA, instanceB, viaNginx]) {
      expect((await bytesOf(`${baseUrl}${upload.public_url}`)).equals(video)).toBe(true);
    }
  });

  it('stops nginx and both instances on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => cluster.once('exit', (code) => resolve(code)));
    cluster.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('SYS cluster stopped');
    for (const url of [viaNginx, instanceA, instanceB]) {
      await expect(fetch(`${url}/api/health/live`)).rejects.toThrow();
    }
  });
});
