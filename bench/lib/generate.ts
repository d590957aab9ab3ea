/**
 * Bench-only data generator: fills a PostgreSQL database with `posts` generated outfit posts (and their
 * authors, media, items, likes and comments) in a handful of `generate_series` statements, so that
 * 100,000 posts take seconds, not the minutes the API would need. Never used by the app.
 *
 * The rows are shaped like real ones (1-3 media with variants and a placeholder, 2-3 items, 0-10 likes,
 * some comments, 2% private posts, a year of history; every creator saves 25 posts and follows 20 others), so that the feed does the same work per post as
 * in production. Ids are derived from the row number (an md5 shaped as a v4 UUID), which makes related
 * rows cheap to generate.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase } from '../../apps/server/src/db/client.ts';

export interface GenerateOptions {
  posts: number;
  /** How many generated creators share the posts. */
  authors?: number;
  /** Regenerate even when the database already holds the same amount of generated data. */
  force?: boolean;
  log?: (line: string) => void;
  /**
   * Called once the posts, their media and items are committed (the rest is still being written): what
   * search indexing reads, so it can run meanwhile on the other core.
   */
  onPostsCommitted?: () => void;
  /** The time the data is generated at (default: now), e.g. to compare two generators' rows exactly. */
  now?: string;
}

export interface GenerateResult {
  generated: boolean;
  seconds: number;
  rows: Record<string, number>;
}

const GENERATED_EMAIL_DOMAIN = 'bench.invalid';

/**
 * Creates the database of `databaseUrl` if it does not exist yet (connecting to the `postgres` database of
 * the same server, as the same role). Resolves to whether it created it.
 */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`create database "${name.replaceAll('"', '""')}"`);
    return true;
  } finally {
    await client.end();
  }
}

/** Applies the app's migrations (the same code the server runs at start). */
async function migrate(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
}

async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const tables = [
    'profiles',
    'posts',
    'post_media',
    'post_items',
    'post_likes',
    'comments',
    'saved_posts',
    'follows',
    'activity_items',
    'activity_groups',
  ];
  const rows: Record<string, number> = {};
  for (const table of tables) {
    const result = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
    rows[table] = Number(result.rows[0]?.n ?? 0);
  }
  return rows;
}

/** The tables the statements fill. */
const FILLED_TABLES = [
  'profiles',
  'posts',
  'post_media',
  'post_items',
  'post_likes',
  'comments',
  'saved_posts',
  'follows',
  'activity_items',
  'activity_groups',
];

/** The filled tables whose primary keys are dropped while filling and added again afterwards. */
const KEYS_REBUILT = ['post_media', 'post_items', 'post_likes', 'activity_items'];

