import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openDatabase, pgliteDirFor } from '../../db/client.ts';
import { serverRoot } from '../../paths.ts';
import { tableCounts, withOpenedDatabase } from '../../test/backup.ts';
import { createPostgresTestDatabase, type TestDatabaseUrl, testDatabaseUrl } from '../../test/context.ts';
import { makeMp4Bytes, publishPost, uploadRaw } from '../../test/media.ts';
import { childEnv, ensureServerBuilt, mainScript, runProcess, startServer } from '../../test/processes.ts';
import { createUser, TEST_PASSWORD, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import { LocalStorage } from '../storage/storage.local.ts';
import type { BackupManifest } from './backup.format.ts';
import { restoreMedia } from './backup.media.ts';

/**
 * `npm run backup` and `npm run restore` as an operator runs them (the bundled CLIs in child
 * processes): content made through the API is backed up, restored into an empty data directory and
 * an empty PostgreSQL database, and the server started on the restored copy finds every row and file.
 */

/** Tokens name their issuer (PUBLIC_URL); the restored server must be the same site to accept old ones. */
const PUBLIC_URL = 'http://sys.backup.test';
const backupCli = join(serverRoot, 'dist', 'cli', 'backup.js');
const restoreCli = join(serverRoot, 'dist', 'cli', 'restore.js');

let tmp: string;
let webDist: string;
let source: string;
let backup: string;
let sourceCounts: Record<string, number>;
let sourceMedia: Record<string, string>;
let users: TestUser[];
let postIds: string[];
const pgDatabases: TestDatabaseUrl[] = [];

/** SHA-256 of every file below a media folder, by storage key. */
function mediaDigests(root: string): Record<string, string> {
  const digests: Record<string, string> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    digests[relative(root, path).split(sep).join('/')] = createHash('sha256')
      .update(readFileSync(path))
      .digest('hex');
  }
  return digests;
}

