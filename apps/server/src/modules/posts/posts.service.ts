import {
  appendStyles,
  type PageQuery,
  type ParsedCreatePostBody,
  type ParsedUpdatePostBody,
  POST_MESSAGES,
  type Post,
  type PostPage,
  type SavedPost,
} from '@sys/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { NewPostItemRow, NewPostMediaRow } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor.ts';
import { pageOf, rowsForPage } from '../../lib/paging.ts';
import { type JsonBytes, jsonBytes } from '../../lib/send-json.ts';
import { countBrandUsage } from '../brands/brands.service.ts';
import { indexPostsForDiscovery } from '../search-index/search-index.ts';
import type { StorageService } from '../storage/storage.service.ts';
import type { FeedCache } from './posts.feed-cache.ts';
import { type ViewerPostReading, withViewerState } from './posts.feed-template.ts';
import { toViewerPostReading } from './posts.mapper.ts';
import {
  findItemAccess,
  findItemsOfPosts,
  findMediaOfPosts,
  findPostAccess,
  findProfilePostsPage,
  findPublicFeedPage,
  findUrlsStillUsed,
  findViewerStateOfPosts,
  findVisiblePostIds,
  findVisiblePostsByIds,
  type PostAccessRow,
} from './posts.repository.ts';
import {
  type ItemRowInput,
  isOurMediaUrl,
  type ProductImageMirror,
  resolveItems,
  resolveMedia,
} from './posts.validation.ts';
import { videosAsTheyStand } from './posts.video-jobs.ts';
import {
  deleteItemsOfPostExcept,
  deleteMediaOfPost,
  deleteOwnedPost,
  deletePostById,
  holdWhileProcessing,
  insertItems,
  insertMedia,
  insertPost,
  lockOwnedPost,
  updateItem,
  updatePostFields,
} from './posts.write.repository.ts';

export interface PostsServiceDeps {
  db: Db;
  storage: StorageService;
  /** Product image links are stored as the author's media when a post is saved (the scrape module). */
  productImages: ProductImageMirror;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Live stats: a published or deleted post changes its author's posts_count (the events module). */
  events?: { profileStatsChanged(profileIds: readonly string[]): Promise<void> };
  /**
   * The cache of the public feed's pages (posts.feed-cache.ts): told when a post is created, edited or
   * removed, and when a viewer changed something of their own that their feed shows.
   */
  feedCache?: Pick<
    FeedCache,
    | 'invalidate'
    | 'viewersChanged'
    | 'postCountsChanged'
    | 'enabled'
    | 'getList'
    | 'viewerStates'
    | 'pageOfList'
    | 'viewerPage'
    | 'viewerBody'
  >;
  /**
   * The activity module: a caption's mentions become items in the post's own transaction, a deleted
   * post's items go in its transaction, and the recipients hear their new unread count after it.
   */
  activity?: {
    mentionsWritten(
      tx: Db,
      written: { postId: string; commentId: null; actorId: string; text: string },
    ): Promise<string[]>;
    postRemoved(tx: Db, postId: string): Promise<string[]>;
    announce(recipientIds: readonly string[]): Promise<void>;
  };
}

const postNotFound = () => notFound(POST_MESSAGES.postNotFound);

/**
 * The rules of posts: who sees and changes what, validation beyond the request's shape (media must be the
 * author's own uploads), and one transaction per write. A page or a post is one statement.
 */
