import { hash } from 'node:crypto';
import { type Post, type PostPage, PostPageSchema, PostSchema } from '@sys/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { etagOf } from '../../lib/send-json.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import {
  FeedPageTemplate,
  ONE_POST_HEAD,
  ONE_POST_TAIL,
  stateOn,
  type ViewerPostReading,
  type ViewerPostState,
} from './posts.feed-template.ts';

/**
 * A short-lived cache of the public feed's pages as visitors see them, kept ready-serialised.
 *
 * A feed page costs a few database round trips and ~1.8 ms of Node CPU (row mapping, response
 * validation and serialisation of ~35 kB); under load that CPU, not the database, decides the latency
 * (bench/RESULTS.md). The same page for the same `limit` and `cursor` is the same for every visitor, so it is
 * built once and served as the stored JSON text until it expires (`FEED_CACHE_TTL_MS`) or the feed changes.
 * Signed-in viewers get the same page with their own flags and counts written into its JSON
 * (PostsService.viewerStatesOfPage, FeedPageTemplate); those values are kept too, per viewer and page,
 * for as long as the page (below).
 *
 * Single posts (a post's page, GET /posts/{id}, kept as a page of one post: `getPost`, `postBody`) and
 * profiles' pages of posts as visitors see them (`getProfilePage`) are kept the same way, in a cache of
 * their own beside the feed's pages: cleared with them, with the same TTL, and turned into a signed-in
 * viewer's version by the same values (`viewerPage`). A profile's new username or a deleted account's
 * posts show once its entries expire (the author's new name or picture at once: ProfilesService tells
 * this cache). Discovery's lists of posts (search, filters, brands, categories, tags: `getList`, by their
 * ids) are kept there too, and the pages made of them (`pageOfList`: a list with its count and cursor)
 * with them, sent as bytes like the feed's pages (PostsService.listedPage). Different lists (other
 * filters, other queries) share most of their posts, so a list is made of posts kept one by one, by id,
 * as visitors see them (`listedPosts`, at most LISTED_POSTS_PER_PAGE per page of FEED_CACHE_MAX_PAGES,
 * least recently used go first, with the same TTL and freshness as a post's page of one): a list not kept
 * yet reads only the posts no list brought before, in one statement, and parses only those with the
 * route's schema; each post is kept with its JSON text and template (as a page of one), so that a page
 * of a list is put together from them rather than written again (`FeedPageTemplate.compose`). Public
 * profiles (`shared`) and each viewer's follow and blocks with one (`forViewer`) are kept the same way
 * for ProfilesService: a profile's edit clears this cache (`changed`).
 *
 * Freshness: a post created, edited or removed through this instance clears the cache before the
 * request that changed it answers, so the author's next read is fresh; every instance hears of it
 * through PostgreSQL NOTIFY on FEED_CHANNEL (delivered when the change has committed) and clears its
 * own cache. What bypasses the posts service (a profile's new name, a like's count for visitors) shows
 * once the page expires. A page or a post being read while the feed changes is not stored (a generation
 * count), so a slow read never puts an older page back. A like or comment forgets its post's page of one
 * and its post as kept for discovery's lists (`postCountsChanged`), here and on every instance; the lists
 * and pages already kept keep their counts until they expire.
 *
 * A signed-in viewer's values for a page (their flags and the counts as they were when read) are kept
 * with that page, at most `maxViewerPages` of them (least recently used go first), so that a viewer who
 * reloads or whose client refetches runs no query (bench/RESULTS.md, section 2c). They are keyed by the
 * page's build, so they never outlive the page: other people's likes and comments show in a viewer's
 * counts as soon as they show in the visitor's page (FEED_CACHE_TTL_MS). The viewer's own changes show at
 * once: a like, save, comment, follow, saved product or block (either side) moves that viewer's version
 * on (`viewersChanged`) before the request that changed it answers, and every instance hears of it on
 * FEED_VIEWERS_CHANNEL; values read before the change are under the old version and never read again.
 *
 * A viewer's flags (liked, saved, following, saved products) on a page's posts outlive the page: they
 * change only through the viewer's own changes (their version) or a change of the posts (which clears the
 * cache), so when the page is built again with the same posts, after FEED_CACHE_TTL_MS, a viewer who
 * changed nothing since it began to be read gets the new page's counts with the flags already read, and
 * runs no query (`viewerFlagsTtlMs`, FEED_CACHE_VIEWER_FLAGS_TTL_MS). Only flags read without counts are
 * kept that way: a viewer in a block has their own comment counts, read with every build.
 */