/** The statements, in order. `$1` stands for the number of posts, `$2` for the number of authors. */
const STATEMENTS: { label: string; sql: string }[] = [
  {
    label: 'auth users',
    sql: `insert into auth.users (id, email, email_confirmed_at, created_at, updated_at)
          select pg_temp.bench_uuid('author' || a), 'author' || a || '@${GENERATED_EMAIL_DOMAIN}', now(), now(), now()
          from generate_series(1, $2::int) a`,
  },
  {
    label: 'profiles',
    sql: `insert into profiles (id, username, display_name, avatar_url, size)
          select pg_temp.bench_uuid('author' || a), 'creator_' || a, 'Creator ' || a,
                 '/media/avatars/' || pg_temp.bench_uuid('author' || a) || '/avatar.webp',
                 (array['XS','S','M','L','XL'])[1 + a % 5]
          from generate_series(1, $2::int) a`,
  },
  {
    // A post every ~5 minutes over a year; 1 in 50 private. created_at keeps milliseconds like the app.
    label: 'posts',
    sql: `insert into posts (id, profile_id, caption, media_url, media_type, visibility, created_at, updated_at)
          select pg_temp.bench_uuid('post' || n),
                 pg_temp.bench_uuid('author' || (1 + (n * 7919) % $2::int)),
                 (array['Weekend look', 'Office fit', 'Date night', 'Beach day', 'Sunday market run',
                        'New in', 'Thrifted finds', 'Layers on layers'])[1 + n % 8]
                   || ' #' || (array['ootd','style','streetwear','minimal','vintage','summer'])[1 + n % 6]
                   || ' #' || (array['Casual','Evening','Streetwear','Formal','Cozy','Elegant','Retro'])[1 + n % 7],
                 '/media/post-media/' || pg_temp.bench_uuid('author' || (1 + (n * 7919) % $2::int)) || '/' || n || '.jpg',
                 'image',
                 case when n % 50 = 0 then 'private' else 'public' end,
                 date_trunc('milliseconds', now() - make_interval(secs => n * 300 + (n * 7919) % 297)),
                 date_trunc('milliseconds', now() - make_interval(secs => n * 300 + (n * 7919) % 297))
          from generate_series(1, $1::bigint) n`,
  },
  {
    // 1 to 3 pictures per post, with the variants and placeholder an upload records.
    label: 'post_media',
    sql: `insert into post_media (post_id, media_url, media_type, media_order, width, height, placeholder, variants)
          select pg_temp.bench_uuid('post' || n), url, 'image', o, 1080, 1350,
                 'data:image/webp;base64,UklGRkQAAABXRUJQVlA4IDgAAACwAQCdASoNABAAA4BaJQBOgBuY7+gAAP7035BbeXKbecV8f06svA27Mix3D+MVlEYooCJuyqAAAA==',
                 jsonb_build_array(
                   jsonb_build_object('width', 320, 'url', url || '.w320.webp'),
                   jsonb_build_object('width', 640, 'url', url || '.w640.webp'))
          from generate_series(1, $1::bigint) n
          cross join generate_series(0, 2) o
          cross join lateral (select '/media/post-media/' || pg_temp.bench_uuid('author' || (1 + (n * 7919) % $2::int))
                                     || '/' || n || '-' || o || '.jpg' as url) u
          where o < 1 + (n % 3 = 0)::int + (n % 7 = 0)::int`,
  },
  {
    label: 'post_items',
    sql: `insert into post_items (post_id, item_order, item_type, brand, link, size, title, price, currency, color, pattern)
          select pg_temp.bench_uuid('post' || n), o,
                 (array['Shirt','Pants','Dress','Skirt','Jacket','Shoes','Bag','Sweater','Tops','Denim'])[1 + (n + o) % 10],
                 b.brand,
                 'https://www.' || lower(replace(replace(b.brand, ' ', ''), '&', '')) || '.com/il/en/item-p' || (n * 10 + o) || '.html',
                 (array['XS','S','M','L','XL','One Size','38','40','42'])[1 + (n + o) % 9],
                 'Item ' || n || '-' || o,
                 case when (n + o) % 13 = 0 then null else round((19.9 + ((n * 37 + o * 101) % 600))::numeric, 2) end,
                 (array['ILS','USD','EUR'])[1 + (n + o) % 3],
                 (array['Black','White','Blue','Red','Green','Beige','Pink','Gray','Cream','Brown'])[1 + (n * 3 + o) % 10],
                 (array['None','Solid','Striped','Floral','Plaid','Polka Dots','Leopard Print'])[1 + (n + o * 5) % 7]
          from generate_series(1, $1::bigint) n
          cross join generate_series(0, 2) o
          cross join lateral (select (array['Zara','H&M','Mango','Pull & Bear','American Eagle','Nike','Adidas',
                                            'Reebok','Polo','Tommy','Castro','Fox','Renuar','Terminal X',
                                            'Comme il Faut'])[1 + (n * 11 + o * 3) % 15] as brand) b
          where o < 2 + (n % 2)`,
  },
  {
    // 0 to 10 likes per post (5 on average) from distinct creators.
    label: 'post_likes',
    sql: `insert into post_likes (post_id, profile_id, created_at)
          select pg_temp.bench_uuid('post' || n), pg_temp.bench_uuid('author' || (1 + (n * 31 + k * 97) % $2::int)),
                 now() - make_interval(secs => n * 300 - k * 60)
          from generate_series(1, $1::bigint) n
          cross join generate_series(0, 9) k
          where k < n % 11`,
  },
  {
    // A comment on every fourth post, a second one on every twelfth.
    label: 'comments',
    sql: `insert into comments (post_id, profile_id, body, created_at)
          select pg_temp.bench_uuid('post' || n), pg_temp.bench_uuid('author' || (1 + (n * 17 + k * 89) % $2::int)),
                 (array['Love this!', 'Where is the jacket from?', 'Great colours', 'So good 🔥'])[1 + (n + k) % 4],
                 now() - make_interval(secs => n * 300 - 120 - k * 60)
          from generate_series(1, $1::bigint) n
          cross join generate_series(0, 1) k
          where n % 4 = 0 and (k = 0 or n % 12 = 0)`,
  },
  {
    // Every creator saved 25 posts to their wishlist...
    label: 'saved_posts',
    sql: `insert into saved_posts (post_id, profile_id, created_at)
          select pg_temp.bench_uuid('post' || (1 + (a * 263 + k * 3989) % $1::int)), pg_temp.bench_uuid('author' || a),
                 now() - make_interval(secs => k * 3600 + a)
          from generate_series(1, $2::int) a
          cross join generate_series(1, 25) k
          on conflict do nothing`,
  },
  {
    // ...and follows 20 others.
    label: 'follows',
    sql: `insert into follows (follower_id, following_id, created_at)
          select pg_temp.bench_uuid('author' || a), pg_temp.bench_uuid('author' || (1 + (a - 1 + k * 37) % $2::int)),
                 now() - make_interval(secs => k * 86400 + a)
          from generate_series(1, $2::int) a
          cross join generate_series(1, 20) k`,
  },
  {
    // The Activity items those likes, comments and follows made, grouped as the app groups them (likes of a
    // post and follows per UTC day, each comment alone; modules/activity). A day old and older: read.
    label: 'activity_items',
    sql: `insert into activity_items (recipient_id, actor_id, kind, post_id, liked_post_id, comment_id, follow_id,
                                      group_key, created_at, read_at)
          select recipient_id, actor_id, kind, post_id, liked_post_id, comment_id, follow_id, group_key, at,
                 case when at < now() - interval '1 day' then at end
          from (
            select p.profile_id as recipient_id, l.profile_id as actor_id, 'like' as kind, p.id as post_id,
                   p.id as liked_post_id, null::uuid as comment_id, null::uuid as follow_id,
                   'like:' || p.id || ':' || to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD') as group_key,
                   l.created_at as at
            from post_likes l join posts p on p.id = l.post_id
            union all
            select p.profile_id, c.profile_id, 'comment', p.id, null, c.id, null, 'comment:' || c.id, c.created_at
            from comments c join posts p on p.id = c.post_id
            union all
            select f.following_id, f.follower_id, 'follow', null, null, null, f.id,
                   'follow:' || to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD'), f.created_at
            from follows f
          ) made
          where recipient_id <> actor_id`,
  },
  {
    // The list's groups (activity_groups), as migration 0015_activity_groups fills them from existing items:
    // the triggers that keep them in step do not fire while session_replication_role is 'replica'. Where
    // they did fire (a role that is not a superuser), the rows are there already. The blocks are left out
    // as activity_blocked_between(recipient, actor) does, by its own two tests written out: as anti-joins
    // rather than a call per item (100,000 posts: 2.5 s instead of 8.8 s).
    label: 'activity_groups',
    sql: `insert into activity_groups (recipient_id, group_key, latest_at, latest_id, unread_count)
          select a.recipient_id, a.group_key,
                 (array_agg(a.created_at order by a.created_at desc, a.id desc))[1],
                 (array_agg(a.id order by a.created_at desc, a.id desc))[1],
                 count(*) filter (where a.read_at is null)
          from activity_items a
          where not exists (select 1 from blocks b where b.blocker_id = a.recipient_id and b.blocked_id = a.actor_id)
            and not exists (select 1 from blocks b where b.blocker_id = a.actor_id and b.blocked_id = a.recipient_id)
          group by a.recipient_id, a.group_key
          on conflict (recipient_id, group_key) do nothing`,
  },
];

