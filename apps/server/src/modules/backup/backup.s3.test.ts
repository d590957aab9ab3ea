import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import type { Post } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type AppConfigInput, parseConfig } from '../../config.ts';
import { type Database, openDatabase, pgliteDirFor } from '../../db/client.ts';
import { tableCounts, withOpenedDatabase } from '../../test/backup.ts';
import { createPostgresTestDatabase, type TestDatabaseUrl, testDatabaseUrl } from '../../test/context.ts';
import { makeMp4Bytes, publishPost, uploadRaw } from '../../test/media.ts';
import { type LocalS3, startLocalS3 } from '../../test/s3rver.ts';
import { createUser, TEST_PASSWORD, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import { openStorage } from '../storage/storage.plugin.ts';
import { RESUMABLE_S3_PREFIX } from '../storage/storage.resumable-s3.ts';
import { openS3Storage, type S3Storage } from '../storage/storage.s3.ts';
import type { BackupManifest } from './backup.format.ts';
import { listTables } from './backup.repository.ts';
import { restoreBackup } from './backup.restore.ts';
import { createBackup } from './backup.service.ts';

/**
 * Backups with the media in an S3-compatible bucket (STORAGE_DRIVER=s3, against s3rver): content made
 * through the API, plus an unfinished resumable upload waiting in the bucket, is backed up with the
 * functions `npm run backup` / `npm run restore` call, restored into an empty database and a new empty
 * bucket, and the app started on the restored copy finds every post, file and password. Restores into
 * a bucket that holds objects, and from damaged backups, are refused before anything changes. The
 * database is PGlite (a data folder) or, with TEST_DATABASE_URL, fresh PostgreSQL databases.
 */

const BASE: AppConfigInput = {
  webDist: null,
  seedDemo: false,
  logLevel: 'silent',
  authRateLimits: TEST_RATE_LIMITS,
  // The video here is bytes shaped like an MP4, kept as sent: these tests are about the files.
  videoTranscode: false,
};

let tmp: string;
const cleanups: (() => Promise<void>)[] = [];

/** A deployment's storage: a data folder, the database (PGlite in it, or a fresh PostgreSQL one) and a bucket. */
interface Instance {
  config: AppConfigInput;
  dataDir: string;
  databaseUrl?: string;
  s3?: LocalS3;
}

async function newInstance(
  name: string,
  options: { driver: 'local' | 's3'; engine: 'pglite' | 'test' },
): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmp, `${name}-`));
  let pg: TestDatabaseUrl | undefined;
  if (options.engine === 'test' && testDatabaseUrl) {
    pg = await createPostgresTestDatabase();
    cleanups.push(() => pg!.drop());
  }
  let s3: LocalS3 | undefined;
  if (options.driver === 's3') {
    s3 = await startLocalS3(`sys-${name}`);
    cleanups.push(() => s3!.close());
  }
  return {
    dataDir,
    ...(pg ? { databaseUrl: pg.url } : {}),
    ...(s3 ? { s3 } : {}),
    config: { ...BASE, dataDir, ...(pg ? { databaseUrl: pg.url } : {}), ...(s3?.config ?? {}) },
  };
}

/** Opens the instance's database (creates an empty PGlite folder when there is none: check before). */
function openInstanceDatabase(instance: Instance): Promise<Database> {
  return openDatabase({ databaseUrl: instance.databaseUrl, pgliteDir: pgliteDirFor(instance.dataDir) });
}

function withDatabase<T>(instance: Instance, work: (db: Database) => Promise<T>): Promise<T> {
  return withOpenedDatabase(openInstanceDatabase(instance), work);
}

/** Whether a restore target's database was left untouched: no PGlite folder, no table in PostgreSQL. */
async function databaseUntouched(instance: Instance): Promise<boolean> {
  if (!instance.databaseUrl) return !existsSync(pgliteDirFor(instance.dataDir)!);
  return withDatabase(instance, async (database) => (await listTables(database.db)).length === 0);
}

