/**
 * Bench-only: indexes a freshly generated data set for search and filters in bulk (bench/scale.ts). The
 * rows are the server's own: buildSearchRow and lexiconTerms of apps/server's search-index module, the
 * functions indexPostsForDiscovery calls, on the columns it reads. Only the reading and writing differ:
 * posts are read in id order with their items (one sorted join), built 10,000 at a time on worker threads while the next stretch is read,
 * written as one JSON document per stretch, the lexicon gathered in memory and written once, sorted, and
 * the two tables' secondary indexes (GIN, trigram) built once at the end instead of row by row.
 * 1,000,000 posts: 8-9 minutes through indexPostsForDiscovery in batches of 1,000; 5 minutes with this on
 * one thread after the generation, or 9-10 minutes beside it on a busy machine (bench/RESULTS.md).
 *
 * checkSample then shows the rows are the same: it indexes 1,000 posts spread over the set again with
 * indexPostsForDiscovery itself, in a transaction it rolls back, and compares them column by column.
 */

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import type {
  IndexableItemRow,
  IndexablePostRow,
} from '../../apps/server/src/modules/search-index/search-index.repository.ts';
import { indexPostsForDiscovery } from '../../apps/server/src/modules/search-index/search-index.ts';
import { type BuiltStretch, buildStretch, type Stretch } from './search-bulk-build.ts';

/** Posts read, built and written at a time. */
const STRETCH = 10_000;
const TERMS_PER_INSERT = 50_000;