/**
 * What a generated data set was made by: the number of posts and authors, a hash of the statements above
 * and the last migration applied when it was made. Kept in the table `bench_dataset` of the database (one
 * row, written in the generating transaction), so that a data set is reused only when it is exactly what
 * this code would generate now; a changed statement or a new migration generates it again.
 */
interface Fingerprint {
  posts: number;
  authors: number;
  generator: string;
  migration: string;
}

const GENERATOR_HASH = createHash('sha256')
  .update(JSON.stringify([GENERATED_EMAIL_DOMAIN, STATEMENTS]))
  .digest('hex')
  .slice(0, 16);

async function currentFingerprint(client: pg.Client, posts: number, authors: number): Promise<Fingerprint> {
  const last = await client.query<{ hash: string }>(
    'select hash from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  return { posts, authors, generator: GENERATOR_HASH, migration: last.rows[0]?.hash ?? 'none' };
}

async function storedFingerprint(client: pg.Client): Promise<Fingerprint | null> {
  const exists = await client.query<{ t: string | null }>(`select to_regclass('public.bench_dataset') as t`);
  if (!exists.rows[0]?.t) return null;
  const row = await client.query<{ fingerprint: Fingerprint }>(
    'select fingerprint from bench_dataset limit 1',
  );
  return row.rows[0]?.fingerprint ?? null;
}

/**
 * Makes `databaseUrl` hold `options.posts` generated posts: migrates it, and unless it already holds
 * exactly that much generated data, empties the generated rows and writes them again. Run it on a
 * database of its own (e.g. `sys_bench`), never on one with real data.
 */
export async function generateFeedData(
  databaseUrl: string,
  options: GenerateOptions,
): Promise<GenerateResult> {
  const authors = options.authors ?? 2000;
  const log = options.log ?? (() => {});
  const started = performance.now();
  await migrate(databaseUrl);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const wanted = await currentFingerprint(client, options.posts, authors);
    const stored = await storedFingerprint(client);
    // Reused only when made by these statements, for this many posts and authors, at this migration.
    const same =
      stored !== null &&
      stored.posts === wanted.posts &&
      stored.authors === wanted.authors &&
      stored.generator === wanted.generator &&
      stored.migration === wanted.migration;
    if (same && !options.force) {
      return {
        generated: false,
        seconds: (performance.now() - started) / 1000,
        rows: await countRows(client),
      };
    }
    if (stored) log(`  data set made by other code or for another size: ${JSON.stringify(stored)}`);

    // Never empty a database with real users in it (DATABASE_URL may point at one by mistake).
    const real = await client.query<{ n: string }>(
      `select count(*) as n from auth.users where email is null or email not like '%@${GENERATED_EMAIL_DOMAIN}'`,
    );
    if (Number(real.rows[0]?.n ?? 0) > 0) {
      throw new Error(
        'The benchmark database holds real users; refusing to replace its data. Point DATABASE_URL at a ' +
          'database of its own, e.g. postgresql://sys:sys@127.0.0.1:5432/sys_bench.',
      );
    }
    log(`generating ${options.posts} posts by ${authors} creators...`);
    // A bench database: durability does not matter while it is filled.
    await client.query('set synchronous_commit = off');
    // Two transactions: the posts, their media and items (committed first, so search indexing can read them
    // while the rest is written), then the rest. The fingerprint is written last: a run stopped in between
    // leaves a data set that is generated again. Every statement sees the first transaction's now().
    await client.query('begin');
    const now = (
      await client.query<{ now: string }>(`select coalesce($1::timestamptz, now())::text as now`, [
        options.now ?? null,
      ])
    ).rows[0]!.now;
    // Ids from row numbers: an md5 with the version and variant digits of a v4 UUID (the API checks them).
    await client.query(`create function pg_temp.bench_uuid(seed text) returns uuid language sql immutable as
      $$ select overlay(overlay(md5(seed) placing '4' from 13) placing '8' from 17)::uuid $$`);
    await client.query(
      'create table if not exists bench_dataset (fingerprint jsonb not null, made_at timestamptz not null)',
    );
    // What a stopped run dropped and had not built again yet (see below).
    await client.query(
      'create table if not exists bench_rebuild (position int not null, name text not null, sql text not null)',
    );
    await client.query('truncate table bench_dataset, posts, profiles restart identity cascade');
    await client.query(`delete from auth.users where email like '%@${GENERATED_EMAIL_DOMAIN}'`);
    const leftover = await client.query<{ sql: string }>('select sql from bench_rebuild order by position');
    for (const row of leftover.rows) await client.query(row.sql);
    await client.query('delete from bench_rebuild');
    // Secondary indexes are dropped while the rows go in and built again afterwards: one sort per index
    // instead of millions of random B-tree inserts (1,000,000 posts: minutes instead of most of an hour).
    const secondary = await client.query<{ name: string; def: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i
         join pg_class t on t.oid = i.indrelid
         join pg_namespace ns on ns.oid = t.relnamespace
        where ns.nspname = 'public' and t.relname = any($1::text[])
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      [FILLED_TABLES],
    );
    // So are the primary keys of the largest tables (random ids or keys: a B-tree insert each into an index
    // larger than shared_buffers), with the foreign keys that point at them; both are added again below,
    // the keys by one sort each. The other constraint indexes stay: ON CONFLICT needs theirs, and posts'
    // and profiles' are referenced from everywhere (and small).
    const keys = await client.query<{ table: string; name: string; def: string; referenced: string | null }>(
      `select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as def,
              null as referenced
         from pg_constraint c
        where c.contype = 'p' and c.conrelid = any($1::regclass[])
       union all
       select f.conrelid::regclass::text, f.conname, pg_get_constraintdef(f.oid), f.confrelid::regclass::text
         from pg_constraint f
        where f.contype = 'f' and f.confrelid = any($1::regclass[])`,
      [KEYS_REBUILT],
    );
    const foreign = keys.rows.filter((key) => key.referenced !== null);
    const primary = keys.rows.filter((key) => key.referenced === null);
    // Built again in this order: the keys, the foreign keys on them, the indexes. Written down in the
    // transaction that drops them, so a run stopped before it builds them again puts them back first.
    const rebuild = [
      ...primary.map((key) => ({
        name: key.name,
        sql: `alter table ${key.table} add constraint ${key.name} ${key.def}`,
      })),
      ...foreign.map((key) => ({
        name: key.name,
        sql: `alter table ${key.table} add constraint ${key.name} ${key.def}`,
      })),
      ...secondary.rows.map((index) => ({ name: index.name, sql: index.def })),
    ];
    await client.query(
      'insert into bench_rebuild (position, name, sql) select * from unnest($1::int[], $2::text[], $3::text[])',
      [rebuild.map((_, i) => i), rebuild.map((r) => r.name), rebuild.map((r) => r.sql)],
    );
    for (const index of secondary.rows) await client.query(`drop index ${index.name}`);
    for (const key of [...foreign, ...primary]) {
      await client.query(`alter table ${key.table} drop constraint ${key.name}`);
    }
    // The rows reference each other correctly by construction; a superuser (the local bench role) can skip
    // the foreign-key triggers, a per-row lookup each.
    const superuser = await client.query<{ rolsuper: boolean }>(
      'select rolsuper from pg_roles where rolname = current_user',
    );
    const settings = async () => {
      // Sorts and hashes of millions of rows in memory rather than in temporary files.
      await client.query(`set local work_mem = '512MB'`);
      await client.query(`set local maintenance_work_mem = '256MB'`);
      if (superuser.rows[0]?.rolsuper) await client.query(`set local session_replication_role = replica`);
    };
    await settings();
    const split = STATEMENTS.findIndex((statement) => statement.label === 'post_items') + 1;
    for (const [i, statement] of STATEMENTS.entries()) {
      if (i === split) {
        await client.query('commit');
        options.onPostsCommitted?.();
        await client.query('begin');
        await settings();
      }
      const t = performance.now();
      // Both numbers are our own integers, written into the text: not every statement uses both. now() is
      // the first transaction's, as if all were one.
      const sql = statement.sql
        .replaceAll('$1', String(Math.trunc(options.posts)))
        .replaceAll('$2', String(Math.trunc(authors)))
        .replaceAll('now()', `'${now}'::timestamptz`);
      const result = await client.query(sql);
      log(
        `  ${statement.label}: ${result.rowCount} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    if (superuser.rows[0]?.rolsuper) await client.query(`set local session_replication_role = origin`);
    const indexing = performance.now();
    for (const { name, sql } of rebuild) {
      const t = performance.now();
      await client.query(sql);
      const seconds = (performance.now() - t) / 1000;
      if (seconds >= 2) log(`    ${name}: ${seconds.toFixed(1)} s`);
    }
    await client.query('delete from bench_rebuild');
    log(
      `  ${primary.length} primary keys, ${foreign.length} foreign keys and ${secondary.rows.length} indexes rebuilt in ${((performance.now() - indexing) / 1000).toFixed(1)} s`,
    );
    await client.query('insert into bench_dataset (fingerprint, made_at) values ($1, now())', [
      JSON.stringify(wanted),
    ]);
    await client.query('commit');
    const t = performance.now();
    await client.query('vacuum analyze');
    log(`  vacuum analyze: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    return { generated: true, seconds: (performance.now() - started) / 1000, rows: await countRows(client) };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
