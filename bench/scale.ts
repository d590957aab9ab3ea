/**
 * Benchmarks at scale (issue 7): the same requests on data sets of 10,000, 100,000 and 1,000,000 generated
 * posts on PostgreSQL, next to the same server's trivial JSON route, with the server's memory at rest and
 * under load, and the growth of p50 from the smallest to the largest set (goal: within 1.3x).
 *
 *   BENCH_SCALE_DATABASES='10000=postgresql://sys:sys@127.0.0.1:5432/sys_bench_10k,100000=postgresql://…/sys_bench,1000000=postgresql://…/sys_bench_1m' \
 *     npx tsx bench/scale.ts
 *
 * Each database is filled by bench/lib/generate.ts when it does not hold that many posts yet, and its posts
 * are indexed for search and filters (bench/lib/search-bulk.ts, while the generator writes the rest) before
 * the server starts: 1,000,000 posts take 11-13 minutes on the 2-core bench machine at load 6-16. Use
 * databases of their own: the generator empties them.
 * Environment: BENCH_DURATION (s per route, default 10), BENCH_CONNECTIONS (50), BENCH_SERVER_ENTRY
 * (another build of the server), BENCH_SCALE_ROUTES (comma-separated route names to run, default all),
 * BENCH_VIEWERS (creators signed in for the 'viewers in turn' route, 2000), BENCH_ROTATION (different
 * requests taken in turn by the uncached search and filtered feed routes, 150), BENCH_SERVER_CPUS /
 * BENCH_CLIENT_CPUS (pin the server and the load generator, which runs in its own process, with taskset),
 * BENCH_INDEX_WORKERS (worker threads building a new set's search rows, default 2).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { APPLICATION_NAME_PREFIX, openDatabase } from '../apps/server/src/db/client.ts';
import {
  findFirstUnindexedPostId,
  findUnindexedPostIds,
} from '../apps/server/src/modules/search-index/search-index.repository.ts';
import { indexPostsForDiscovery } from '../apps/server/src/modules/search-index/search-index.ts';
import { type BareRotation, type BareRoute, bareRouteOf, startBareServer } from './lib/bare.ts';
import { ensureDatabase, generateFeedData } from './lib/generate.ts';
import { type MeasuredLoadResult, measuredLoad } from './lib/measured-load.ts';
import { rssBytes, sampleRss, waitForIdle } from './lib/process-stats.ts';
import { bulkIndexForSearch, checkSample } from './lib/search-bulk.ts';
import { startServer } from './lib/server.ts';
import { type CaptureProxy, startCaptureProxy } from './lib/statement-capture.ts';
import { benchSigningKey, signTokensFor, signUp } from './lib/users.ts';

export interface ScaleRow extends MeasuredLoadResult {
  route: string;
  /** Transactions committed in the route's database per request: statements, when each runs alone. */
  statementsPerRequest: number;
  posts: number;
  rssPeakMB: number;
  /** The same statements through the driver alone (bench/lib/bare-server.mjs), loaded the same way. */
  limit: (MeasuredLoadResult & { statements: number }) | null;
}

export interface ScaleResult {
  posts: number;
  rssAtRestMB: number;
  rssAfterMB: number;
  rows: ScaleRow[];
  /** The statements each route's limit ran, as taken off the wire. */
  statements: RouteStatements[];
  dataSet: { generated: boolean; seconds: number };
}

const MB = 1024 * 1024;

/** Who asks: a visitor, one signed-in viewer, or the generated creators in turn (one per request). */
type Asker = 'visitor' | 'viewer' | 'viewers';

/** How many creators sign in for the 'viewers' routes (BENCH_VIEWERS). */
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 2000);

/**
 * How many different requests the uncached search and filtered feed routes take in turn (BENCH_ROTATION).
 * More than the server's discovery cache holds (DISCOVERY_CACHE_MAX_ENTRIES, 100; see `rotations`), and
 * not many more: each is captured once for the limit, one after the other, and an uncached search takes
 * 0.5-3 s at 1,000,000 posts today (400 made the set's capture alone ~13 minutes).
 */
const ROTATION = Number(process.env.BENCH_ROTATION ?? 150);

/**
 * A route: its name, a path (with the data set's ids filled in), who asks, and for a route whose every
 * request differs, the paths taken in turn (one per request; `path` is then one more of the same kind, not
 * among them, for the warm-up requests).
 */
type Route = [string, string, Asker, string[]?, string[]?];

/**
 * Paths of different requests of one kind, taken in turn, one more for warming up, and the requests
 * taken once just before the route's run (none of its paths; see `rotations`).
 */
interface Rotation {
  paths: string[];
  warmPath: string;
  warmPaths?: string[];
}