/** The PostgreSQL channel every instance publishes feed changes to and listens on. */
export const FEED_CHANNEL = 'sys_feed_changed';

/** The channel on which instances announce viewers whose own flags changed (payload: their ids, comma-separated). */
export const FEED_VIEWERS_CHANNEL = 'sys_feed_viewers_changed';

/**
 * The PostgreSQL channel every instance publishes a post's new like or comment count to (the post's id):
 * its kept page of one is forgotten, so that a watcher's refetch on the live event reads the new count.
 */
export const FEED_POST_COUNTS_CHANNEL = 'sys_feed_post_counts_changed';

export interface CachedFeedPage {
  /** The page as the route's response schema outputs it. */
  page: PostPage;
  /** `page` serialised exactly as the route's serializer would (zod output, then JSON.stringify). */
  json: string;
  /** `json` as UTF-8 bytes, encoded once rather than on every response. */
  body: Buffer;
  /** A strong validator of `json`. */
  etag: string;
  /** `body` with holes for a signed-in viewer's values; null if the page could not be taken apart. */
  template: FeedPageTemplate | null;
  /** Which build of a page this is (unique in this process): viewers' values belong to one build. */
  build: number;
  /** Which posts the page holds, in order (a digest of their ids): viewers' flags belong to these. */
  posts: string;
  /**
   * The last viewer version handed out when this page began to be read: a viewer whose version is not
   * newer has changed nothing of their own since, so the page's counts already hold their likes and
   * comments.
   */
  versionsAtBuild: number;
}

/**
 * A discovery list's posts as visitors see them (`getList`), assembled from the posts kept one by one: not
 * serialised itself, only the pages made of it are (`pageOfList`).
 */
export interface CachedList {
  /** The posts a visitor may see, in the list's order (`next_cursor` null). */
  page: PostPage;
  /** Which build of a list this is (unique in this process, shared with the pages' builds). */
  build: number;
  /** Which posts it holds, in order (a digest of their ids). */
  posts: string;
  /**
   * The last viewer version handed out when the oldest of its posts began to be read (see
   * `CachedFeedPage.versionsAtBuild`): a post kept from an earlier read brings its own.
   */
  versionsAtBuild: number;
  /** Its posts' templates, each of a page of one post (`pageOfList` puts them together); null if one has none. */
  postTemplates: readonly FeedPageTemplate[] | null;
}

/** A post of a discovery list kept by itself, as a visitor sees it (`getList`). */
interface ListedPost {
  /** As the route's schema outputs it (parsed once, when it was read). */
  post: Post;
  /** The last viewer version handed out when it began to be read. */
  versionsAtRead: number;
  /** The template of a page of this post alone: its JSON text and holes, written once. */
  template: FeedPageTemplate | null;
}

/** A signed-in viewer's version of a cached page: the values to write into its template, and its ETag. */
export interface ViewerFeedPage {
  values: readonly string[];
  etag: string;
  /**
   * The page's build and `values`: the key of the bytes they make among those kept for every viewer with
   * the same values (`FeedCache.viewerBody`); null when they are the visitor's own (the page's bytes).
   */
  bodyKey: string | null;
}

export interface FeedCacheOptions {
  /** How long a page is served before it is built again; 0 turns the cache off. */
  ttlMs: number;
  /** At most this many pages are kept (least recently used go first). */
  maxPages: number;
  /**
   * At most this many signed-in viewers' versions of a page are kept (least recently used go first), and
   * as many viewers' flags on a page's posts.
   */
  maxViewerPages: number;
  /**
   * How long a viewer's flags on a page's posts are used for the next builds of a page with the same
   * posts, while the viewer and the posts change nothing; 0 reads them again with every build.
   */
  viewerFlagsTtlMs: number;
  database: Pick<Database, 'listen' | 'notify'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The clock, for tests. */
  now?: () => number;
}