/** Users, posts with several media, a video, follows and messages, made through the API. */
async function seedThroughApi(dataDir: string) {
  const app = await buildApp(
    {
      dataDir,
      publicUrl: PUBLIC_URL,
      webDist: null,
      seedDemo: false,
      logLevel: 'silent',
      authRateLimits: TEST_RATE_LIMITS,
      // The video here is bytes shaped like an MP4, kept as sent: these tests are about the files.
      videoTranscode: false,
    },
    { logger: false },
  );
  try {
    const made = [await createUser(app), await createUser(app), await createUser(app)];
    const posts: string[] = [];
    for (const [index, user] of made.entries()) {
      posts.push((await publishPost(app, user, { caption: `Look ${index} #backup` }, index + 1)).id);
    }
    const video = await uploadRaw(app, made[0]!, makeMp4Bytes(64 * 1024), { contentType: 'video/mp4' });
    expect(video.statusCode, video.body).toBe(201);
    for (const [follower, followed] of [
      [0, 1],
      [1, 0],
      [2, 0],
    ] as const) {
      const follow = await app.inject({
        method: 'PUT',
        url: `/api/v1/follows/${made[followed]!.id}`,
        headers: made[follower]!.headers,
      });
      expect(follow.statusCode, follow.body).toBe(200);
    }
    const conversation = await app.inject({
      method: 'POST',
      url: '/api/v1/conversations',
      headers: made[0]!.headers,
      payload: { profile_id: made[1]!.id },
    });
    expect(conversation.statusCode, conversation.body).toBeLessThan(300);
    const { id: conversationId } = conversation.json() as { id: string };
    for (const body of ['Where is the coat from?', 'Zara, last winter']) {
      const sent = await app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${conversationId}/messages`,
        headers: made[body.startsWith('Where') ? 0 : 1]!.headers,
        payload: { body },
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    return { made, posts };
  } finally {
    await app.close();
  }
}

beforeAll(async () => {
  ensureServerBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'sys-backup-'));
  webDist = join(tmp, 'web');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>backup test</title>');
  source = join(tmp, 'source');
  ({ made: users, posts: postIds } = await seedThroughApi(source));
  sourceCounts = await withOpenedDatabase(openDatabase({ pgliteDir: pgliteDirFor(source) }), tableCounts);
  sourceMedia = mediaDigests(join(source, 'media'));

  backup = join(tmp, 'backup');
  const result = await runProcess([backupCli, '--out', backup], childEnv({ DATA_DIR: source }), 120_000);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toContain('backup complete');
}, 240_000);

afterAll(async () => {
  for (const database of pgDatabases) await database.drop();
  rmSync(tmp, { recursive: true, force: true });
});

it('the backup holds every table with its row count, every media file and the signing key', () => {
  const manifest = JSON.parse(readFileSync(join(backup, 'manifest.json'), 'utf8')) as {
    tables: { name: string; rows: number }[];
    media: { key: string; sha256: string }[];
    keys: string[];
  };
  expect(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]))).toEqual(sourceCounts);
  expect(Object.fromEntries(manifest.media.map((m) => [m.key, m.sha256]))).toEqual(sourceMedia);
  expect(mediaDigests(join(backup, 'media'))).toEqual(sourceMedia);
  expect(manifest.keys.length).toBeGreaterThan(0);
  expect(sourceCounts['public.posts']).toBe(3);
  expect(sourceCounts['public.post_media']).toBe(6);
  expect(sourceCounts['public.follows']).toBe(3);
  expect(sourceCounts['public.messages']).toBe(2);
});

it("the backup is its owner's alone: folders 0700, files 0600, and every table file has its checksum", () => {
  const manifest = JSON.parse(readFileSync(join(backup, 'manifest.json'), 'utf8')) as {
    tables: { file: string; size: number; sha256: string }[];
  };
  for (const table of manifest.tables) {
    const bytes = readFileSync(join(backup, table.file));
    expect(bytes.length).toBe(table.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(table.sha256);
  }
  expect(statSync(backup).mode & 0o777).toBe(0o700);
  for (const entry of readdirSync(backup, { recursive: true, withFileTypes: true })) {
    const mode = statSync(join(entry.parentPath, entry.name)).mode & 0o777;
    expect([entry.name, mode.toString(8)]).toEqual([entry.name, entry.isDirectory() ? '700' : '600']);
  }
});

it('refuses to write over an existing folder', async () => {
  const result = await runProcess([backupCli, '--out', backup], childEnv({ DATA_DIR: source }));
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('already exists');
});

interface Target {
  name: string;
  engine: 'pglite' | 'postgres';
  /** Makes a fresh target and returns the environment that points at it. */
  create: () => Promise<Record<string, string>>;
  open: (env: Record<string, string>) => Promise<Database>;
}

const targets: Target[] = [
  {
    name: 'an empty data directory (PGlite)',
    engine: 'pglite',
    create: async () => ({ DATA_DIR: mkdtempSync(join(tmp, 'restored-')) }),
    open: (env) => openDatabase({ pgliteDir: pgliteDirFor(env.DATA_DIR!) }),
  },
];
if (testDatabaseUrl) {
  targets.push({
    name: 'an empty PostgreSQL database',
    engine: 'postgres',
    create: async () => {
      const database = await createPostgresTestDatabase();
      pgDatabases.push(database);
      return { DATA_DIR: mkdtempSync(join(tmp, 'restored-pg-')), DATABASE_URL: database.url };
    },
    open: (env) => openDatabase({ databaseUrl: env.DATABASE_URL! }),
  });
}

describe.each(targets)('restore into $name', (target) => {
  let env: Record<string, string>;
  /** The target as the restore left it (the tests below sign in, kill restores and restore again). */
  let restored: { counts: Record<string, number>; media: Record<string, string> };

  beforeAll(async () => {
    env = await target.create();
    const result = await runProcess([restoreCli, backup], childEnv(env), 180_000);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('restore complete');
    restored = {
      counts: await withOpenedDatabase(target.open(env), tableCounts),
      media: mediaDigests(join(env.DATA_DIR!, 'media')),
    };
  }, 200_000);

  it('restores every row and every media file', () => {
    expect(restored.counts).toEqual(sourceCounts);
    expect(restored.media).toEqual(sourceMedia);
  });

  it('the server starts on it: posts and their media are served, users sign in with their password', async () => {
    const server = await startServer(
      childEnv({
        ...env,
        HOST: '127.0.0.1',
        PORT: '0',
        WEB_DIST: webDist,
        SEED_DEMO: 'true',
        PUBLIC_URL,
      }),
    );
    try {
      const health = (await (await fetch(`${server.url}/api/health`)).json()) as { status: string };
      expect(health.status).toBe('ok');
      // The signing key came along: a token issued before the backup is still accepted.
      const me = await fetch(`${server.url}/auth/v1/user`, { headers: users[0]!.headers });
      expect(me.status, await me.clone().text()).toBe(200);

      for (const user of users) {
        const signIn = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
        });
        expect(signIn.status, user.email).toBe(200);
      }
      const wrong = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: users[0]!.email, password: 'not the password' }),
      });
      expect(wrong.status).toBe(400);

      for (const [index, postId] of postIds.entries()) {
        const response = await fetch(`${server.url}/api/v1/posts/${postId}`);
        expect(response.status).toBe(200);
        const post = (await response.json()) as { media: { media_url: string }[] };
        expect(post.media).toHaveLength(index + 1);
        for (const media of post.media) {
          const file = await fetch(`${server.url}${media.media_url}`);
          expect(file.status, media.media_url).toBe(200);
          const key = decodeURIComponent(media.media_url.replace(/^\/media\//, ''));
          const digest = createHash('sha256')
            .update(Buffer.from(await file.arrayBuffer()))
            .digest('hex');
          expect(digest, media.media_url).toBe(sourceMedia[key]);
        }
      }
      // Demo content is seeded only into an empty database: the restored one is left as it was.
      const feed = (await (await fetch(`${server.url}/api/v1/posts?limit=50`)).json()) as {
        items: unknown[];
      };
      expect(feed.items).toHaveLength(postIds.length);
    } finally {
      expect((await server.stop()).code).toBe(0);
    }
  }, 180_000);

  /** The environment of a server on the target. */
  const serverEnv = () =>
    childEnv({ ...env, HOST: '127.0.0.1', PORT: '0', WEB_DIST: webDist, SEED_DEMO: 'false', PUBLIC_URL });
  /** What a restore leaves beside DATA_DIR/pg while it runs (and its lock): nothing once it is over. */
  const leftovers = () => readdirSync(env.DATA_DIR!).filter((name) => name.startsWith('pg.'));

  if (target.engine === 'pglite') {
    it('while a server has it open, backup, restore and a second server are refused naming its pid; killed, it blocks nothing', async () => {
      const before = await withOpenedDatabase(target.open(env), tableCounts);
      const server = await startServer(serverEnv());
      try {
        const inUse = `is in use by the SYS server (pid ${server.pid}, since `;
        const backupRefused = await runProcess(
          [backupCli, '--out', join(tmp, 'refused-backup')],
          childEnv(env),
        );
        expect(backupRefused.code).toBe(1);
        expect(backupRefused.stderr).toContain(inUse);
        const restoreRefused = await runProcess([restoreCli, backup, '--force'], childEnv(env));
        expect(restoreRefused.code).toBe(1);
        expect(restoreRefused.stderr).toContain(inUse);
        const second = await runProcess([mainScript], serverEnv());
        expect(second.code).toBe(1);
        expect(second.stderr).toContain(`SYS could not start: The embedded database`);
        expect(second.stderr).toContain(inUse);
        expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      } finally {
        // SIGKILL: no shutdown code runs, as in a crash.
        await server.kill();
      }
      // Its lock stays behind; the next one to open the database takes it over.
      expect(leftovers()).toEqual(['pg.lock']);
      expect(await withOpenedDatabase(target.open(env), tableCounts)).toEqual(before);
      expect(leftovers()).toEqual([]);
    }, 240_000);
  } else {
    it('while a server is connected, restore is refused; --force-online restores under it', async () => {
      const before = await withOpenedDatabase(target.open(env), tableCounts);
      const server = await startServer(serverEnv());
      try {
        const refused = await runProcess([restoreCli, backup, '--force'], childEnv(env));
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(
          // The server's own pool, and (with video transcoding on) its job queue's pool, sys-jobs.
          /processes of SYS are connected to the database \(sessions: (\d+ of sys-jobs from 127\.0\.0\.1, )?\d+ of sys-server from 127\.0\.0\.1/,
        );
        expect(refused.stderr).toContain('--force-online');
        expect(await withOpenedDatabase(target.open(env), tableCounts)).toEqual(before);

        const online = await runProcess(
          [restoreCli, backup, '--force', '--force-online'],
          childEnv(env),
          180_000,
        );
        expect(online.code, online.stderr).toBe(0);
        expect(online.stdout).toContain('restoring while processes of SYS are connected');
        expect(await withOpenedDatabase(target.open(env), tableCounts)).toEqual(sourceCounts);
        expect((await fetch(`${server.url}/api/v1/posts/${postIds[0]}`)).status).toBe(200);
      } finally {
        expect((await server.stop()).code).toBe(0);
      }
    }, 240_000);
  }

  /** Changes the target so that its data is not the backup's; returns the check that it is still there. */
  async function markOldData() {
    const oldBio = 'written after the backup';
    const before = await withOpenedDatabase(target.open(env), async (database) => {
      await database.exec(`update public.profiles set bio = '${oldBio}'`);
      return tableCounts(database);
    });
    return async () => {
      await withOpenedDatabase(target.open(env), async (database) => {
        expect(await tableCounts(database)).toEqual(before);
        const bios = await database.query<{ bio: string }>('select distinct bio from public.profiles');
        expect(bios).toEqual([{ bio: oldBio }]);
      });
      expect(leftovers()).toEqual([]);
    };
  }

  it('a restore killed while it loads the rows leaves the old data whole; the next open clears what it left', async () => {
    const expectOldData = await markOldData();
    const killed = await runProcess(
      [restoreCli, backup, '--force'],
      childEnv(env),
      180_000,
      /^ {2}\w+\.\w+: \d+ rows$/m,
    );
    expect(killed.signal).toBe('SIGKILL');
    await expectOldData();
  }, 240_000);

  // PGlite builds the new database beside the old one (the kill above; every interruption point in
  // pglite-swap.test.ts). On PostgreSQL a failure must roll the one transaction back.
  if (target.engine === 'postgres') {
    it('a restore that fails while it loads the rows rolls back: the old data stays whole', async () => {
      const expectOldData = await markOldData();
      // A backup made before table checksums were recorded, whose posts lost a row: only the load finds it.
      const damaged = join(tmp, 'damaged-rows');
      cpSync(backup, damaged, { recursive: true });
      const manifestFile = join(damaged, 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BackupManifest;
      const posts = manifest.tables.find((table) => table.name === 'public.posts')!;
      delete posts.size;
      delete posts.sha256;
      writeFileSync(manifestFile, JSON.stringify(manifest));
      const rows = gunzipSync(readFileSync(join(damaged, posts.file)))
        .toString()
        .trimEnd()
        .split('\n');
      writeFileSync(join(damaged, posts.file), gzipSync(`${rows.slice(1).join('\n')}\n`));

      const failed = await runProcess([restoreCli, damaged, '--force'], childEnv(env), 180_000);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain(
        `public.posts: restored ${rows.length - 1} rows, the backup holds ${rows.length}`,
      );
      await expectOldData();
    }, 240_000);
  }

  // The round trip starts from the target just restored with --force: the other tests change the
  // target (a sign-in adds sessions), so a backup taken in a test of its own need not equal the first.
  it('refuses a target that is not empty and changes nothing; --force replaces it, and a backup of it equals the first (round trip)', async () => {
    const before = await withOpenedDatabase(target.open(env), tableCounts);
    const refused = await runProcess([restoreCli, backup], childEnv(env), 120_000);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('not empty');
    expect(await withOpenedDatabase(target.open(env), tableCounts)).toEqual(before);

    // Sign-ins of other tests may have added sessions; --force puts the backup's rows back exactly.
    const forced = await runProcess([restoreCli, backup, '--force'], childEnv(env), 180_000);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await withOpenedDatabase(target.open(env), tableCounts)).toEqual(sourceCounts);
    expect(mediaDigests(join(env.DATA_DIR!, 'media'))).toEqual(sourceMedia);

    const again = join(tmp, `again-${Math.random().toString(36).slice(2)}`);
    const result = await runProcess([backupCli, '--out', again], childEnv(env), 120_000);
    expect(result.code, result.stderr).toBe(0);
    const read = (folder: string) =>
      JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as {
        tables: { name: string; rows: number }[];
        media: unknown[];
      };
    const first = read(backup);
    const second = read(again);
    expect(second.tables.map((t) => [t.name, t.rows])).toEqual(first.tables.map((t) => [t.name, t.rows]));
    expect(second.media).toEqual(first.media);
  }, 420_000);
});

it('a media file damaged after the backup was checked fails before it replaces the stored one', async () => {
  const manifest = JSON.parse(readFileSync(join(backup, 'manifest.json'), 'utf8')) as BackupManifest;
  const entry = manifest.media[0]!;
  const store = new LocalStorage(mkdtempSync(join(tmp, 'store-')));
  await store.put(entry.key, Buffer.from('the file the old database has'), 'image/webp');
  const damaged = { ...manifest, media: [{ ...entry, sha256: '0'.repeat(64) }] };
  await expect(restoreMedia(backup, damaged, store)).rejects.toThrow(
    `media file ${entry.key} of the backup is damaged (its checksum does not match)`,
  );
  expect(readFileSync(join(store.root, entry.key), 'utf8')).toBe('the file the old database has');
});

it('refuses a folder that is not a backup', async () => {
  const result = await runProcess(
    [restoreCli, webDist],
    childEnv({ DATA_DIR: mkdtempSync(join(tmp, 'nothing-')) }),
  );
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('not a SYS backup');
});