/** The requests, by name. */
function routes(
  ids: { post_id: string; username: string },
  rotations: { search: Rotation; filtered: Rotation },
): Route[] {
  const visitor = 'visitor';
  return [
    ['trivial JSON (GET /api/health/live)', '/api/health/live', visitor],
    ['feed, first page (GET /api/v1/posts?limit=20)', '/api/v1/posts?limit=20', visitor],
    ['feed, first page, signed-in viewer', '/api/v1/posts?limit=20', 'viewer'],
    [
      `feed, first page, ${VIEWERS.toLocaleString('en-US')} signed-in viewers in turn`,
      '/api/v1/posts?limit=20',
      'viewers',
    ],
    ['filtered feed (size=M, color=Black)', '/api/v1/posts/filtered?size=M&color=Black&limit=20', visitor],
    ['search (q=zara)', '/api/v1/search?q=zara&limit=20', visitor],
    // Issue 20, kept discovery pages for signed-in viewers, and the category and tag pages.
    [
      'filtered feed (size=M, color=Black), signed-in viewers in turn',
      '/api/v1/posts/filtered?size=M&color=Black&limit=20',
      'viewers',
    ],
    ['search (q=zara), signed-in viewers in turn', '/api/v1/search?q=zara&limit=20', 'viewers'],
    [
      'category page (GET /api/v1/explore/categories/casual?limit=20)',
      '/api/v1/explore/categories/casual?limit=20',
      visitor,
    ],
    ['category page, signed-in viewers in turn', '/api/v1/explore/categories/casual?limit=20', 'viewers'],
    ['tag page (GET /api/v1/tags/ootd/posts?limit=20)', '/api/v1/tags/ootd/posts?limit=20', visitor],
    // Issue 20: every request different, so that no cache of the server answers (see `rotations`).
    [
      `filtered feed, ${fmt(rotations.filtered.paths.length)} different filter sets in turn (no cache hit)`,
      rotations.filtered.warmPath,
      visitor,
      rotations.filtered.paths,
    ],
    [
      `search, ${fmt(rotations.search.paths.length)} different queries in turn (no cache hit)`,
      rotations.search.warmPath,
      visitor,
      rotations.search.paths,
      rotations.search.warmPaths,
    ],
    [`profile (GET /api/v1/profiles/{username})`, `/api/v1/profiles/${ids.username}`, visitor],
    // 5 a page: at 10,000 posts every creator has exactly 5, so the page is the same size in every set.
    [
      "profile's posts (GET /api/v1/profiles/{username}/posts?limit=5)",
      `/api/v1/profiles/${ids.username}/posts?limit=5`,
      visitor,
    ],
    ['post detail (GET /api/v1/posts/{id})', `/api/v1/posts/${ids.post_id}`, visitor],
    // The signed-in read path (issue 20): the same requests by the generated creators in turn.
    [`profile, signed-in viewers in turn`, `/api/v1/profiles/${ids.username}`, 'viewers'],
    [
      `profile's posts (5), signed-in viewers in turn`,
      `/api/v1/profiles/${ids.username}/posts?limit=5`,
      'viewers',
    ],
    ['post detail, signed-in viewers in turn', `/api/v1/posts/${ids.post_id}`, 'viewers'],
    [
      `activity, first page, ${VIEWERS.toLocaleString('en-US')} signed-in creators in turn (GET /api/v1/activity)`,
      '/api/v1/activity?limit=20',
      'viewers',
    ],
  ];
}

/**
 * Indexes the generated posts for search and filters. A data set just generated (no search row yet) is
 * indexed in bulk (bench/lib/search-bulk.ts: the server's buildSearchRow on worker threads, bulk writes)
 * and a sample indexed again by indexPostsForDiscovery must give the same rows. Posts still without a row
 * after that (a set indexed partly by an earlier version) are indexed with the server's own code
 * (indexPostsForDiscovery, the walk of indexUnindexedPosts), three batches of 1,000 posts in flight at a
 * time. Terms are written sorted, so concurrent batches lock them in one order.
 */