export class FeedCache {
  /** The pages by key (limit and cursor); cleared on every change of the feed, on any instance. */
  private readonly pages: TtlCache;
  /** Single posts as pages of one ('post|' and the id), and profiles' pages ('profile|' ...); cleared with the pages. */
  private readonly others: TtlCache;
  /**
   * Discovery lists' posts kept one by one (by id, as visitors see them), of which lists are made: cleared
   * with `others`, a post forgotten with its page of one (`forgetPost`).
   */
  private readonly listedPosts: TtlCache;
  /** Other caches of this instance derived from posts (discovery's): cleared with this one, at once. */
  private readonly dependents: { clear(): void }[] = [];
  /** Signed-in viewers' values of a page, by page build, viewer and the viewer's version. */
  private readonly viewerPages: TtlCache;
  /** Signed-in viewers' flags on a page's posts (readings without counts), by posts, viewer and version. */
  private readonly viewerFlags: TtlCache;
  private readonly versions: ViewerVersions;
  /** Pages made of a kept list (`pageOfList`), by list build and the page's text without its posts. */
  private readonly listPages = new WeakMap<CachedList, Map<string, CachedFeedPage>>();
  /**
   * Pages' bytes with viewers' values written in, by `ViewerFeedPage.bodyKey`, shared by the viewers whose
   * values are the same; at most VIEWER_BODIES_BYTES of them, the oldest go first (`viewerBody`).
   */
  private readonly viewerBodies = new Map<string, Buffer>();
  private viewerBodiesBytes = 0;
  private builds = 0;
  private stopListeningToViewers: (() => Promise<void>) | null = null;
  private stopListeningToPostCounts: (() => Promise<void>) | null = null;

  constructor(private readonly options: FeedCacheOptions) {
    const clock = options.now ? { now: options.now } : {};
    this.pages = new TtlCache({ ttlMs: options.ttlMs, maxEntries: options.maxPages, ...clock });
    this.others = new TtlCache({ ttlMs: options.ttlMs, maxEntries: options.maxPages, ...clock });
    this.listedPosts = new TtlCache({
      ttlMs: options.ttlMs,
      maxEntries: options.maxPages * LISTED_POSTS_PER_PAGE,
      ...clock,
    });
    this.viewerPages = new TtlCache({
      ttlMs: options.ttlMs,
      maxEntries: options.maxViewerPages,
      ...clock,
    });
    this.viewerFlags = new TtlCache({
      ttlMs: options.ttlMs > 0 ? options.viewerFlagsTtlMs : 0,
      maxEntries: options.maxViewerPages,
      ...clock,
    });
    this.versions = new ViewerVersions(Math.max(1000, options.maxViewerPages));
  }

  get enabled(): boolean {
    return this.pages.enabled;
  }

  /**
   * `cache` is cleared whenever this instance changes the feed, before the change's request answers
   * (other instances clear theirs on the NOTIFY, as this cache does).
   */
  clearsAlso(cache: { clear(): void }): void {
    this.dependents.push(cache);
  }

  /** Number of pages held (tests and diagnostics). */
  get size(): number {
    return this.pages.size;
  }

  /** Number of discovery lists' posts held one by one (tests and diagnostics). */
  get listedPostsSize(): number {
    return this.listedPosts.size;
  }

  /** Number of signed-in viewers' versions of pages held (tests and diagnostics). */
  get viewerPagesSize(): number {
    return this.viewerPages.size;
  }

  /** Number of signed-in viewers' flags on pages' posts held (tests and diagnostics). */
  get viewerFlagsSize(): number {
    return this.viewerFlags.size;
  }

