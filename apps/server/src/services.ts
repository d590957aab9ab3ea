import type { FastifyBaseLogger } from 'fastify';
import { type AppConfig, publicBaseUrl } from './config.ts';
import type { Database } from './db/client.ts';
import { type ApiRateLimiter, createApiRateLimiter } from './lib/api-rate-limits.ts';
import { type JobQueue, PgBossJobQueue } from './lib/job-queue.ts';
import { TtlCache } from './lib/ttl-cache.ts';
import { ActivityService } from './modules/activity/activity.service.ts';
import { AlbumsService } from './modules/albums/albums.service.ts';
import { type AuthModule, createAuthModule } from './modules/auth/auth.plugin.ts';
import type { Clock } from './modules/auth/auth.service.ts';
import { BrandsService } from './modules/brands/brands.service.ts';
import { LiveEventBus } from './modules/events/events.bus.ts';
import { LiveEventsService } from './modules/events/events.service.ts';
import { FilterIndex } from './modules/explore/explore.filter-index.ts';
import { ExploreService } from './modules/explore/explore.service.ts';
import { FollowsService } from './modules/follows/follows.service.ts';
import { MessagesService } from './modules/messages/messages.service.ts';
import { ModerationService } from './modules/moderation/moderation.service.ts';
import { FEED_CHANNEL, FeedCache } from './modules/posts/posts.feed-cache.ts';
import { PostsService } from './modules/posts/posts.service.ts';
import { TRANSCODE_QUEUE, transcodeQueues, VideoJobs } from './modules/posts/posts.video-jobs.ts';
import { profileAuthHooks } from './modules/profiles/profiles.plugin.ts';
import { ProfilesService } from './modules/profiles/profiles.service.ts';
import { loadVapidKeys } from './modules/push/push.keys.ts';
import { createPushSender } from './modules/push/push.send.ts';
import { PushService } from './modules/push/push.service.ts';
import { anyAddress, publicAddressesOnly } from './modules/scrape/scrape.addresses.ts';
import { CANDIDATE_SWEEP_INTERVAL_MS, ProductImages } from './modules/scrape/scrape.images.ts';
import { ScrapeService } from './modules/scrape/scrape.service.ts';
import { indexUnindexedPosts } from './modules/search-index/search-index.ts';
import { SocialService } from './modules/social/social.service.ts';
import type { LocalStorage } from './modules/storage/storage.local.ts';
import { createUploads, RESUMABLE_CLEANUP_INTERVAL_MS } from './modules/storage/storage.plugin.ts';
import type { ResumableUploads } from './modules/storage/storage.resumable.ts';
import type { S3Storage } from './modules/storage/storage.s3.ts';
import type { StorageService } from './modules/storage/storage.service.ts';
import { findFfmpeg } from './modules/storage/storage.video.ts';
import { SwipesService } from './modules/swipes/swipes.service.ts';
import { WishlistService } from './modules/wishlist/wishlist.service.ts';
import { type AccessTokens, createAccessTokens } from './plugins/authenticate.ts';

/**
 * Every service of the server, built once in dependency order (`createServices`); the routes get the
 * ones they serve through their plugin options, tests and the admin CLI read them as `app.services`.
 */