async function indexForSearch(databaseUrl: string, log: (line: string) => void): Promise<void> {
  // A data set just generated: every post at once (bench/lib/search-bulk.ts), then a sample indexed
  // again by indexPostsForDiscovery itself must give the same rows.
  const bulkStarted = performance.now();
  const bulk = await bulkIndexForSearch(databaseUrl, log);
  if (bulk !== null) {
    const t = performance.now();
    await checkSample(databaseUrl);
    log(
      `  a sample indexed again by indexPostsForDiscovery: the same rows (${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );
  }
  const bulkSeconds = (performance.now() - bulkStarted) / 1000;
  const database = await openDatabase({ databaseUrl });
  try {
    const started = performance.now();
    let indexed = 0;
    const first = await findFirstUnindexedPostId(database.db);
    let from: { after: string } | { atOrAfter: string } | null = first === null ? null : { atOrAfter: first };
    let lastReport = performance.now();
    while (from !== null) {
      const stretch = await findUnindexedPostIds(database.db, from, 30_000);
      const batches: string[][] = [];
      for (let start = 0; start < stretch.ids.length; start += 1000) {
        batches.push(stretch.ids.slice(start, start + 1000));
      }
      let next = 0;
      const worker = async () => {
        while (next < batches.length) {
          const ids = batches[next++]!;
          await database.db.transaction((tx) => indexPostsForDiscovery(tx, ids, { onlyMissing: true }));
          indexed += ids.length;
        }
      };
      await Promise.all([worker(), worker(), worker()]);
      if (performance.now() - lastReport > 30_000) {
        lastReport = performance.now();
        log(`  indexed ${indexed} posts for search so far (${((lastReport - started) / 1000).toFixed(0)} s)`);
      }
      from = stretch.lastId === null ? null : { after: stretch.lastId };
    }
    if (indexed > 0 || bulk !== null) {
      await database.exec('vacuum analyze post_search');
      await database.exec('vacuum analyze search_terms');
      log(
        `  indexed ${indexed + (bulk ?? 0)} posts for search in ${((performance.now() - started) / 1000 + bulkSeconds).toFixed(0)} s in all`,
      );
    }
  } finally {
    await database.close();
  }
}

/** One request with each of `authorizations`, 25 at a time. */
async function warmUp(url: string, authorizations: readonly string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < authorizations.length) {
      const authorization = authorizations[next++]!;
      const res = await fetch(url, { headers: { authorization } });
      if (res.status !== 200) throw new Error(`warm-up: ${url} answered ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 25 }, worker));
}

/**
 * Transactions committed so far in the database of `databaseUrl` (pg_stat_database). Every statement the
 * server runs outside a transaction block is one, so the difference over a run is its statements. A busy
 * backend reports its counts at most once a second, and an idle one up to 10 s later (PostgreSQL 15's
 * PGSTAT_IDLE_INTERVAL): wait that long after a run before reading.
 */
async function committedTransactions(databaseUrl: string): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 10_500));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      'select xact_commit as n from pg_stat_database where datname = current_database()',
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** A post in the middle of the feed and a creator with posts, for the detail and profile routes. */
async function sampleIds(
  databaseUrl: string,
): Promise<{ post_id: string; username: string; creatorIds: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = await client.query<{ n: string }>(`select count(*) as n from posts`);
    const offset = Math.floor(Number(count.rows[0]?.n ?? 0) / 2);
    const post = await client.query<{ id: string }>(
      `select id from posts where visibility = 'public' order by created_at desc nulls last, id desc nulls last
       offset $1 limit 1`,
      [offset],
    );
    const creators = await client.query<{ id: string }>(
      `select id from profiles where username like 'creator\\_%' order by username limit $1`,
      [VIEWERS],
    );
    return { post_id: post.rows[0]!.id, username: 'creator_42', creatorIds: creators.rows.map((r) => r.id) };
  } finally {
    await client.end();
  }
}

/** A deterministic shuffle (a fixed-seed LCG), so that every run takes the same requests in the same order. */
function shuffled<T>(values: readonly T[], seed = 20): T[] {
  const out = [...values];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Different search queries and filter sets, built from the values the data set's items really have
 * (brands, types, colours, sizes, patterns; read from a repeatable 1% sample of post_items, which holds
 * every value of the generator's short lists), so that each finds posts as a person's would.
 *
 * How no request hits a server cache: the explore service keeps search's ranking under its words, text,
 * `exact` and filter keys, and the filtered feed's matches under its filter keys (all of them while at
 * most DISCOVERY_COUNT_CAP, else the capped count, and then each page under its cursor as well;
 * explore.service.ts), in one LRU cache of DISCOVERY_CACHE_MAX_ENTRIES (100) entries for 30 s. Every path
 * of a rotation has a different key (different words, or a different filter set), there are more of them
 * than the cache holds, and the load generator takes them in turn across all connections: between two
 * requests of one path, `ROTATION - 1` (> 100) other paths store at least one entry each, so its entries
 * are always gone; and with more paths than connections, no two requests in flight share a computation.
 * The warm-up path is one more, never taken by the load. The table's statements/request shows it: 2-4
 * statements a request for both routes on a miss, where a hit sends none for the ids.
 *
 * Search keeps each query word's corrections and authors (for every query holding it) apart from the
 * rankings: just before its run, each word of the rotation's queries is searched once alone (no query of
 * the rotation has one word), then ROTATION other queries of the same kind once each, none of the
 * rotation's: as a running server has seen the words people type and has answered other searches, not
 * these. Without it a 5 s run measured the first second of a fresh process (p99 205-260 ms at 1,000,000
 * posts, 107 ms over 15 s).
 */