  /** Listens for other instances' changes (a lost listener connection may have missed some: clears). */
  async start(): Promise<void> {
    await this.pages.start(this.options.database, FEED_CHANNEL);
    await this.others.start(this.options.database, FEED_CHANNEL);
    await this.listedPosts.start(this.options.database, FEED_CHANNEL);
    if (this.others.enabled) {
      this.stopListeningToPostCounts = await this.options.database.listen(
        FEED_POST_COUNTS_CHANNEL,
        (postId) => this.forgetPost(postId),
        {
          onReconnect: () => {
            this.others.clear();
            this.listedPosts.clear();
          },
        },
      );
    }
    if (!this.viewerPages.enabled) return;
    // Pages built again leave their viewers' values unread; clearing them with the pages frees the memory.
    await this.viewerPages.start(this.options.database, FEED_CHANNEL);
    // A post changed (its items, who may see it): flags read before are not used again.
    await this.viewerFlags.start(this.options.database, FEED_CHANNEL);
    this.stopListeningToViewers = await this.options.database.listen(
      FEED_VIEWERS_CHANNEL,
      (payload) => {
        for (const viewerId of payload.split(',')) if (viewerId) this.versions.change(viewerId);
      },
      { onReconnect: () => this.versions.changeAll() },
    );
  }

  async stop(): Promise<void> {
    const stops = [this.stopListeningToViewers, this.stopListeningToPostCounts];
    this.stopListeningToViewers = null;
    this.stopListeningToPostCounts = null;
    for (const stop of stops) {
      try {
        await stop?.();
      } catch {
        // The database may be closed already.
      }
    }
    await this.viewerFlags.stop();
    await this.viewerPages.stop();
    this.clearViewerBodies();
    await this.listedPosts.stop();
    await this.others.stop();
    await this.pages.stop();
  }

  /**
   * The page under `key`, from the cache while it is fresh, otherwise from `build` (once, however many
   * requests ask for it meanwhile).
   */
  get(key: string, build: () => Promise<PostPage>): Promise<CachedFeedPage> {
    return this.pages.get(key, () => this.build(build));
  }

  /**
   * The post `id` as a visitor sees it, as a page of one, from the cache while it is fresh, otherwise from
   * `build` (once however many ask meanwhile; a post a visitor may not see throws, and nothing is kept).
   * `postBody` gives the post's own JSON of it, or of a viewer's version of it.
   */
  getPost(id: string, build: () => Promise<Post>): Promise<CachedFeedPage> {
    return this.others.get(postKey(id), () =>
      this.build(async () => ({ items: [await build()], next_cursor: null })),
    );
  }

  /**
   * What `read` gives under `key`, the same for everyone (a public profile: ProfilesService), kept with
   * the posts and profile pages (cleared with them), unless `keep` says otherwise of it.
   */
  shared<T>(key: string, read: () => Promise<T>, keep?: (value: T) => boolean): Promise<T> {
    return this.others.get(`shared|${key}`, read, keep);
  }

  /**
   * What `read` gives for `viewerId` under `key` (their follow and blocks with a profile: ProfilesService),
   * kept like their flags on posts: until they change something of their own, on any instance (a block
   * on either side included), or the cache is cleared, for at most `viewerFlagsTtlMs`.
   */
  forViewer<T>(viewerId: string, key: string, read: () => Promise<T>): Promise<T> {
    return this.viewerFlags.get(`${key}|${viewerId}|${this.versions.of(viewerId)}`, read);
  }

  /** Something kept by `shared` changed: the same as a change of the posts (`invalidate`). */
  changed(): Promise<void> {
    return this.invalidate();
  }

  /**
   * The posts `ids` as a visitor sees them (the ones a visitor may see, in that order): a discovery list
   * (search, filters, brands...), whose ids come ranked from elsewhere, kept by its ids like `get`'s pages.
   * A list is made of posts kept one by one, by id, as visitors see them (shared by every list they are
   * in, for FEED_CACHE_TTL_MS, cleared with the pages, a post forgotten when its counts change); only the
   * posts not kept are read, with one call of `read` (which gives those of them a visitor may see, as the
   * database has them), each parsed by the route's schema once, when it is read. A post `read` leaves out
   * is left out of the list and nothing is kept of it.
   */
  getList(ids: readonly string[], read: (ids: string[]) => Promise<Post[]>): Promise<CachedList> {
    return this.others.get(`list|${postsDigest(ids)}`, () => this.buildList(ids, read));
  }

