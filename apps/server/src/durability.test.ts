import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { serverEngines } from './test/engines.ts';
import { makeJpeg } from './test/media.ts';
import { childEnv, ensureServerBuilt, type ServerProcess, startServer } from './test/processes.ts';

/**
 * A crash (SIGKILL: no shutdown code runs) in the middle of post creations and of uploads leaves
 * nothing partial behind: the server starts again on the same data, every post is whole, every file a
 * row points at is whole, and unfinished uploads are neither visible nor kept (a resumable one can
 * still be finished). On PGlite (same DATA_DIR) and on PostgreSQL (same database).
 */

const PASSWORD = 'correct horse battery';
const RATE_LIMITS = 'token=100000/300,otp=100000/300,email=100000/3600';

let tmp: string;
let webDist: string;

beforeAll(() => {
  ensureServerBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'sys-durability-'));
  webDist = join(tmp, 'web');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>durability test</title>');
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function withDatabase<T>(open: Promise<Database>, work: (db: Database) => Promise<T>): Promise<T> {
  const database = await open;
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

interface User {
  id: string;
  headers: { authorization: string };
}

async function signUp(url: string): Promise<User> {
  const response = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `crash-${randomBytes(5).toString('hex')}@example.com`,
      password: PASSWORD,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return { id: session.user.id, headers: { authorization: `Bearer ${session.access_token}` } };
}

async function uploadJpeg(url: string, user: User, body: Buffer): Promise<string> {
  const response = await fetch(`${url}/api/v1/storage/post-media`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'image/jpeg' },
    body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { public_url: string }).public_url;
}