async function rotations(databaseUrl: string): Promise<{ search: Rotation; filtered: Rotation }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let values: Record<'brands' | 'types' | 'colors' | 'sizes' | 'patterns', string[]>;
  try {
    const result = await client.query<typeof values>(
      `select array_agg(distinct brand order by brand) filter (where brand is not null) as brands,
              array_agg(distinct item_type order by item_type) filter (where item_type is not null) as types,
              array_agg(distinct color order by color) filter (where color is not null) as colors,
              array_agg(distinct size order by size) filter (where size is not null) as sizes,
              array_agg(distinct pattern order by pattern) filter (where pattern is not null and pattern <> 'None') as patterns
       from post_items tablesample system (1) repeatable (20)`,
    );
    values = result.rows[0]!;
  } finally {
    await client.end();
  }
  const { brands, types, colors, sizes, patterns } = values;
  const pairs = (a: string[], b: string[]) => a.flatMap((x) => b.map((y) => [x, y]));
  // Queries of one to three values, as typed into the search box: 'zara dress', 'black zara', 'floral skirt'.
  const queries = [
    ...pairs(brands, types),
    ...pairs(colors, types),
    ...pairs(colors, brands),
    ...pairs(patterns, types),
    ...colors.flatMap((c) => pairs(brands, types).map(([b, t]) => [c, b!, t!])),
  ].map((words) => words.join(' ').toLowerCase());
  const q = (query: string) => `/api/v1/search?q=${encodeURIComponent(query)}&limit=20`;
  // Filter sets of two or three categories, one value each: size=M&color=Black, brand=Zara&type=Dress, ...
  const param = (name: string) => (value: string) => `${name}=${encodeURIComponent(value)}`;
  const [size, color, type, brand, pattern] = [
    sizes.map(param('size')),
    colors.map(param('color')),
    types.map(param('type')),
    brands.map(param('brand')),
    patterns.map(param('pattern')),
  ];
  const sets = [
    ...pairs(size, color),
    ...pairs(color, type),
    ...pairs(size, type),
    ...pairs(brand, color),
    ...pairs(brand, type),
    ...pairs(brand, size),
    ...pairs(pattern, color),
    ...size.flatMap((s) => pairs(color, type).map(([c, t]) => [s, c!, t!])),
  ].map((parts) => `/api/v1/posts/filtered?${parts.join('&')}&limit=20`);
  const rotation = (paths: string[]): Rotation & { others: string[] } => {
    const all = shuffled([...new Set(paths)]);
    if (all.length < ROTATION + 1) throw new Error(`only ${all.length} different requests for ${ROTATION}`);
    return { paths: all.slice(0, ROTATION), warmPath: all[ROTATION]!, others: all.slice(ROTATION + 1) };
  };
  const { others, ...search } = rotation(queries.map(q));
  const words = search.paths.flatMap((path) =>
    new URL(path, 'http://bench').searchParams.get('q')!.split(' '),
  );
  search.warmPaths = [...[...new Set(words)].map(q), ...others.slice(0, ROTATION)];
  const { others: _unused, ...filtered } = rotation(sets);
  return { search, filtered };
}

/**
 * Makes `databaseUrl` a data set of `posts` generated posts indexed for search: creates the database if
 * needed, and generates only when the one there was not made by this generator for this size at this
 * migration (bench/lib/generate.ts, table bench_dataset).
 */
export async function prepareDataSet(
  posts: number,
  databaseUrl: string,
  log: (line: string) => void,
): Promise<{ generated: boolean; seconds: number }> {
  const started = performance.now();
  if (await ensureDatabase(databaseUrl)) log(`  created database ${new URL(databaseUrl).pathname.slice(1)}`);
  // Search indexing reads only the posts and their items: it starts as soon as those are committed and
  // runs on the other core while the generator writes the rest (likes, Activity, indexes).
  const search: { indexing: Promise<void> | null } = { indexing: null };
  const generation = await generateFeedData(databaseUrl, {
    posts,
    log,
    onPostsCommitted: () => {
      search.indexing = indexForSearch(databaseUrl, log);
      // Awaited below; a failure meanwhile is not left unhandled.
      search.indexing.catch(() => {});
    },
  }).catch(async (error: unknown) => {
    await search.indexing?.catch(() => {});
    throw error;
  });
  log(`  data ${generation.generated ? 'generated' : 'already there'}: ${JSON.stringify(generation.rows)}`);
  await (search.indexing ?? indexForSearch(databaseUrl, log));
  return { generated: generation.generated, seconds: (performance.now() - started) / 1000 };
}

/** [profile id, session id] of a token the bench signed or the server issued. */
function identityOf(token: string): [string, string] {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
    session_id: string;
  };
  return [claims.sub, claims.session_id];
}