  private async buildList(
    ids: readonly string[],
    read: (ids: string[]) => Promise<Post[]>,
  ): Promise<CachedList> {
    let versionsAtBuild = this.versions.latest;
    const kept = await this.listedPosts.getMany<ListedPost>(ids.map(listedPostKey), async (missing) => {
      const versionsAtRead = this.versions.latest;
      const posts = await read(missing);
      return new Map(
        posts.map((row) => {
          const post = PostSchema.parse(row);
          const alone: PostPage = { items: [post], next_cursor: null };
          const json = JSON.stringify(alone);
          const template = FeedPageTemplate.of(alone, json, Buffer.from(json, 'utf8'));
          return [listedPostKey(post.id), { post, versionsAtRead, template }];
        }),
      );
    });
    const items: Post[] = [];
    const postTemplates: FeedPageTemplate[] = [];
    for (const id of ids) {
      const listed = kept.get(listedPostKey(id));
      if (!listed) continue;
      items.push(listed.post);
      if (listed.template) postTemplates.push(listed.template);
      // A post kept from an earlier read has the counts of then: a viewer who changed something since
      // must have theirs read (statesOf).
      versionsAtBuild = Math.min(versionsAtBuild, listed.versionsAtRead);
    }
    return {
      page: { items, next_cursor: null },
      build: ++this.builds,
      posts: postsDigest(items.map((post) => post.id)),
      versionsAtBuild,
      postTemplates: postTemplates.length === items.length ? postTemplates : null,
    };
  }

  /**
   * The page `shape` makes of the posts of `list` (a discovery list from `getList`: its count, cursor,
   * brand... around them) as visitors see it, serialised and templated once and kept with that build of
   * the list, so that a kept discovery page is sent as its bytes, and a signed-in viewer's as those bytes
   * with their values written in (`viewerPage` of the page), as the feed's pages are. A page is kept by its
   * text without posts (`shape([])`), at most MAX_PAGES_OF_A_LIST of them for one list (the same posts
   * with other counts or cursors); they go with the list's build (its TTL, any change of a post), so they
   * are never fresher or staler than the list.
   */
  pageOfList(list: CachedList, shape: (items: Post[]) => PostPage): CachedFeedPage {
    const key = JSON.stringify(shape([]));
    let pages = this.listPages.get(list);
    if (!pages) {
      pages = new Map();
      this.listPages.set(list, pages);
    }
    const kept = pages.get(key);
    if (kept) return kept;
    // Its own build (a viewer's values and ETag for it are kept apart from the list's and other pages');
    // its posts and counts are the list's, read when the list was.
    const page = shape(list.page.items);
    const made =
      this.composedEntry(page, key, list) ?? this.entryOf(page, list.posts, list.versionsAtBuild, true);
    if (pages.size >= MAX_PAGES_OF_A_LIST) pages.delete(pages.keys().next().value as string);
    pages.set(key, made);
    return made;
  }

  /**
   * `page`, made of `list` by a shape whose text without posts is `empty`, as kept, put together from its
   * posts' kept texts and templates rather than written again (what `entryOf` would give, for about a
   * third of its CPU); null when it cannot be: a post without a template, or a page whose other fields depend on its
   * posts or whose text has `"items":[]` more than once.
   */
  private composedEntry(page: PostPage, empty: string, list: CachedList): CachedFeedPage | null {
    if (!list.postTemplates) return null;
    const at = empty.indexOf(EMPTY_ITEMS);
    if (at < 0 || empty.indexOf(EMPTY_ITEMS, at + 1) >= 0) return null;
    if (JSON.stringify({ ...page, items: [] }) !== empty) return null;
    const split = at + EMPTY_ITEMS.length - 1;
    const template = FeedPageTemplate.compose(empty.slice(0, split), list.postTemplates, empty.slice(split));
    if (!template) return null;
    const body = template.bytes;
    return {
      page,
      json: body.toString('utf8'),
      body,
      etag: etagOf(body),
      template,
      build: ++this.builds,
      posts: list.posts,
      versionsAtBuild: list.versionsAtBuild,
    };
  }