/** The secondary indexes of the two tables (all but their primary keys): dropped while filling. */
async function secondaryIndexes(client: pg.Client): Promise<{ name: string; def: string }[]> {
  const result = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class t on t.oid = i.indrelid
      where t.oid in ('public.post_search'::regclass, 'public.search_terms'::regclass)
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
      order by 1`,
  );
  return result.rows;
}

/**
 * Every post in id order with its items, STRETCH posts at a time: the columns findPostsForIndexing and
 * findItemsForIndexing read, a post's items in the order those return them (the table's order: generated
 * items are written in item order). One sorted join read through a cursor: the generator may still be
 * building post_items' index on post_id, and a lookup per stretch without it reads the whole table.
 */
async function* readStretches(client: pg.Client): AsyncGenerator<Stretch> {
  await client.query('begin isolation level repeatable read read only');
  await client.query(`set local work_mem = '256MB'`);
  await client.query(`declare posts_for_search no scroll cursor for
    select p.id, p.profile_id, p.visibility, p.created_at, p.caption,
           i.post_id as item_post_id, i.item_type, i.brand, i.size, i.color, i.pattern, i.title
      from posts p left join post_items i on i.post_id = p.id
     order by p.id, i.ctid`);
  type Row = IndexablePostRow & { item_post_id: string | null } & Omit<IndexableItemRow, 'post_id'>;
  let stretch: Stretch = { posts: [], items: [] };
  for (;;) {
    const fetched = await client.query<Row>(`fetch ${STRETCH * 3} from posts_for_search`);
    for (const row of fetched.rows) {
      if (stretch.posts.at(-1)?.id !== row.id) {
        // A stretch ends between two posts, never within one's items.
        if (stretch.posts.length >= STRETCH) {
          yield stretch;
          stretch = { posts: [], items: [] };
        }
        const { id, profile_id, visibility, created_at, caption } = row;
        stretch.posts.push({ id, profile_id, visibility, created_at, caption });
      }
      if (row.item_post_id !== null) {
        const { item_post_id, item_type, brand, size, color, pattern, title } = row;
        stretch.items.push({ post_id: item_post_id, item_type, brand, size, color, pattern, title });
      }
    }
    if (fetched.rows.length < STRETCH * 3) break;
  }
  if (stretch.posts.length > 0) yield stretch;
  await client.query('commit');
}

/** Builds stretches on `size` worker threads (bench/lib/search-bulk-worker.ts), or here when 0. */
function buildPool(size: number): {
  build: (stretch: Stretch) => Promise<BuiltStretch>;
  close: () => Promise<void>;
} {
  if (size < 1) return { build: async (stretch) => buildStretch(stretch), close: async () => {} };
  const idle = Array.from(
    { length: size },
    () => new Worker(new URL('./search-bulk-worker.mjs', import.meta.url)),
  );
  const all = [...idle];
  const waiting: ((worker: Worker) => void)[] = [];
  const take = () =>
    new Promise<Worker>((resolve) => {
      const worker = idle.pop();
      if (worker) resolve(worker);
      else waiting.push(resolve);
    });
  const give = (worker: Worker) => {
    const resolve = waiting.shift();
    if (resolve) resolve(worker);
    else idle.push(worker);
  };
  return {
    build: async (stretch) => {
      const worker = await take();
      try {
        return await new Promise<BuiltStretch>((resolve, reject) => {
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.postMessage(stretch);
        });
      } finally {
        worker.removeAllListeners('message');
        worker.removeAllListeners('error');
        give(worker);
      }
    },
    close: async () => {
      await Promise.all(all.map((worker) => worker.terminate()));
    },
  };
}

/**
 * Writes the search rows and lexicon of every post when `post_search` is empty (a data set just
 * generated); returns the number of posts indexed, or null when some rows are there already (the walk of
 * indexUnindexedPosts then fills in the rest). One transaction: interrupted, it leaves nothing behind.
 */
export async function bulkIndexForSearch(
  databaseUrl: string,
  log: (line: string) => void,
  workers = Number(process.env.BENCH_INDEX_WORKERS ?? Math.min(2, availableParallelism())),
): Promise<number | null> {
  const reader = new pg.Client({ connectionString: databaseUrl });
  const writer = new pg.Client({ connectionString: databaseUrl });
  await reader.connect();
  await writer.connect();
  try {
    // (The lexicon outlives the posts, as in the server: a term already there is left alone.)
    const empty = await writer.query<{ empty: boolean }>(
      'select not exists (select 1 from post_search) as empty',
    );
    if (!empty.rows[0]?.empty) return null;
    const started = performance.now();
    await writer.query('set synchronous_commit = off');
    await writer.query('begin');
    await writer.query(`set local maintenance_work_mem = '512MB'`);
    // Every row's post and creator exist by construction; a superuser skips the foreign-key checks, a
    // lookup per row (as the generator does).
    const superuser = await writer.query<{ rolsuper: boolean }>(
      'select rolsuper from pg_roles where rolname = current_user',
    );
    if (superuser.rows[0]?.rolsuper) await writer.query('set local session_replication_role = replica');
    const indexes = await secondaryIndexes(writer);
    for (const index of indexes) await writer.query(`drop index ${index.name}`);

    const terms = new Set<string>();
    let indexed = 0;
    let lastReport = performance.now();
    let writing: Promise<unknown> = Promise.resolve();
    const pool = buildPool(workers);
    const write = async (built: Promise<BuiltStretch>) => {
      const { json, terms: stretchTerms } = await built;
      for (const term of stretchTerms) terms.add(term);
      // In stretch order, one at a time, while the next stretches are read and built.
      await writing;
      writing = writer.query(
        `insert into post_search (post_id, profile_id, is_public, created_at, document, filter_keys, tag_keys, tags_text)
         select post_id, profile_id, is_public, created_at, document::tsvector, filter_keys, tag_keys, tags_text
           from jsonb_to_recordset($1::jsonb) as r(post_id uuid, profile_id uuid, is_public boolean,
                created_at timestamptz, document text, filter_keys text[], tag_keys text[], tags_text text)`,
        [json],
      );
      // Awaited before the next write or at the end; not an unhandled rejection meanwhile.
      writing.catch(() => {});
    };
    try {
      const building: Promise<BuiltStretch>[] = [];
      const stretches = readStretches(reader);
      let next = stretches.next();
      for (;;) {
        const { value: stretch, done } = await next;
        if (done) break;
        // The next stretch is read while this one is built.
        next = stretches.next();
        next.catch(() => {});
        building.push(pool.build(stretch));
        indexed += stretch.posts.length;
        if (building.length > Math.max(workers, 1)) await write(building.shift()!);
        if (performance.now() - lastReport > 30_000) {
          lastReport = performance.now();
          log(
            `  indexed ${indexed} posts for search so far (${((lastReport - started) / 1000).toFixed(0)} s)`,
          );
        }
      }
      for (const built of building) await write(built);
      await writing;
    } finally {
      await pool.close();
    }
    const rowsDone = performance.now();
    const sorted = [...terms].sort();
    for (let start = 0; start < sorted.length; start += TERMS_PER_INSERT) {
      await writer.query('insert into search_terms (term) select unnest($1::text[]) on conflict do nothing', [
        sorted.slice(start, start + TERMS_PER_INSERT),
      ]);
    }
    const termsDone = performance.now();
    if (superuser.rows[0]?.rolsuper) await writer.query('set local session_replication_role = origin');
    for (const index of indexes) await writer.query(index.def);
    await writer.query('commit');
    const done = performance.now();
    log(
      `  search rows of ${indexed} posts in ${((rowsDone - started) / 1000).toFixed(1)} s, ${sorted.length} terms in ${((termsDone - rowsDone) / 1000).toFixed(1)} s, ${indexes.length} indexes in ${((done - termsDone) / 1000).toFixed(1)} s`,
    );
    return indexed;
  } catch (error) {
    await writer.query('rollback').catch(() => {});
    throw error;
  } finally {
    await reader.end();
    await writer.end();
  }
}

/** The columns compared (all but indexed_at, the time of writing). */
const COMPARED = `post_id::text, profile_id::text, is_public, created_at, document::text, filter_keys, tag_keys, tags_text`;

/**
 * Indexes `sample` posts spread over the set again with the server's indexPostsForDiscovery, in a
 * transaction rolled back afterwards, and throws unless its rows equal those written, column by column,
 * and it added no lexicon term that was missing.
 */
export async function checkSample(databaseUrl: string, sample = 1000): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = (
      await client.query<{ id: string }>(
        `select id::text as id from (select id, row_number() over (order by id) as n, count(*) over () as c
           from posts) p where n % greatest(c / ${sample}, 1) = 0`,
      )
    ).rows.map((row) => row.id);
    const query = `select ${COMPARED} from post_search where post_id = any($1::uuid[]) order by post_id`;
    const written = (await client.query(query, [ids])).rows;
    await client.query('begin');
    try {
      const terms = await client.query<{ n: string }>('select count(*) as n from search_terms');
      // The server's own code, through Drizzle, in this connection's transaction.
      await indexPostsForDiscovery(drizzle(client, { schema }) as unknown as Db, ids);
      const again = (await client.query(query, [ids])).rows;
      const termsAfter = await client.query<{ n: string }>('select count(*) as n from search_terms');
      if (JSON.stringify(again) !== JSON.stringify(written) || written.length !== ids.length) {
        throw new Error(
          `search rows differ from indexPostsForDiscovery's (${written.length} written, ${again.length} again)`,
        );
      }
      if (termsAfter.rows[0]?.n !== terms.rows[0]?.n) {
        throw new Error('indexPostsForDiscovery added lexicon terms the bulk index did not write');
      }
    } finally {
      await client.query('rollback');
    }
  } finally {
    await client.end();
  }
}