function bucketOf(instance: Instance): S3Storage {
  return openS3Storage(
    parseConfig({ dataDir: null, ...instance.s3!.config }),
    (message) => new Error(message),
  );
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every object of the instance's bucket: key -> { size, sha256 }. */
async function bucketObjects(instance: Instance): Promise<Record<string, { size: number; sha256: string }>> {
  const bucket = bucketOf(instance);
  try {
    const objects: Record<string, { size: number; sha256: string }> = {};
    for await (const key of bucket.keys()) {
      const object = await bucket.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of object!.body!) chunks.push(Buffer.from(chunk as Uint8Array));
      const bytes = Buffer.concat(chunks);
      objects[key] = { size: bytes.length, sha256: sha256(bytes) };
    }
    return objects;
  } finally {
    bucket.close();
  }
}

/** SHA-256 of every file below a local media folder, by storage key. */
function folderDigests(root: string): Record<string, string> {
  const digests: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    digests[relative(root, path).split(sep).join('/')] = sha256(readFileSync(path));
  }
  return digests;
}

const digestsOf = (objects: Record<string, { sha256: string }>) =>
  Object.fromEntries(Object.entries(objects).map(([key, object]) => [key, object.sha256]));

/** What `npm run backup` does (cli/backup.ts): the instance's database and media store into `out`. */
async function backUp(instance: Instance, out: string): Promise<BackupManifest> {
  const config = parseConfig(instance.config);
  const opened = openStorage(config);
  try {
    return await withDatabase(instance, (database) =>
      createBackup({ database, storage: opened.storage, dataDir: config.dataDir, out }),
    );
  } finally {
    opened.close();
  }
}

/** What `npm run restore -- FROM [--force]` does (cli/restore.ts) into the instance. */
function restoreInto(instance: Instance, from: string, force = false): Promise<BackupManifest> {
  return restoreBackup({ from, config: parseConfig(instance.config), force });
}

async function withApp<T>(instance: Instance, work: (app: FastifyInstance) => Promise<T>): Promise<T> {
  // Demo content is seeded only into an empty database: a restored one must be left as it was.
  const app = await buildApp({ ...instance.config, seedDemo: true }, { logger: false });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

/** Users sign in with their password on the app (and not with another). */
async function expectSignIns(app: FastifyInstance, users: TestUser[]) {
  for (const user of users) {
    const signIn = await app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode, user.email).toBe(200);
  }
  const wrong = await app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email: users[0]!.email, password: 'not the password' },
  });
  expect(wrong.statusCode).toBe(400);
}