  /** A profile's page of posts as a visitor sees it, under `key` (its username, limit and cursor), like `get`. */
  getProfilePage(key: string, build: () => Promise<PostPage>): Promise<CachedFeedPage> {
    return this.others.get(`profile|${key}`, () => this.build(build));
  }

  private async build(read: () => Promise<PostPage>): Promise<CachedFeedPage> {
    const versionsAtBuild = this.versions.latest;
    const page = PostPageSchema.parse(await read());
    return this.entryOf(page, postsDigest(page.items.map((post) => post.id)), versionsAtBuild, true);
  }

  /**
   * `page` as kept: its JSON, bytes and ETag, its template for signed-in viewers when `templated`, and a
   * build number of its own.
   */
  private entryOf(
    page: PostPage,
    posts: string,
    versionsAtBuild: number,
    templated: boolean,
  ): CachedFeedPage {
    const json = JSON.stringify(page);
    const body = Buffer.from(json, 'utf8');
    const template = templated ? FeedPageTemplate.of(page, json, body) : null;
    if (templated && !template) this.options.log.warn('a page could not be templated for signed-in viewers');
    return { page, json, body, etag: etagOf(json), template, build: ++this.builds, posts, versionsAtBuild };
  }

  /**
   * `viewerId`'s version of the cached page `cached`: kept while the page is, until the viewer changes
   * something of their own (`viewersChanged`, on any instance); otherwise made from `read` (their flags,
   * and counts where theirs differ from the page's, one per post in page order), once however many
   * requests ask for it meanwhile. `read` is told whether the counts must be read: only when the viewer
   * changed something since the page began to be read (otherwise the page's counts are theirs, as fresh
   * as everyone else's). When they need not be, flags read for an earlier build of a page with the same
   * posts are used again (`viewerFlagsTtlMs`). Null when the page has no template or `read` gives null (a
   * post of it is hidden from the viewer): their page must then be read for them.
   */
  viewerPage(
    viewerId: string,
    cached: CachedFeedPage,
    read: (options: { counts: boolean }) => Promise<ViewerPostReading[] | null>,
  ): Promise<ViewerFeedPage | null> {
    const template = cached.template;
    if (!template) return Promise.resolve(null);
    // The version read now: values computed from data older than the viewer's next change stay under it.
    const version = this.versions.of(viewerId);
    const key = `${cached.build}|${viewerId}|${version}`;
    return this.viewerPages.get(key, async () => {
      const states = await this.statesOf(viewerId, version, cached, read);
      if (!states) return null;
      const values = template.valuesOf(states);
      const joined = values.join(',');
      return {
        values,
        // The cached page's ETag and these values determine the body: a strong validator without hashing it.
        etag: etagOf(`${cached.etag}${joined}`),
        // Compared once here, not on every request for the kept values.
        bodyKey: template.hasVisitorValues(values) ? null : `${cached.build}|${joined}`,
      };
    });
  }

  /**
   * The bytes of `cached` with `personal`'s values written in (`personal` from `viewerPage` of `cached`).
   * Most viewers' values on a page are alike: the visitor's (no like, save or follow among its posts),
   * whose bytes are the page's own, or a follow of the same author; writing a ~35 kB page anew for every
   * request was most of what a kept viewer's page cost beyond a visitor's (bench/RESULTS.md, issue 20).
   * So the bytes made for some values are kept for whoever has the same values on that build of the page
   * (the key says both: never another page's or other values' bytes), at most VIEWER_BODIES_BYTES of them,
   * the oldest go first; not kept while viewers' pages are not (FEED_CACHE_MAX_VIEWER_PAGES=0). A build's
   * bytes are never asked for once it is gone: cleared with the cache, or pushed out by newer ones.
   */
  viewerBody(cached: CachedFeedPage, personal: ViewerFeedPage): Buffer {
    const key = personal.bodyKey;
    if (key === null || !cached.template) return cached.body;
    const kept = this.viewerBodies.get(key);
    if (kept) return kept;
    const body = cached.template.fill(personal.values);
    if (!this.viewerPages.enabled || body.length > VIEWER_BODIES_BYTES) return body;
    for (const [oldest, bytes] of this.viewerBodies) {
      if (this.viewerBodiesBytes + body.length <= VIEWER_BODIES_BYTES) break;
      this.viewerBodies.delete(oldest);
      this.viewerBodiesBytes -= bytes.length;
    }
    this.viewerBodies.set(key, body);
    this.viewerBodiesBytes += body.length;
    return body;
  }