async function getOk(url: string, headers: Record<string, string>): Promise<void> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

/** What a captured route looked like, for the report. */
export interface RouteStatements {
  route: string;
  /** Two requests in a row sent the same statements. */
  stable: boolean;
  /** Their values differed beyond the viewer's own id and session (data of that viewer). */
  valuesVary: boolean;
  statements: { name: string | null; text: string; values: (string | null)[] }[];
  batches: number[][];
  /** For a route whose requests differ: how many were taken (one each), and how many kinds of statement lists. */
  rotation?: { variants: number; shapes: number };
}

/**
 * Statements a request commits as transactions (what pg_stat_database's xact_commit counts, the measured
 * column): a statement alone is one, and so is each begin ... commit block with the statements in it.
 */
function transactionsOf(route: BareRoute): number {
  let count = 0;
  let open = false;
  for (const { text } of route.statements) {
    if (/^\s*(begin|start\s+transaction)\b/i.test(text)) {
      open = true;
      count++;
    } else if (/^\s*(commit|rollback|end)\b/i.test(text)) open = false;
    else if (!open) count++;
  }
  return count;
}

/**
 * The statements of each request of a route whose requests differ (a visitor's), from a server started for
 * this only: one request of a path not taken (statements prepared as during a run), then each path once,
 * in turn, as the load takes them. Each is the path's first request on that server, so its statements are
 * those of a cache miss, as every request of the run is.
 */
async function captureRotation(
  proxy: CaptureProxy,
  baseUrl: string,
  warmPath: string,
  paths: readonly string[],
): Promise<{ variants: BareRoute[]; shapes: number }> {
  await getOk(`${baseUrl}${warmPath}`, {});
  const variants: BareRoute[] = [];
  const shapes = new Set<string>();
  for (const path of paths) {
    proxy.start();
    await getOk(`${baseUrl}${path}`, {});
    const route = bareRouteOf(proxy.stop(), null);
    variants.push(route);
    shapes.add(JSON.stringify({ statements: route.statements.map((s) => [s.name, s.text, s.simple]) }));
  }
  return { variants, shapes: shapes.size };
}

/**
 * The statements one request of a route sends, taken off the wire (bench/lib/statement-capture.ts) from a
 * server started for this only. Two requests first (caches filled as during a run), then requests until
 * two in a row sent the same statements: what a request costs once the run is under way. The viewers in
 * turn take the next viewer each time, as during the run; their own id and session are compared as
 * placeholders.
 */
async function captureRoute(
  proxy: CaptureProxy,
  url: string,
  asker: Asker,
  auth: { viewer: string; viewers: readonly string[] },
  identities: Record<string, [string, string]>,
): Promise<{ route: BareRoute; stable: boolean; valuesVary: boolean }> {
  let turn = Math.floor(auth.viewers.length / 2);
  const headersFor = (): Record<string, string> => {
    if (asker === 'visitor') return {};
    if (asker === 'viewer') return { authorization: auth.viewer };
    return { authorization: auth.viewers[turn++ % auth.viewers.length]! };
  };
  for (let i = 0; i < 2; i++) await getOk(url, headersFor());
  let previous: { exact: string; texts: string } | null = null;
  let last: BareRoute | null = null;
  for (let attempt = 0; attempt < 8; attempt++) {
    const headers = headersFor();
    proxy.start();
    await getOk(url, headers);
    const route = bareRouteOf(
      proxy.stop(),
      headers.authorization ? identities[headers.authorization]! : null,
    );
    const [id, session] = route.viewer ?? ['', ''];
    const texts = JSON.stringify({
      statements: route.statements.map((s) => [s.name, s.text, s.simple]),
      batches: route.batches,
    });
    const exact = JSON.stringify(
      route.statements.map((s) =>
        s.values.map((v) => (v && id ? v.replaceAll(id, '<viewer>').replaceAll(session, '<session>') : v)),
      ),
    );
    // The same statements twice in a row; their values may differ by viewer beyond the viewer's own id
    // (e.g. the actors of a viewer's activity), which the bare route then runs as they were for one viewer.
    if (previous && previous.texts === texts)
      return { route, stable: true, valuesVary: previous.exact !== exact };
    previous = { exact, texts };
    last = route;
  }
  return { route: last!, stable: false, valuesVary: true };
}