/** Each post is served with its media, whose bytes hash as in `digests`; returns how many files were checked. */
async function expectPostsServed(
  app: FastifyInstance,
  posts: { id: string; media: number }[],
  digests: Record<string, string>,
): Promise<number> {
  let files = 0;
  for (const { id, media } of posts) {
    const response = await app.inject({ url: `/api/v1/posts/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    const post = response.json() as Post;
    expect(post.media).toHaveLength(media);
    for (const { media_url: url } of post.media) {
      const file = await app.inject({ url });
      expect(file.statusCode, url).toBe(200);
      const key = decodeURIComponent(url.replace(/^\/media\//, ''));
      expect(digests[key], url).toBeDefined();
      expect(sha256(file.rawPayload), url).toBe(digests[key]);
      files++;
    }
  }
  return files;
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'sys-backup-s3-'));
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(tmp, { recursive: true, force: true });
});

describe('STORAGE_DRIVER=s3', () => {
  let source: Instance;
  let backup: string;
  let manifest: BackupManifest;
  let users: TestUser[];
  let posts: { id: string; media: number }[];
  let sourceCounts: Record<string, number>;
  let sourceMedia: Record<string, { size: number; sha256: string }>;
  let resumableObjects: string[];

  beforeAll(async () => {
    source = await newInstance('source', { driver: 's3', engine: 'test' });
    const app = await buildApp(source.config, { logger: false });
    try {
      users = [await createUser(app), await createUser(app)];
      posts = [];
      for (const [index, user] of users.entries()) {
        const post = await publishPost(app, user, { caption: `S3 look ${index} #backup` }, index + 2);
        posts.push({ id: post.id, media: post.media.length });
      }
      const video = await uploadRaw(app, users[0]!, makeMp4Bytes(48 * 1024), { contentType: 'video/mp4' });
      expect(video.statusCode, video.body).toBe(201);
      const follow = await app.inject({
        method: 'PUT',
        url: `/api/v1/follows/${users[1]!.id}`,
        headers: users[0]!.headers,
      });
      expect(follow.statusCode, follow.body).toBe(200);

      // An unfinished resumable upload: its info and first part wait in the bucket.
      const tus = { 'tus-resumable': '1.0.0', ...users[1]!.headers };
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/storage/post-media/resumable',
        headers: { ...tus, 'upload-length': '200000' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const patched = await app.inject({
        method: 'PATCH',
        url: created.headers.location as string,
        headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: makeMp4Bytes(200_000).subarray(0, 80_000),
      });
      expect(patched.statusCode, patched.body).toBe(204);
    } finally {
      await app.close();
    }

    const objects = await bucketObjects(source);
    const isResumable = (key: string) => key.startsWith(`${RESUMABLE_S3_PREFIX}/`);
    resumableObjects = Object.keys(objects).filter(isResumable);
    sourceMedia = Object.fromEntries(Object.entries(objects).filter(([key]) => !isResumable(key)));
    sourceCounts = await withDatabase(source, tableCounts);

    backup = join(tmp, 'backup');
    manifest = await backUp(source, backup);
  }, 240_000);

  it('the manifest lists every media object with its size and SHA-256, and no resumable temporaries', () => {
    expect(resumableObjects.length).toBeGreaterThanOrEqual(2);
    expect(manifest.source.storageDriver).toBe('s3');
    // 2 + 3 photos (each with its variants) and a video.
    expect(Object.keys(sourceMedia).length).toBeGreaterThanOrEqual(6);
    expect(
      Object.fromEntries(manifest.media.map(({ key, size, sha256 }) => [key, { size, sha256 }])),
    ).toEqual(sourceMedia);
    expect(manifest.media.filter((entry) => entry.key.startsWith(`${RESUMABLE_S3_PREFIX}/`))).toEqual([]);
    expect(folderDigests(join(backup, 'media'))).toEqual(digestsOf(sourceMedia));
    expect(Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]))).toEqual(
      sourceCounts,
    );
    expect(sourceCounts['public.posts']).toBe(2);
    expect(sourceCounts['public.post_media']).toBe(5);
    expect(manifest.keys.length).toBeGreaterThan(0);
  });

  describe('restored into an empty database and a new empty bucket', () => {
    let target: Instance;
    /** The target as the restore left it (the app started in the next test adds sessions). */
    let restored: { counts: Record<string, number>; objects: Awaited<ReturnType<typeof bucketObjects>> };

    beforeAll(async () => {
      target = await newInstance('restored', { driver: 's3', engine: 'test' });
      expect(await bucketObjects(target)).toEqual({});
      await restoreInto(target, backup);
      restored = { counts: await withDatabase(target, tableCounts), objects: await bucketObjects(target) };
    }, 180_000);

    it('holds every row and every media object, byte for byte, and no resumable temporaries', () => {
      expect(restored.counts).toEqual(sourceCounts);
      expect(restored.objects).toEqual(sourceMedia);
    });

    it('the app started on it serves the posts and their media; users sign in with their password', async () => {
      await withApp(target, async (app) => {
        // The signing key came along: a token issued before the backup is still accepted.
        const me = await app.inject({ url: '/auth/v1/user', headers: users[0]!.headers });
        expect(me.statusCode, me.body).toBe(200);
        await expectSignIns(app, users);
        expect(await expectPostsServed(app, posts, digestsOf(sourceMedia))).toBe(5);
        const feed = (await app.inject({ url: '/api/v1/posts?limit=50' })).json() as { items: unknown[] };
        expect(feed.items).toHaveLength(posts.length);
      });
    }, 120_000);
  });

  it('refuses a bucket that already holds objects and changes nothing; --force restores over it', async () => {
    const target = await newInstance('occupied', { driver: 's3', engine: 'test' });
    const bucket = bucketOf(target);
    const foreign = Buffer.from('somebody else’s file');
    await bucket.put('post-media/someone/else.jpg', foreign, 'image/jpeg');
    bucket.close();
    const before = await bucketObjects(target);

    await expect(restoreInto(target, backup)).rejects.toThrow(/the target is not empty \(the S3 bucket\)/);
    expect(await bucketObjects(target)).toEqual(before);
    expect(await databaseUntouched(target)).toBe(true);

    // Objects in a bucket are overwritten, never deleted (README): the foreign one stays.
    await restoreInto(target, backup, true);
    expect(await bucketObjects(target)).toEqual({ ...sourceMedia, ...before });
    expect(await withDatabase(target, tableCounts)).toEqual(sourceCounts);
  }, 180_000);

  describe('a damaged backup is refused before the target changes', () => {
    const damaged = (name: string, damage: (file: string) => void) => {
      const copy = join(tmp, name);
      cpSync(backup, copy, { recursive: true });
      const entry = manifest.media.find((media) => media.key.endsWith('.jpg')) ?? manifest.media[0]!;
      damage(join(copy, 'media', entry.key));
      return { copy, key: entry.key };
    };

    it('a media file whose bytes changed (same size, another SHA-256)', async () => {
      const { copy, key } = damaged('altered', (file) => {
        const bytes = readFileSync(file);
        bytes[bytes.length >> 1]! ^= 0xff;
        writeFileSync(file, bytes);
      });
      const target = await newInstance('altered', { driver: 's3', engine: 'test' });
      await expect(restoreInto(target, copy)).rejects.toThrow(
        `media file ${key} of the backup is damaged (its checksum does not match)`,
      );
      expect(await bucketObjects(target)).toEqual({});
      expect(await databaseUntouched(target)).toBe(true);
    }, 120_000);

    it('a media file that is missing', async () => {
      const { copy, key } = damaged('removed', (file) => rmSync(file));
      const target = await newInstance('removed', { driver: 's3', engine: 'test' });
      await expect(restoreInto(target, copy)).rejects.toThrow(`media file ${key} is missing from the backup`);
      expect(await bucketObjects(target)).toEqual({});
      expect(await databaseUntouched(target)).toBe(true);
    }, 120_000);

    it("a table's rows whose bytes changed (same size, another SHA-256)", async () => {
      const copy = join(tmp, 'altered-table');
      cpSync(backup, copy, { recursive: true });
      const table = manifest.tables.find((entry) => entry.name.endsWith('.posts'))!;
      const file = join(copy, table.file);
      const bytes = readFileSync(file);
      bytes[bytes.length >> 1]! ^= 0xff;
      writeFileSync(file, bytes);
      const target = await newInstance('altered-table', { driver: 's3', engine: 'test' });
      await expect(restoreInto(target, copy)).rejects.toThrow(
        `the rows of ${table.name} in the backup are damaged (its checksum does not match)`,
      );
      expect(await bucketObjects(target)).toEqual({});
      expect(await databaseUntouched(target)).toBe(true);
    }, 120_000);

    it("a table's rows that are missing", async () => {
      const copy = join(tmp, 'no-table');
      cpSync(backup, copy, { recursive: true });
      const table = manifest.tables.find((entry) => entry.name.endsWith('.posts'))!;
      rmSync(join(copy, table.file));
      const target = await newInstance('no-table', { driver: 's3', engine: 'test' });
      await expect(restoreInto(target, copy)).rejects.toThrow(
        `the rows of ${table.name} are missing from the backup (${table.file})`,
      );
      expect(await bucketObjects(target)).toEqual({});
      expect(await databaseUntouched(target)).toBe(true);
    }, 120_000);
  });
});