export interface Services {
  /**
   * The file store every service below stands on (local folder or S3 bucket), opened by app.ts: the demo
   * seed writes its pictures there, tests read it. Users' files go through `uploads`.
   */
  fileStore: LocalStorage | S3Storage;
  /** Storing, checking and removing users' files in the file store. */
  uploads: StorageService;
  /** tus uploads under /api/v1/storage/{bucket}/resumable. */
  resumableUploads: ResumableUploads;
  /** Product images as our own media (the scraper's candidates, and images of posts when saved). */
  productImages: ProductImages;
  /** The visitors' feed pages; every post change clears them, and the discovery cache with them. */
  feedCache: FeedCache;
  profiles: ProfilesService;
  /** The GoTrue-compatible auth service at /auth/v1. */
  auth: AuthModule;
  /** The data API's check of access tokens (`request.user`, the events stream). */
  accessTokens: AccessTokens;
  liveEvents: LiveEventsService;
  /**
   * What others did to each user (likes, comments, replies, follows, messages, comment likes), its
   * unread count, the kinds each user turned off and the people they muted.
   */
  activity: ActivityService;
  /** Web Push subscriptions, and a notification for each new Activity item (`idle()` awaits sending). */
  push: PushService;
  follows: FollowsService;
  posts: PostsService;
  /** Likes, comments and saved posts. */
  social: SocialService;
  albums: AlbumsService;
  wishlist: WishlistService;
  messages: MessagesService;
  /** Reports, blocks and the administrators' review (also used by `npm run admin`). */
  moderation: ModerationService;
  brands: BrandsService;
  explore: ExploreService;
  swipes: SwipesService;
  scrape: ScrapeService;
  /** The data API's limits counted in the database: messages sent, event streams opened. */
  apiRateLimits: ApiRateLimiter;
  /** Background jobs (video transcodes); null when videos are kept as sent (no ffmpeg, or turned off). */
  jobQueue: JobQueue | null;
  /** The video transcode worker (null without a queue): a test holds an attempt through it. */
  videoJobs: VideoJobs | null;
  /** Starts listening for changes from other instances and the periodic clean-ups; cleans up after a crash. */
  start(): Promise<void>;
  /** Starts the background work that waits for the server to be ready (indexing posts for search). */
  ready(): void;
  /** Before the server closes: waits for mail under way, which may still write its link tokens. */
  beforeClose(): Promise<void>;
  /** Stops everything `start` and `ready` started, in reverse order; harmless if they never ran. */
  stop(): Promise<void>;
}

export interface ServicesOptions {
  /** The auth service's clock (tests move it forward past a lock). */
  authNow?: Clock;
}

/** What the services stand on: opened by `app.ts`, closed by it after the services stopped. */
export interface Infrastructure {
  database: Database;
  /** The file store (local folder or S3 bucket). */
  storage: LocalStorage | S3Storage;
}

/**
 * The composition root: builds every service, cache and job of the server, each after what it needs.
 * Nothing here listens, sweeps or touches the file system until `start()`.
 */