export async function benchScale(options: {
  posts: number;
  databaseUrl: string;
  duration: number;
  connections: number;
  only?: string[];
  log: (line: string) => void;
}): Promise<ScaleResult> {
  const { log } = options;
  log(`${options.posts.toLocaleString('en-US')} posts: ${options.databaseUrl.replace(/\/\/[^@]*@/, '//')}`);
  const data = await prepareDataSet(options.posts, options.databaseUrl, log);
  const ids = await sampleIds(options.databaseUrl);
  const list = routes(ids, await rotations(options.databaseUrl)).filter(
    ([route]) => !options.only || options.only.some((name) => route.includes(name)),
  );
  const firstViewersPath = list.find(([, , asker]) => asker === 'viewers')?.[1] ?? '/api/v1/posts?limit=20';

  // Tokens for the generated creators are signed with the server's key (they have no password). The
  // issuer is the same for every server the bench starts (PORT=0), so the tokens serve both below.
  const signingKey = benchSigningKey();
  const env = { DATABASE_URL: options.databaseUrl, SEED_DEMO: 'false', AUTH_JWT_PRIVATE_KEY: signingKey };

  // 1. Each route's statements, from a server that talks to PostgreSQL through the capture proxy.
  log('  taking each route’s statements off the wire');
  const proxy = await startCaptureProxy(options.databaseUrl, `${APPLICATION_NAME_PREFIX}server`);
  const captureServer = await startServer({ ...env, DATABASE_URL: proxy.url });
  let token: string;
  let viewers: string[];
  const identities: Record<string, [string, string]> = {};
  const bareRoutes: (BareRoute | BareRotation)[] = [];
  const statements: RouteStatements[] = [];
  try {
    await waitForIdle(captureServer.pid);
    token = await signUp(captureServer.url);
    viewers = (await signTokensFor(signingKey, token, ids.creatorIds, options.databaseUrl)).map(
      (t) => `Bearer ${t}`,
    );
    for (const authorization of [`Bearer ${token}`, ...viewers]) {
      identities[authorization] = identityOf(authorization.slice('Bearer '.length));
    }
    await warmUp(`${captureServer.url}${firstViewersPath}`, viewers);
    for (const [route, path, asker, paths] of list) {
      if (paths) {
        if (asker !== 'visitor') throw new Error(`${route}: requests in turn are taken for a visitor only`);
        const captured = await captureRotation(proxy, captureServer.url, path, paths);
        const first = captured.variants[0]!;
        bareRoutes.push({ variants: captured.variants });
        statements.push({
          route,
          stable: true,
          valuesVary: false,
          statements: first.statements.map(({ name, text, values }) => ({ name, text, values })),
          batches: first.batches,
          rotation: { variants: captured.variants.length, shapes: captured.shapes },
        });
        log(
          `    ${route}: ${captured.variants.length} requests taken, ${captured.shapes} kinds of statement lists; the first: ${first.statements.map((s) => s.name ?? 'unnamed').join(', ')}`,
        );
        continue;
      }
      const captured = await captureRoute(
        proxy,
        `${captureServer.url}${path}`,
        asker,
        { viewer: `Bearer ${token}`, viewers },
        identities,
      );
      bareRoutes.push(captured.route);
      statements.push({
        route,
        stable: captured.stable,
        valuesVary: captured.valuesVary,
        statements: captured.route.statements.map(({ name, text, values }) => ({ name, text, values })),
        batches: captured.route.batches,
      });
      log(
        `    ${route}: ${captured.route.statements.length} statements (${captured.route.statements.map((s) => s.name ?? 'unnamed').join(', ') || 'none'})${captured.stable ? '' : ', NOT STABLE'}${captured.valuesVary ? ', values vary by viewer' : ''}`,
      );
    }
  } finally {
    await captureServer.stop();
    await proxy.close();
  }

  // 2. The server, on its own connection to PostgreSQL.
  const server = await startServer(env);
  const rows: ScaleRow[] = [];
  let rssAtRestMB = 0;
  let rssAfterMB = 0;
  try {
    await waitForIdle(server.pid);
    rssAtRestMB = Math.round((rssBytes(server.pid) / MB) * 10) / 10;
    // Every route once before the first run (a route that fails stops the bench here, not halfway), and
    // every viewer's token once: a client sends the same token for up to an hour, so the server's
    // one-time work per token (the ES256 check, the profile bootstrap) is not what a route costs. Without
    // this a 5 s run at ~500 req/s sees each of 2,000 tokens for the first time and measures that
    // instead (bench/RESULTS.md, issue 20).
    for (const [, path, asker] of list) {
      await getOk(
        `${server.url}${path}`,
        asker === 'visitor' ? {} : { authorization: asker === 'viewer' ? `Bearer ${token}` : viewers[0]! },
      );
    }
    await warmUp(`${server.url}${firstViewersPath}`, viewers);
    // One wait per route: the count after a run is the count before the next (nothing else runs between).
    let committedBefore = await committedTransactions(options.databaseUrl);
    for (const [route, path, asker, paths, warmPaths] of list) {
      const headers: Record<string, string> = asker === 'viewer' ? { authorization: `Bearer ${token}` } : {};
      if (asker === 'viewers' && path !== firstViewersPath) {
        // Each viewer once on this route too, just before its run (a viewer's kept flags last 30 s), so
        // that it measures viewers who come back, as the first one does; not counted in its statements.
        await warmUp(`${server.url}${path}`, viewers);
        committedBefore = await committedTransactions(options.databaseUrl);
      }
      if (warmPaths) {
        for (const warm of warmPaths) await getOk(`${server.url}${warm}`, headers);
        committedBefore = await committedTransactions(options.databaseUrl);
      }
      log(`  load: ${route} (load average ${loadAverage()})`);
      const sampler = sampleRss(server.pid, 100);
      const result = await measuredLoad(route, `${server.url}${path}`, {
        serverPid: server.pid,
        duration: options.duration,
        connections: options.connections,
        headers,
        ...(asker === 'viewers' ? { authorizations: viewers } : {}),
        ...(paths ? { paths } : {}),
      });
      const rss = sampler.stop();
      const committedAfter = await committedTransactions(options.databaseUrl);
      const committed = committedAfter - committedBefore;
      committedBefore = committedAfter;
      const statementsPerRequest =
        result.completed > 0 ? Math.round((committed / result.completed) * 100) / 100 : Number.NaN;
      rows.push({
        ...result,
        route,
        posts: options.posts,
        rssPeakMB: rss.peakMB,
        statementsPerRequest,
        limit: null,
      });
      log(
        `    ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms; CPU ms/request: server ${result.serverCpuMs}, load generator ${result.clientCpuMs}, PostgreSQL ${result.postgresCpuMs}; statements/request ${statementsPerRequest}`,
      );
    }
    rssAfterMB = Math.round((rssBytes(server.pid) / MB) * 10) / 10;
  } finally {
    await server.stop();
  }

  // 3. The limit of each route's query: its statements through the driver alone (bench/lib/bare-server.mjs),
  // pinned like the server, loaded the same way, the same viewers in turn.
  const bare = await startBareServer(options.databaseUrl, bareRoutes, identities);
  try {
    for (const [i, [route, , asker]] of list.entries()) {
      const headers: Record<string, string> = asker === 'viewer' ? { authorization: `Bearer ${token}` } : {};
      const url = `${bare.url}/r/${i}`;
      const bareRoute = bareRoutes[i]!;
      // The captured requests of a route in turn, in the order the server's load took their paths.
      const paths = 'variants' in bareRoute ? bareRoute.variants.map((_, j) => `/r/${i}?v=${j}`) : undefined;
      const check = await fetch(url, {
        headers: asker === 'viewers' ? { authorization: viewers[0]! } : headers,
      });
      if (check.status !== 200) log(`    limit of ${route}: answered ${check.status}: ${await check.text()}`);
      else await check.arrayBuffer();
      log(`  limit: ${route} (load average ${loadAverage()})`);
      const result = await measuredLoad(`limit: ${route}`, url, {
        serverPid: bare.pid,
        duration: options.duration,
        connections: options.connections,
        headers,
        ...(asker === 'viewers' ? { authorizations: viewers } : {}),
        ...(paths ? { paths } : {}),
      });
      const row = rows[i]!;
      // Transactions a request commits, as the measured column counts them (a mean over a rotation's requests).
      const taken =
        'variants' in bareRoute
          ? Math.round(
              (bareRoute.variants.reduce((sum, v) => sum + transactionsOf(v), 0) /
                bareRoute.variants.length) *
                100,
            ) / 100
          : transactionsOf(bareRoute);
      row.limit = { ...result, statements: taken };
      log(
        `    ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms; CPU ms/request: bare route ${result.serverCpuMs}, PostgreSQL ${result.postgresCpuMs}`,
      );
    }
  } finally {
    await bare.stop();
  }
  return {
    posts: options.posts,
    rssAtRestMB,
    rssAfterMB,
    rows,
    statements,
    dataSet: data,
  };
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** One table per data set (the issue-20 table with the limit beside each route), then p50 growth and memory. */
export function formatScaleResults(results: ScaleResult[], notes: string[] = []): string {
  const lines: string[] = [];
  for (const [n, r] of results.entries()) {
    const trivial = r.rows.find((row) => row.route.startsWith('trivial'));
    lines.push(
      `#### ${fmt(r.posts)} posts`,
      '',
      ...(notes[n] ? [notes[n], ''] : []),
      '| route | req/s | share of the trivial route | p50 | p99 | limit of its query: req/s | p99 | share of the limit | statements/request: measured / taken | CPU ms/request: server / PostgreSQL | limit: bare route / PostgreSQL |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...r.rows.map((row) => {
        const ratio = trivial ? row.requestsPerSecond / trivial.requestsPerSecond : Number.NaN;
        // Three decimals below 0.1, so that a route at a few hundredths (issue 20's goal: 0.05) reads as one.
        const share = trivial ? ratio.toFixed(ratio < 0.1 ? 3 : 2) : '-';
        const limit = row.limit;
        const ofLimit =
          limit && limit.requestsPerSecond > 0
            ? (row.requestsPerSecond / limit.requestsPerSecond).toFixed(2)
            : '-';
        return `| ${row.route} | ${fmt(row.requestsPerSecond)} | ${share} | ${row.p50} | ${row.p99} | ${limit ? fmt(limit.requestsPerSecond) : '-'} | ${limit?.p99 ?? '-'} | ${ofLimit} | ${row.statementsPerRequest} / ${limit?.statements ?? '-'} | ${row.serverCpuMs} / ${row.postgresCpuMs} | ${limit ? `${limit.serverCpuMs} / ${limit.postgresCpuMs}` : '-'} |`;
      }),
      '',
    );
  }
  const sizes = results.map((r) => r.posts);
  const routeNames = [...new Set(results.flatMap((r) => r.rows.map((row) => row.route)))];
  if (results.length > 1) {
    lines.push(
      `| route: p50 ms | ${sizes.map(fmt).join(' | ')} | growth ${fmt(sizes[0]!)} → ${fmt(sizes.at(-1)!)} |`,
      `|---|${sizes.map(() => '---:').join('|')}|---:|`,
      ...routeNames.map((name) => {
        const p50s = results.map((r) => r.rows.find((x) => x.route === name)?.p50);
        const first = p50s[0];
        const last = p50s.at(-1);
        const growth = first && last !== undefined ? `${(last / first).toFixed(2)}x` : '-';
        return `| ${name} | ${p50s.map((p) => p ?? '-').join(' | ')} | ${growth} |`;
      }),
      '',
    );
  }
  lines.push(
    '| posts | data set | server RSS at rest | peak RSS under load (any route) | RSS after the runs | errors / non-2xx (server; limits) |',
    '|---:|---|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${fmt(r.posts)} | ${r.dataSet.generated ? 'generated' : 'reused'} (${Math.round(r.dataSet.seconds)} s) | ${r.rssAtRestMB} MB | ${Math.max(...r.rows.map((x) => x.rssPeakMB))} MB | ${r.rssAfterMB} MB | ${r.rows.reduce((a, x) => a + x.errors, 0)} / ${r.rows.reduce((a, x) => a + x.non2xx, 0)}; ${r.rows.reduce((a, x) => a + (x.limit?.errors ?? 0), 0)} / ${r.rows.reduce((a, x) => a + (x.limit?.non2xx ?? 0), 0)} |`,
    ),
  );
  return lines.join('\n');
}