it('a backup of the embedded database with local media restores into a bucket (and PostgreSQL)', async () => {
  // `npm start` (PGlite, DATA_DIR/media) to a deployment: the test engine's database and S3.
  const source = await newInstance('local', { driver: 'local', engine: 'pglite' });
  let user: TestUser;
  let post: Post;
  const app = await buildApp(source.config, { logger: false });
  try {
    user = await createUser(app);
    post = await publishPost(app, user, { caption: 'From the laptop #backup' }, 2);
  } finally {
    await app.close();
  }
  const localMedia = folderDigests(join(source.dataDir, 'media'));
  const sourceCounts = await withDatabase(source, tableCounts);
  const backup = join(tmp, 'local-backup');
  const manifest = await backUp(source, backup);
  expect(manifest.source).toEqual({ engine: 'pglite', storageDriver: 'local' });

  const target = await newInstance('deployment', { driver: 's3', engine: 'test' });
  await restoreInto(target, backup);
  expect(digestsOf(await bucketObjects(target))).toEqual(localMedia);
  expect(await withDatabase(target, tableCounts)).toEqual(sourceCounts);
  await withApp(target, async (restored) => {
    await expectSignIns(restored, [user]);
    expect(await expectPostsServed(restored, [{ id: post.id, media: 2 }], localMedia)).toBe(2);
  });
}, 240_000);