/** A JPEG of random pixels: large for its size in pixels, and every byte matters to the decoder. */
async function noiseJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** Fetches a media URL and decodes every pixel of it: a truncated file fails here. */
async function expectWholeImage(baseUrl: string, mediaUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}${mediaUrl}`);
  expect(response.status, mediaUrl).toBe(200);
  const bytes = Buffer.from(await response.arrayBuffer());
  const decoded = await sharp(bytes, { failOn: 'truncated' }).raw().toBuffer({ resolveWithObject: true });
  expect(decoded.info.width, mediaUrl).toBeGreaterThan(0);
}

/** Every file below a folder, relative, with forward slashes. */
function filesBelow(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
  } catch {
    return [];
  }
}

/** Polls until `check` holds (the server has started the work the test means to interrupt). */
async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An HTTP request whose body is sent in parts by the test; its outcome never rejects. */
function openRequest(url: string, options: { method: string; headers: Record<string, string | number> }) {
  const target = new URL(url);
  const request = httpRequest({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: options.method,
    headers: options.headers,
  });
  const outcome = new Promise<number | 'failed'>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve('failed'));
    });
    request.on('error', () => resolve('failed'));
  });
  return { request, outcome };
}

describe.each(serverEngines())('SIGKILL on $name', (engine) => {
  let dataDir: string;
  let engineEnv: Record<string, string>;
  const env = () =>
    childEnv({
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      SEED_DEMO: 'false',
      AUTH_RATE_LIMITS: RATE_LIMITS,
      ...engineEnv,
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmp, `${engine.name}-`));
    engineEnv = await engine.setup();
  });
  afterAll(() => engine.teardown());

  /** Starts the server and checks it is healthy (the data directory opened and is migrated). */
  async function start(): Promise<ServerProcess> {
    const server = await startServer(env());
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { status: string }).status).toBe('ok');
    return server;
  }

  it('during many concurrent post creations: after restart every post is whole and acknowledged ones are kept', async () => {
    let server = await start();
    const user = await signUp(server.url);
    const media = [
      await uploadJpeg(server.url, user, await makeJpeg(600, 800, { r: 200, g: 40, b: 40 })),
      await uploadJpeg(server.url, user, await makeJpeg(600, 800, { r: 40, g: 200, b: 40 })),
      await uploadJpeg(server.url, user, await makeJpeg(600, 800, { r: 40, g: 40, b: 200 })),
    ];
    const body = (index: number) =>
      JSON.stringify({
        caption: `Crash look ${index} #durability`,
        media: media.map((url, order) => ({ url, type: 'image', order })),
        items: [
          { item_type: 'Dress', brand: 'Zara', link: 'https://shop.example.com/dress', price: '129.90' },
          { item_type: 'Shoes', brand: 'Mango', link: 'https://shop.example.com/shoes', price: '59.90' },
        ],
      });

    const SENT = 60;
    const acknowledged: string[] = [];
    let firstAcknowledged!: () => void;
    const first = new Promise<void>((resolve) => {
      firstAcknowledged = resolve;
    });
    const creations = Array.from({ length: SENT }, (_, index) =>
      fetch(`${server.url}/api/v1/posts`, {
        method: 'POST',
        headers: { ...user.headers, 'content-type': 'application/json' },
        body: body(index),
      }).then(
        async (response) => {
          if (response.status !== 201) return 'failed';
          acknowledged.push(((await response.json()) as { id: string }).id);
          firstAcknowledged();
          return 'created';
        },
        () => 'failed',
      ),
    );
    await first;
    const killed = await server.kill();
    expect(killed.signal).toBe('SIGKILL');
    const outcomes = await Promise.all(creations);
    // The kill landed while creations were in flight, or this test proved nothing.
    expect(outcomes.filter((outcome) => outcome === 'failed').length).toBeGreaterThan(0);
    const kept = [...acknowledged];

    server = await start();
    try {
      for (const id of kept) {
        const response = await fetch(`${server.url}/api/v1/posts/${id}`);
        expect(response.status, id).toBe(200);
        const post = (await response.json()) as {
          media: { media_url: string; variants: { url: string }[] }[];
          items: unknown[];
        };
        expect(post.media).toHaveLength(3);
        expect(post.items).toHaveLength(2);
      }
      const first = (await (await fetch(`${server.url}/api/v1/posts/${kept[0]}`)).json()) as {
        media: { media_url: string; variants: { url: string }[] }[];
      };
      for (const item of first.media) {
        await expectWholeImage(server.url, item.media_url);
        for (const variant of item.variants) await expectWholeImage(server.url, variant.url);
      }
    } finally {
      expect((await server.stop()).code).toBe(0);
    }

    await withDatabase(engine.open(dataDir), async (db) => {
      const posts = await db.query<{ id: string; media: number; items: number; indexed: number }>(
        `select p.id,
           (select count(*)::int from post_media m where m.post_id = p.id) as media,
           (select count(*)::int from post_items i where i.post_id = p.id) as items,
           (select count(*)::int from post_search s where s.post_id = p.id) as indexed
         from posts p where p.profile_id = $1`,
        [user.id],
      );
      expect(posts.length).toBeGreaterThanOrEqual(kept.length);
      expect(posts.length).toBeLessThanOrEqual(SENT);
      expect(posts.filter((post) => post.media !== 3 || post.items !== 2 || post.indexed !== 1)).toEqual([]);
      const [orphans] = await db.query<{ media: number; items: number }>(
        `select
           (select count(*)::int from post_media m where not exists (select 1 from posts p where p.id = m.post_id)) as media,
           (select count(*)::int from post_items i where not exists (select 1 from posts p where p.id = i.post_id)) as items`,
      );
      expect(orphans).toEqual({ media: 0, items: 0 });
    });
  }, 300_000);

  it('during uploads (multipart and tus): nothing half-written is visible or kept; the tus upload resumes', async () => {
    let server = await start();
    const user = await signUp(server.url);
    await uploadJpeg(server.url, user, await makeJpeg(300, 400));
    const image = await noiseJpeg(700, 700);
    const half = Math.floor(image.length / 2);
    const uploadsDir = join(dataDir, 'tmp', 'uploads');
    const partsDir = join(uploadsDir, 'resumable');
    const receiving = () => filesBelow(uploadsDir).filter((name) => /^upload-.*\.tmp$/.test(name));

    // A multipart upload, cut after half of its file.
    const boundary = `----sys${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="look.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const multipart = openRequest(`${server.url}/api/v1/storage/post-media`, {
      method: 'POST',
      headers: {
        ...user.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + image.length + tail.length,
      },
    });
    multipart.request.write(Buffer.concat([head, image.subarray(0, half)]));
    await until(() => receiving().length > 0, 'the multipart upload to reach the server');

    // A resumable upload: the first half sent and acknowledged, the second half cut in flight.
    const tus = { ...user.headers, 'tus-resumable': '1.0.0' };
    const created = await fetch(`${server.url}/api/v1/storage/post-media/resumable`, {
      method: 'POST',
      headers: { ...tus, 'upload-length': String(image.length) },
    });
    expect(created.status).toBe(201);
    // The path only: the restarted server listens on another port.
    const uploadPath = new URL(created.headers.get('location')!, server.url).pathname;
    const location = () => `${server.url}${uploadPath}`;
    const uploadId = uploadPath.split('/').at(-1)!;
    const firstHalf = await fetch(location(), {
      method: 'PATCH',
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: image.subarray(0, half),
    });
    expect(firstHalf.status).toBe(204);
    const quarter = Math.floor(image.length / 4);
    const secondHalf = openRequest(location(), {
      method: 'PATCH',
      headers: {
        ...tus,
        'upload-offset': String(half),
        'content-type': 'application/offset+octet-stream',
        'content-length': image.length - half,
      },
    });
    secondHalf.request.write(image.subarray(half, half + quarter));
    await until(
      () => (statSync(join(partsDir, uploadId), { throwIfNoEntry: false })?.size ?? 0) > half,
      'the second half to reach the server',
    );

    const killed = await server.kill();
    expect(killed.signal).toBe('SIGKILL');
    expect(await multipart.outcome).toBe('failed');
    expect(await secondHalf.outcome).toBe('failed');
    expect(receiving().length).toBeGreaterThan(0);

    server = await start();
    let resumeFrom: number;
    try {
      // The unfinished multipart upload is gone; the resumable one waits where it stopped.
      expect(receiving()).toEqual([]);
      const offset = await fetch(location(), { method: 'HEAD', headers: tus });
      expect(offset.status).toBe(200);
      resumeFrom = Number(offset.headers.get('upload-offset'));
      expect(resumeFrom).toBeGreaterThanOrEqual(half);
      expect(resumeFrom).toBeLessThan(image.length);
      const parts = await fetch(location(), { headers: tus });
      expect(parts.status).toBe(404);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }

    // Only the one finished upload is a stored object, and every file in the store belongs to it.
    const mediaRoot = join(dataDir, 'media');
    await withDatabase(engine.open(dataDir), async (db) => {
      const objects = await db.query<{ path: string; variants: { url: string }[] }>(
        'select path, variants from storage_objects where owner_id = $1',
        [user.id],
      );
      expect(objects).toHaveLength(1);
      const referenced = new Set(
        objects.flatMap((object) => [
          object.path,
          ...object.variants.map((variant) => decodeURIComponent(variant.url.replace(/^\/media\//, ''))),
        ]),
      );
      const stored = filesBelow(mediaRoot).filter((name) => name.startsWith(`post-media/${user.id}/`));
      expect(stored.sort()).toEqual([...referenced].sort());
      expect(filesBelow(join(mediaRoot, '.tmp'))).toEqual([]);
    });

    // The resumable upload finishes after the restart and becomes a whole, served image.
    server = await start();
    try {
      const rest = await fetch(location(), {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': String(resumeFrom),
          'content-type': 'application/offset+octet-stream',
        },
        body: image.subarray(resumeFrom),
      });
      expect(rest.status, await rest.clone().text()).toBe(200);
      const stored = (await rest.json()) as { public_url: string; variants: { url: string }[] };
      await expectWholeImage(server.url, stored.public_url);
      for (const variant of stored.variants) await expectWholeImage(server.url, variant.url);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  }, 300_000);
});