export class PostsService {
  constructor(private readonly deps: PostsServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  // -------------------------------------------------------------------------------------------------------
  // Reading
  // -------------------------------------------------------------------------------------------------------

  async listFeed(viewerId: string | null, query: PageQuery): Promise<PostPage> {
    const after = decodeKeysetCursor(query.cursor);
    const posts = await findPublicFeedPage(this.db, { viewerId, after, limit: rowsForPage(query.limit) });
    return toPage(posts, query.limit);
  }

  /**
   * What `viewerId` sees differently on each post of a visitor's feed page (the cached one): their flags
   * (liked, saved, following the author, saved products), and the counts when `counts` asks for them or
   * the viewer is in a block (null otherwise: the page's are theirs), from one query, in page order. Null
   * when a post of the page is gone, no longer public or hidden from this viewer by a block: the caller
   * then reads the page for the viewer.
   */
  async viewerStatesOfPage(
    viewerId: string,
    page: PostPage,
    options: { counts: boolean },
  ): Promise<ViewerPostReading[] | null> {
    const rows = await findViewerStateOfPosts(
      this.db,
      viewerId,
      page.items.map((post) => post.id),
      options,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const readings: ViewerPostReading[] = [];
    for (const post of page.items) {
      const row = byId.get(post.id);
      if (!row?.visible) return null;
      readings.push(toViewerPostReading(row));
    }
    return readings;
  }

  /**
   * These profiles changed something their own feed shows them (a like, save, comment, follow, saved
   * product, a block on either side), and the change has committed: their next feed page shows it, on
   * every instance. Modules that make such changes call this before answering.
   */
  async viewersChanged(viewerIds: readonly string[]): Promise<void> {
    await this.deps.feedCache?.viewersChanged(viewerIds);
  }

  /**
   * Post `postId`'s like or comment count changed (a like, a comment, a removed comment) and it has
   * committed: its own page shows the new counts at once, on every instance. Called before the live
   * event that makes watchers refetch it.
   */
  async postCountsChanged(postId: string): Promise<void> {
    await this.deps.feedCache?.postCountsChanged(postId);
  }

  async listProfilePosts(viewerId: string | null, username: string, query: PageQuery): Promise<PostPage> {
    const after = decodeKeysetCursor(query.cursor);
    // The profile and its page in one statement; its owner sees their private posts too.
    const page = await findProfilePostsPage(this.db, username, {
      viewerId,
      after,
      limit: rowsForPage(query.limit),
    });
    if (!page) throw notFound('Profile not found');
    return toPage(page.posts, query.limit);
  }

  async getPost(viewerId: string | null, id: string): Promise<Post> {
    const [post] = await this.getPostsByIds(viewerId, [id]);
    if (!post) throw postNotFound();
    return post;
  }

  /** The posts `viewerId` may see among `ids`, in the order of `ids` (unknown or hidden ones left out). */
  async getPostsByIds(viewerId: string | null, ids: readonly string[]): Promise<Post[]> {
    const posts = await findVisiblePostsByIds(this.db, ids, viewerId);
    const byId = new Map(posts.map((post) => [post.id, post]));
    return ids.map((id) => byId.get(id)).filter((post): post is Post => post !== undefined);
  }

  /**
   * The posts of a discovery list (search, filters, brands, categories, tags...) as `viewerId` sees them:
   * `getPostsByIds`, from the feed cache as the feed's pages are. The visitors' version of the list is kept
   * (FEED_CACHE_TTL_MS, cleared by any change of a post), made of the visitors' posts kept one by one, so
   * that a list not kept yet reads only the posts no other list brought (FeedCache.getList, one statement
   * for all of them), and a signed-in viewer gets it with their own
   * flags, kept like theirs on the feed; it is read for them as it is now when the visitors' version lacks
   * a post (it may be their own private one) or a block hides one from them.
   */
  async getListedPosts(viewerId: string | null, ids: readonly string[]): Promise<Post[]> {
    const cache = this.deps.feedCache;
    if (!cache?.enabled || ids.length === 0) return this.getPostsByIds(viewerId, ids);
    const cached = await cache.getList(ids, (missing) => this.getPostsByIds(null, missing));
    if (viewerId === null) return cached.page.items;
    if (cached.page.items.length !== ids.length) return this.getPostsByIds(viewerId, ids);
    const states = await cache.viewerStates(viewerId, cached, (options) =>
      this.viewerStatesOfPage(viewerId, cached.page, options),
    );
    if (!states) return this.getPostsByIds(viewerId, ids);
    return cached.page.items.map((post, i) => withViewerState(post, states[i]!));
  }

  /**
   * The page `shape` makes of the posts of a discovery list (search, filters, brands, categories, tags) as
   * `viewerId` sees them, as `getListedPosts` finds them, as JSON bytes with an ETag: a kept list's page is
   * serialised once per build of the list and sent as its bytes (FeedCache.pageOfList), and a signed-in
   * viewer's as those bytes with their values written in, the values kept like theirs on the feed's pages
   * (FeedCache.viewerPage), so that a kept page costs what a kept feed page does (bench/RESULTS.md, issue
   * 20). Read for them, and serialised, where `getListedPosts` reads it for them.
   */
  async listedPage(
    viewerId: string | null,
    ids: readonly string[],
    shape: (items: Post[]) => PostPage,
  ): Promise<JsonBytes> {
    const cache = this.deps.feedCache;
    if (ids.length === 0) return jsonBytes(shape([]));
    const read = async () => jsonBytes(shape(await this.getPostsByIds(viewerId, ids)));
    if (!cache?.enabled) return read();
    const list = await cache.getList(ids, (missing) => this.getPostsByIds(null, missing));
    const page = cache.pageOfList(list, shape);
    if (viewerId === null) return page;
    if (page.page.items.length !== ids.length || !page.template) return read();
    const personal = await cache.viewerPage(viewerId, page, (options) =>
      this.viewerStatesOfPage(viewerId, page.page, options),
    );
    if (!personal) return read();
    return { body: cache.viewerBody(page, personal), etag: personal.etag };
  }

  /** The ids among `ids` of the posts `viewerId` may see, by the rule of `getPostsByIds` (live updates). */
  async visiblePostIds(viewerId: string | null, ids: readonly string[]): Promise<string[]> {
    return findVisiblePostIds(this.db, ids, viewerId);
  }

  /**
   * The post if `viewerId` may see it (public, or their own), for the reactions (likes, comments, saves).
   * Hidden posts answer 'Post not found', so their existence does not leak.
   */
  async requireVisiblePost(viewerId: string | null, id: string): Promise<PostAccessRow> {
    const access = await findPostAccess(this.db, id, viewerId);
    if (!access || !this.canSee(viewerId, access)) throw postNotFound();
    return access;
  }

  /** The item (and its post) if `viewerId` may see its post; 'Item not found' otherwise. */
  async requireVisibleItem(
    viewerId: string | null,
    itemId: string,
  ): Promise<{ itemId: string; postId: string }> {
    const access = await findItemAccess(this.db, itemId, viewerId);
    if (!access || !this.canSee(viewerId, access)) {
      throw notFound(POST_MESSAGES.itemNotFound);
    }
    return { itemId: access.id, postId: access.post_id };
  }

  /** Public or their own, and no block between the viewer and the author (a blocked post is 'not found'). */
  private canSee(
    viewerId: string | null,
    access: Pick<PostAccessRow, 'visibility' | 'profile_id' | 'blocked'>,
  ): boolean {
    return !access.blocked && (access.visibility === 'public' || access.profile_id === viewerId);
  }

  // -------------------------------------------------------------------------------------------------------
  // Writing
  // -------------------------------------------------------------------------------------------------------

  async createPost(userId: string, input: ParsedCreatePostBody): Promise<SavedPost> {
    const media = await resolveMedia(this.deps, userId, input.media, []);
    const items = await resolveItems(this.deps, userId, input.items, []);
    const caption = appendStyles(input.caption, input.styles);
    const { postId, mentioned } = await this.db
      .transaction(async (tx) => {
        const id = await writeNewPost(tx, {
          ownerId: userId,
          caption,
          media: await videosAsTheyStand(tx, this.deps.storage, media),
          items: items.rows,
        });
        return { postId: id, mentioned: await this.captionWritten(tx, id, userId, caption) };
      })
      .catch((error: unknown) => this.discardMirrored(userId, items.mirrored, error));
    await this.deps.activity?.announce(mentioned);
    await this.deps.feedCache?.invalidate();
    await this.deps.events?.profileStatsChanged([userId]);
    return { ...(await this.getPost(userId, postId)), dropped_item_images: items.dropped };
  }

  async updatePost(userId: string, id: string, input: ParsedUpdatePostBody): Promise<SavedPost> {
    const access = await this.requireOwnPost(userId, id);
    const currentMedia = await findMediaOfPosts(this.db, [id]);
    const currentItems = await findItemsOfPosts(this.db, [id]);
    const resolvedMedia = input.media
      ? await resolveMedia(this.deps, userId, input.media, currentMedia)
      : undefined;
    const resolvedItems = input.items
      ? await resolveItems(this.deps, userId, input.items, currentItems)
      : undefined;
    const items = resolvedItems?.rows;
    const captionChanged = input.caption !== undefined || input.styles !== undefined;
    const caption = captionChanged
      ? appendStyles(input.caption ?? access.caption, input.styles ?? [])
      : undefined;

    const mentioned = await this.db
      .transaction(async (tx) => {
        // Lock first, so that the item diff below is computed against the state this edit replaces.
        if (!(await lockOwnedPost(tx, id, userId))) throw postNotFound();
        const media = resolvedMedia && (await videosAsTheyStand(tx, this.deps.storage, resolvedMedia));
        const first = media?.[0];
        await updatePostFields(tx, id, {
          ...(caption !== undefined ? { caption } : {}),
          ...(first ? { media_url: first.media_url, media_type: first.media_type } : {}),
        });
        if (media) {
          await deleteMediaOfPost(tx, id);
          await insertMedia(
            tx,
            media.map((row) => ({ ...row, post_id: id })),
          );
          await holdWhileProcessing(tx, [id]);
        }
        if (items) await this.replaceItems(tx, id, items);
        // Search and filters see the edit when it commits.
        await indexPostsForDiscovery(tx, [id]);
        return caption !== undefined ? this.captionWritten(tx, id, userId, caption) : [];
      })
      .catch((error: unknown) => this.discardMirrored(userId, resolvedItems?.mirrored ?? [], error));

    const removedUrls = [
      ...(resolvedMedia
        ? urlsRemoved(
            currentMedia.map((m) => m.media_url),
            resolvedMedia.map((m) => m.media_url),
          )
        : []),
      ...(items
        ? urlsRemoved(
            currentItems.map((i) => i.image_url),
            items.map((i) => i.image_url ?? null),
          )
        : []),
    ];
    await this.deps.activity?.announce(mentioned);
    await this.deps.feedCache?.invalidate();
    await this.removeUnusedUploads(userId, removedUrls);
    return { ...(await this.getPost(userId, id)), dropped_item_images: resolvedItems?.dropped ?? [] };
  }

  /** Items for the people a new or edited caption mentions (only those who have none for it yet). */
  private captionWritten(tx: Db, postId: string, authorId: string, caption: string): Promise<string[]> {
    return (
      this.deps.activity?.mentionsWritten(tx, {
        postId,
        commentId: null,
        actorId: authorId,
        text: caption,
      }) ?? Promise.resolve([])
    );
  }

  /** After a failed write: the images stored for it go again (nothing shows them), and the error stands. */
  private async discardMirrored(userId: string, mirrored: readonly string[], error: unknown): Promise<never> {
    await this.deps.storage.removeOwnedObjects(userId, mirrored).catch((cleanupError: unknown) => {
      this.deps.log.warn({ err: cleanupError, ownerId: userId }, 'could not remove stored product images');
    });
    throw error;
  }

  async deletePost(userId: string, id: string): Promise<void> {
    await this.requireOwnPost(userId, id);
    await this.removePostAndFiles(id, userId, (tx) => deleteOwnedPost(tx, id, userId));
  }

  /**
   * An administrator's removal (the moderation module): the post goes whoever owns it, and its stored
   * files with it, exactly as when its owner deletes it. 'Post not found' when there is no such post.
   */
  async removePostAsModerator(id: string): Promise<void> {
    const access = await findPostAccess(this.db, id);
    if (!access) throw postNotFound();
    await this.removePostAndFiles(id, access.profile_id, (tx) => deletePostById(tx, id));
  }

  private async removePostAndFiles(
    id: string,
    ownerId: string,
    deleteRow: (tx: Db) => Promise<boolean>,
  ): Promise<void> {
    const media = await findMediaOfPosts(this.db, [id]);
    const items = await findItemsOfPosts(this.db, [id]);
    const recipients = await this.db.transaction(async (tx) => {
      const withdrawn = (await this.deps.activity?.postRemoved(tx, id)) ?? [];
      // Not deleted: the transaction rolls back, the items with it.
      if (!(await deleteRow(tx))) throw postNotFound();
      return withdrawn;
    });
    await this.deps.activity?.announce(recipients);
    await this.deps.feedCache?.invalidate();
    await this.deps.events?.profileStatsChanged([ownerId]);
    // Files go only after the rows are gone for good: a failed delete must not leave a post without images.
    await this.removeUnusedUploads(ownerId, [
      ...media.map((m) => m.media_url),
      ...items.map((i) => i.image_url).filter((url): url is string => url !== null),
    ]);
  }

  /** The post for an edit or delete: 404 when `userId` cannot see it, 403 when it is someone else's. */
  private async requireOwnPost(userId: string, id: string): Promise<PostAccessRow> {
    const access = await findPostAccess(this.db, id, userId);
    if (!access || !this.canSee(userId, access)) throw postNotFound();
    if (access.profile_id !== userId) throw forbidden(POST_MESSAGES.notOwner);
    return access;
  }

  /**
   * Items with the id of one of the post's items are updated in place (their click history stays), the
   * others inserted, and the post's remaining items deleted. Brands new to the post are counted.
   */
  private async replaceItems(tx: Db, postId: string, items: ItemRowInput[]): Promise<void> {
    const current = await findItemsOfPosts(tx, [postId]);
    const currentIds = new Set(current.map((item) => item.id));
    const kept = items.filter((item) => item.id !== undefined && currentIds.has(item.id));
    await deleteItemsOfPostExcept(
      tx,
      postId,
      kept.map((item) => item.id!),
    );
    const fresh: NewPostItemRow[] = [];
    for (const { id, ...fields } of items) {
      if (id !== undefined && currentIds.has(id)) await updateItem(tx, postId, id, fields);
      else fresh.push({ ...fields, post_id: postId });
    }
    await insertItems(tx, fresh);
    const knownBrands = new Set(current.map((item) => item.brand?.toLowerCase()).filter(Boolean));
    await countBrandUsage(
      tx,
      items
        .map((item) => item.brand ?? null)
        .filter((brand) => brand && !knownBrands.has(brand.toLowerCase())),
    );
  }

  /** Removes the owner's uploads behind `urls` that no post of theirs shows any more. */
  private async removeUnusedUploads(ownerId: string, urls: readonly (string | null)[]): Promise<void> {
    const candidates = [...new Set(urls.filter((url): url is string => url !== null && isOurMediaUrl(url)))];
    if (candidates.length === 0) return;
    try {
      const stillUsed = await findUrlsStillUsed(this.db, ownerId, candidates);
      await this.deps.storage.removeOwnedObjects(
        ownerId,
        candidates.filter((url) => !stillUsed.has(url)),
      );
    } catch (error) {
      // The post change has committed; an orphaned file costs disk space, not correctness.
      this.deps.log.warn({ err: error, ownerId }, 'could not remove unused uploads');
    }
  }
}

/** A post as it is written: media and items already checked (or trusted, for the demo seed). */
export interface NewPostInput {
  ownerId: string;
  /** The stored caption, styles already appended. */
  caption: string;
  /** At least one; in gallery order, `media_order` numbered from 0. */
  media: Omit<NewPostMediaRow, 'post_id'>[];
  items: (Omit<NewPostItemRow, 'post_id'> & { id?: string })[];
  createdAt?: Date;
}

/**
 * Writes a post, its media and items and counts its brands, all in the caller's transaction. The API goes
 * through `PostsService.createPost`, which checks the media first; the demo seed calls this directly with
 * its own generated images.
 */
export async function writeNewPost(tx: Db, input: NewPostInput): Promise<string> {
  const first = input.media[0];
  if (!first) throw new Error('a post needs at least one media item');
  const post = await insertPost(tx, {
    profile_id: input.ownerId,
    caption: input.caption,
    media_url: first.media_url,
    media_type: first.media_type,
    ...(input.createdAt ? { created_at: input.createdAt, updated_at: input.createdAt } : {}),
  });
  await insertMedia(
    tx,
    input.media.map((row) => ({ ...row, post_id: post.id })),
  );
  await holdWhileProcessing(tx, [post.id]);
  await insertItems(
    tx,
    input.items.map(({ id: _ignored, ...row }) => ({ ...row, post_id: post.id })),
  );
  await countBrandUsage(
    tx,
    input.items.map((item) => item.brand ?? null),
  );
  // Search and filters find the post when it commits.
  await indexPostsForDiscovery(tx, [post.id]);
  return post.id;
}

/** The page among `posts` (read with `rowsForPage(limit)`), continued after its last post. */
function toPage(posts: Post[], limit: number): PostPage {
  const page = pageOf(posts, limit, (last) =>
    encodeKeysetCursor({ createdAt: new Date(last.created_at), id: last.id }),
  );
  return { items: page.items, next_cursor: page.nextCursor };
}

function urlsRemoved(before: readonly (string | null)[], after: readonly (string | null)[]): string[] {
  const kept = new Set(after);
  return before.filter((url): url is string => url !== null && !kept.has(url));
}