  /** Number of viewers' pages' bytes kept for the viewers with the same values (tests and diagnostics). */
  get viewerBodiesSize(): number {
    return this.viewerBodies.size;
  }

  private clearViewerBodies(): void {
    this.viewerBodies.clear();
    this.viewerBodiesBytes = 0;
  }

  /**
   * `viewerId`'s flags and counts on each post of `cached`, in page order, as `viewerPage` finds them (read
   * with the counts, or their kept flags with the page's counts), but not kept with the page: for a page
   * whose posts are handed on as objects (`getList`). Null when `read` gives null.
   */
  viewerStates(
    viewerId: string,
    cached: CachedList,
    read: (options: { counts: boolean }) => Promise<ViewerPostReading[] | null>,
  ): Promise<ViewerPostState[] | null> {
    return this.statesOf(viewerId, this.versions.of(viewerId), cached, read);
  }

  /** The states behind `viewerPage` and `viewerStates`, for the viewer's `version` read before. */
  private async statesOf(
    viewerId: string,
    version: number,
    cached: Pick<CachedFeedPage, 'page' | 'posts' | 'versionsAtBuild'>,
    read: (options: { counts: boolean }) => Promise<ViewerPostReading[] | null>,
  ): Promise<ViewerPostState[] | null> {
    const readings =
      version > cached.versionsAtBuild
        ? await read({ counts: true })
        : await this.viewerFlags.get(
            `${cached.posts}|${viewerId}|${version}`,
            () => read({ counts: false }),
            // A viewer in a block has comment counts of their own: those are read with each build.
            (found) =>
              found === null || found.every((one) => one.comment_count === null && one.like_count === null),
          );
    if (!readings) return null;
    return readings.map((reading, i) => stateOn(cached.page.items[i]!, reading));
  }

  /**
   * These viewers changed something that shows in their own feed (a like, save, comment, follow, saved
   * product, block) and it has committed: their kept pages are not used again, here at once and on every
   * other instance when it hears FEED_VIEWERS_CHANNEL. Never throws: a lost notification leaves another
   * instance's kept values in use until their page expires.
   */
  async viewersChanged(viewerIds: readonly string[]): Promise<void> {
    if (viewerIds.length === 0) return;
    for (const viewerId of viewerIds) this.versions.change(viewerId);
    try {
      // Sent even with the cache off here: other instances may keep pages (a configuration being rolled out).
      await this.options.database.notify(FEED_VIEWERS_CHANNEL, viewerIds.join(','));
    } catch (error) {
      this.options.log.warn({ err: error }, "could not announce a viewer's change to the other instances");
    }
  }

  /**
   * Someone liked, unliked, commented on or removed a comment of post `postId`, and it has committed:
   * its kept page of one (GET /posts/{id}) is forgotten here at once and on every other instance when it
   * hears FEED_POST_COUNTS_CHANNEL, before the live event goes out, so that a watcher's refetch reads the
   * new counts instead of the kept ones; so is the post as kept for discovery's lists, so that a list not
   * kept yet reads it again. The feed's pages and the discovery lists already kept keep their counts until
   * they expire (FEED_CACHE_TTL_MS). Never throws: a lost notification costs at most one TTL of staleness.
   */
  async postCountsChanged(postId: string): Promise<void> {
    this.forgetPost(postId);
    try {
      await this.options.database.notify(FEED_POST_COUNTS_CHANNEL, postId);
    } catch (error) {
      this.options.log.warn({ err: error }, "could not announce a post's new counts to the other instances");
    }
  }