export async function createServices(
  config: AppConfig,
  { database, storage }: Infrastructure,
  log: FastifyBaseLogger,
  options: ServicesOptions = {},
): Promise<Services> {
  const db = database.db;
  const addresses = config.scraperAllowPrivate ? anyAddress : publicAddressesOnly;

  // Files first: profiles (avatars), posts (media), the scraper and account deletion store or remove them.
  const uploads = createUploads(config, database, storage, log);
  const productImages = new ProductImages({ db, policy: addresses, uploads: uploads.service, log });

  // The feed cache before the services that clear it: profiles (a name shown with posts changed),
  // follows, posts, social and the wishlist (a viewer's own values changed), deleted accounts.
  const feedCache = new FeedCache({
    ttlMs: config.feedCacheTtlMs,
    maxPages: config.feedCacheMaxPages,
    maxViewerPages: config.feedCacheMaxViewerPages,
    viewerFlagsTtlMs: config.feedCacheViewerFlagsTtlMs,
    database,
    log,
  });
  const profiles = new ProfilesService(db, {
    avatars: uploads.service,
    log,
    authorChanged: () => feedCache.invalidate(),
    // Public profiles and each viewer's follow and blocks with them, kept beside the posts' pages.
    cache: feedCache,
  });

  const auth = await createAuthModule(config, database, log, {
    ...(options.authNow ? { now: options.authNow } : {}),
    hooks: {
      ...profileAuthHooks(profiles),
      // A deleted account's files leave the store, and its posts every instance's feed and discovery caches.
      beforeUserDeleted: async (userId) => {
        const removeFiles = await uploads.service.prepareOwnerRemoval(userId);
        return async () => {
          await removeFiles();
          await feedCache.invalidate();
        };
      },
    },
  });
  const accessTokens = createAccessTokens({
    verify: (token) => auth.tokens.verifyAccessToken(token),
    checkAccess: (userId, sessionId) => auth.access.check(userId, sessionId),
    watchAccess: (userId, onChange) => auth.access.watch(userId, onChange),
  });

  // Live events before the modules that publish them.
  const bus = new LiveEventBus(database, log);
  const liveEvents = new LiveEventsService(bus, profiles, log);

  // Activity items are made inside the actions of follows, social and messages; each announced one is pushed to
  // its recipient's devices afterwards, in the background.
  const vapid = loadVapidKeys(config);
  const push = new PushService({
    db,
    keys: vapid,
    subject: config.vapidSubject ?? `mailto:admin@${new URL(publicBaseUrl(config)).hostname}`,
    allowPrivate: config.pushAllowPrivate,
    send: createPushSender(config.pushAllowPrivate),
    log,
  });
  // A deleted post's items go with it (posts), and a block hides them (moderation): both announce the new
  // unread counts.
  const activity = new ActivityService({ db, events: liveEvents, profiles, push });
  // A new events stream starts with the caller's unread activity count.
  liveEvents.addSnapshotSource(async ({ userId }) =>
    userId
      ? [{ type: 'activity.unread', unread_count: (await activity.unreadCount(userId)).unread_count }]
      : [],
  );
  const follows = new FollowsService({ db, profiles, events: liveEvents, feed: feedCache, activity });
  // Posts read the viewer's follows and saved products with the posts themselves (posts.repository.ts).
  const posts = new PostsService({
    db,
    storage: uploads.service,
    productImages,
    log,
    events: liveEvents,
    feedCache,
    activity,
  });
  const social = new SocialService({ db, posts, events: liveEvents, activity });
  // A stream follows only the posts its viewer may see, and starts with their like counts.
  liveEvents.setVisiblePosts((viewerId, postIds) => posts.visiblePostIds(viewerId, postIds));
  liveEvents.addSnapshotSource(({ postIds }) => social.likeCountEvents(postIds));
  const albums = new AlbumsService({ db, posts, profiles });
  const wishlist = new WishlistService({ db, posts, social, albums });

  const messages = new MessagesService({ db, profiles, follows, events: liveEvents, activity });
  // A new events stream starts with the caller's unread count.
  liveEvents.addSnapshotSource(async ({ userId }) =>
    userId
      ? [{ type: 'unread.changed', unread_count: (await messages.unreadCount(userId)).unread_count }]
      : [],
  );
  // Removes what an administrator removes through the services that own it.
  const moderation = new ModerationService({
    db,
    profiles,
    follows,
    posts,
    social,
    events: liveEvents,
    activity,
  });

  const brands = new BrandsService(db);
  const discoveryCache = new TtlCache({
    ttlMs: config.discoveryCacheTtlMs,
    maxEntries: config.discoveryCacheMaxEntries,
  });
  // Search's query words, each as every query holding it takes it (ExploreService.wordFacts).
  const searchWordCache = new TtlCache({
    ttlMs: config.discoveryCacheTtlMs,
    maxEntries: config.searchWordCacheMaxEntries,
  });
  // Every post change clears them: at once on this instance, on the others when they hear FEED_CHANNEL.
  feedCache.clearsAlso(discoveryCache);
  feedCache.clearsAlso(searchWordCache);
  // The filtered feed's matches in memory, brought up to date from post_search_changes before each answer.
  const filterIndex = config.filterIndex ? new FilterIndex({ db, log }) : null;
  const explore = new ExploreService({
    db,
    posts,
    albums,
    follows,
    countCap: config.discoveryCountCap,
    searchCandidates: config.searchCandidates,
    searchWindow: config.searchWindow,
    cache: discoveryCache,
    wordCache: searchWordCache,
    ...(filterIndex ? { filterIndex } : {}),
  });
  const swipes = new SwipesService({ db, posts, explore });
  const scrape = new ScrapeService({ policy: addresses, images: productImages, log });
  const apiRateLimits = createApiRateLimiter(db, config);

  // Uploaded videos are transcoded by a background job any instance may take (posts.video-jobs.ts), on a
  // pg-boss queue in the app's database: its own pool on PostgreSQL, the app's instance on PGlite.
  // The queue needs its database: the embedded one's own connection, or PostgreSQL's address (an app
  // handed an already open PostgreSQL database without DATABASE_URL keeps videos as sent).
  const queueDatabase = database.executeSql !== undefined || config.databaseUrl !== undefined;
  const ffmpeg = config.videoTranscode && queueDatabase ? findFfmpeg(config.ffmpegPath) : null;
  const jobQueue = ffmpeg
    ? new PgBossJobQueue({
        ...(database.executeSql
          ? { executeSql: database.executeSql }
          : { connectionString: config.databaseUrl }),
        queues: transcodeQueues(config.videoJobTimeoutSeconds),
        pollSeconds: config.jobPollSeconds,
        onError: (error) => log.warn({ err: error }, 'job queue error'),
      })
    : null;
  const videoJobs = ffmpeg
    ? new VideoJobs({
        db,
        storage: uploads.service,
        ffmpeg,
        log,
        postsChanged: () => feedCache.invalidate(),
      })
    : null;
  if (ffmpeg && jobQueue) {
    uploads.service.processVideos({
      ffmpeg,
      maxSeconds: config.videoMaxSeconds,
      enqueue: async (storageObjectId) => {
        // A job still open for it (a crashed instance's, until pg-boss expires and retries it) is left
        // to pg-boss: a second one would run the same transcode twice, on two instances at once.
        if (await jobQueue.hasOpenJob(TRANSCODE_QUEUE, storageObjectId)) return;
        await jobQueue.send(TRANSCODE_QUEUE, { storageObjectId }, { singletonKey: storageObjectId });
      },
    });
  }

  // --- jobs -------------------------------------------------------------------------------------------
  const intervals: NodeJS.Timeout[] = [];
  /** Runs `work` every `ms` on this instance (any instance may do it); a failure is logged. */
  const every = (ms: number, failure: string, work: () => Promise<unknown>) => {
    const timer = setInterval(() => {
      work().catch((error: unknown) => log.warn({ err: error }, failure));
    }, ms);
    timer.unref();
    intervals.push(timer);
  };
  let closing = false;
  let backfill: Promise<void> = Promise.resolve();

  return {
    fileStore: storage,
    uploads: uploads.service,
    resumableUploads: uploads.resumable,
    productImages,
    feedCache,
    profiles,
    auth,
    accessTokens,
    liveEvents,
    activity,
    push,
    follows,
    posts,
    social,
    albums,
    wishlist,
    messages,
    moderation,
    brands,
    explore,
    swipes,
    scrape,
    apiRateLimits,
    jobQueue,
    videoJobs,

    async start() {
      if (config.videoTranscode && queueDatabase && !ffmpeg) {
        log.warn(
          'ffmpeg (npm package @ffmpeg-installer/ffmpeg) is missing or does not run on this platform: uploaded videos are kept as sent, not transcoded',
        );
      }
      if (jobQueue && videoJobs) {
        await jobQueue.start();
        await videoJobs.work(jobQueue);
        await uploads.service.requeueProcessingVideos();
      }
      await auth.access.start(database);
      await uploads.removeStaleTemporaries();
      every(RESUMABLE_CLEANUP_INTERVAL_MS, 'resumable upload clean-up failed', () =>
        uploads.resumable.cleanUp(),
      );
      every(CANDIDATE_SWEEP_INTERVAL_MS, 'scraped image clean-up failed', () =>
        productImages.removeUnusedCandidates(),
      );
      await bus.start();
      await feedCache.start();
      await discoveryCache.start(database, FEED_CHANNEL);
      await searchWordCache.start(database, FEED_CHANNEL);
      filterIndex?.start();
    },

    ready() {
      // Posts written without their search row (an older version, a failed write) are indexed now.
      backfill = indexUnindexedPosts(db, () => closing)
        .then((count) => {
          if (count > 0) log.info({ count }, 'indexed posts for search and filters');
        })
        .catch((error: unknown) => {
          if (!closing) log.error({ err: error }, 'indexing posts for search and filters failed');
        });
    },

    beforeClose: () => auth.background.idle(),

    async stop() {
      closing = true;
      // First: a running transcode is stopped (its ffmpeg killed) and retried later, by any instance.
      await jobQueue?.stop();
      await backfill;
      await push.idle();
      await filterIndex?.stop();
      await discoveryCache.stop();
      await searchWordCache.stop();
      await feedCache.stop();
      await bus.stop();
      for (const timer of intervals.splice(0)) clearInterval(timer);
      await uploads.close();
      await auth.access.stop();
      await auth.close();
    },
  };
}