/** The statements each route's limit ran (from the first data set), for the report. */
export function formatRouteStatements(result: ScaleResult): string {
  const lines = [
    `Statements of one request, taken off the wire at ${fmt(result.posts)} posts (name: prepared under that name; parameters as sent; a viewer's id stands for each viewer in turn):`,
    '',
  ];
  for (const entry of result.statements) {
    const notes = [
      ...(entry.rotation
        ? [
            `${fmt(entry.rotation.variants)} different requests taken, one each, replayed in turn by the limit; ${entry.rotation.shapes} kinds of statement lists; those of the first`,
          ]
        : []),
      ...(entry.stable ? [] : ['not stable: two requests in a row never sent the same statements']),
      ...(entry.stable && entry.valuesVary
        ? ['values vary by viewer beyond their id: those of one viewer']
        : []),
    ];
    lines.push(
      `- ${entry.route}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}:${entry.statements.length === 0 ? ' none' : ''}`,
    );
    for (const s of entry.statements) {
      const text = s.text.replace(/\s+/g, ' ');
      lines.push(
        `  - ${s.name ?? 'unnamed'} (${s.values.length} parameters): \`${text.length > 160 ? `${text.slice(0, 160)}…` : text}\``,
      );
    }
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const spec = process.env.BENCH_SCALE_DATABASES;
  if (!spec) {
    process.stderr.write('set BENCH_SCALE_DATABASES=posts=url,posts=url,... (databases of their own)\n');
    process.exit(1);
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const results: ScaleResult[] = [];
  const notes: string[] = [];
  for (const part of spec.split(',')) {
    const [posts, url] = part.split('=', 2) as [string, string];
    notes.push(`Load average ${loadAverage()} before the set.`);
    results.push(
      await benchScale({
        posts: Number(posts),
        databaseUrl: url,
        duration: Number(process.env.BENCH_DURATION ?? 10),
        connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
        only: process.env.BENCH_SCALE_ROUTES?.split(','),
        log,
      }),
    );
  }
  process.stdout.write(`${formatScaleResults(results, notes)}\n\n${formatRouteStatements(results[0]!)}\n`);
}