  private forgetPost(postId: string): void {
    // By key, not by a scan: the posts kept for lists may be thousands, and every like comes here.
    this.others.forgetKey(postKey(postId));
    this.listedPosts.forgetKey(listedPostKey(postId));
  }

  /**
   * The feed changed (a post was created, edited or removed and the change has committed): forget every
   * page here at once, and tell every instance (this one included: discovery's cache listens too, even
   * when this cache is off). Never throws: a lost notification costs at most one TTL of staleness.
   */
  async invalidate(): Promise<void> {
    this.pages.clear();
    this.others.clear();
    this.listedPosts.clear();
    this.viewerPages.clear();
    this.viewerFlags.clear();
    this.clearViewerBodies();
    for (const dependent of this.dependents) dependent.clear();
    try {
      await this.options.database.notify(FEED_CHANNEL, '');
    } catch (error) {
      this.options.log.warn({ err: error }, 'could not announce a feed change to the other instances');
    }
  }
}

/** The key of post `id`'s page of one among the kept single posts and profiles' pages. */
function postKey(id: string): string {
  return `post|${id.toLowerCase()}`;
}

/** The key of post `id` among discovery lists' posts kept one by one. */
function listedPostKey(id: string): string {
  return id.toLowerCase();
}

/**
 * Discovery lists' posts kept one by one: at most this many for each page the cache keeps
 * (FEED_CACHE_MAX_PAGES), a page's worth (20 posts by default; the post objects are shared with the lists
 * made of them).
 */
const LISTED_POSTS_PER_PAGE = 20;

/** A page's empty `items` in its JSON text: where a page made of a list's kept posts puts them. */
const EMPTY_ITEMS = '"items":[]';

/**
 * At most this many bytes of pages with viewers' values written in are kept for the viewers with the same
 * values (`FeedCache.viewerBody`): a few hundred feed pages of 20 posts.
 */
const VIEWER_BODIES_BYTES = 16 * 1024 * 1024;

/** At most this many pages made of one kept list are kept with it (`pageOfList`). */
const MAX_PAGES_OF_A_LIST = 2;

/** Which posts, in which order: a short key of their ids. */
function postsDigest(ids: readonly string[]): string {
  return hash('sha1', ids.join(','), 'base64url');
}

/**
 * The post's own JSON of `body`, a page of one post from `FeedCache.getPost` (or a viewer's version of
 * it): the same bytes, without the page around them. Null if the page is not written that way.
 */
export function postBody(body: Buffer): Buffer | null {
  const end = body.length - ONE_POST_TAIL.length;
  if (end <= ONE_POST_HEAD.length) return null;
  if (!body.subarray(0, ONE_POST_HEAD.length).equals(ONE_POST_HEAD)) return null;
  if (!body.subarray(end).equals(ONE_POST_TAIL)) return null;
  return body.subarray(ONE_POST_HEAD.length, end);
}

/**
 * The current version of each viewer's kept values: a viewer's change moves theirs on, so values computed
 * before it (under the old version) are never read again, including those still being computed. It
 * remembers the last `limit` viewers who changed something; when it would remember more, it forgets them
 * all and moves every viewer on at once (each viewer's next page is read again once), so that a
 * forgotten viewer never falls back to a version used before their change.
 */
class ViewerVersions {
  private readonly changed = new Map<string, number>();
  /** The last version handed out; versions only grow. */
  private last = 0;
  /** The version of every viewer not in `changed`. */
  private base = 0;

  constructor(private readonly limit: number) {}

  of(viewerId: string): number {
    return this.changed.get(viewerId) ?? this.base;
  }

  /** The last version handed out: every viewer who changes something from now on gets a newer one. */
  get latest(): number {
    return this.last;
  }

  change(viewerId: string): void {
    if (this.changed.size >= this.limit && !this.changed.has(viewerId)) {
      this.changeAll();
      return;
    }
    this.changed.set(viewerId, ++this.last);
  }

  changeAll(): void {
    this.changed.clear();
    this.base = ++this.last;
  }
}
