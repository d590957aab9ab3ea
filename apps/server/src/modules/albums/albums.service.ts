import {
  ALBUM_LIMITS,
  ALBUM_MESSAGES,
  type Album,
  type AlbumMembership,
  type AlbumPage,
  type MyAlbumsQuery,
  type ParsedCreateAlbumBody,
  type PostPage,
  type SavedAlbumPage,
  type SaveState,
  type SearchPageQuery,
  type UpdateAlbumBody,
} from '@sys/shared';
import { refuseIfBlocked } from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import type { AlbumRow } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor.ts';
import { pageOf, rowsForPage } from '../../lib/paging.ts';
import type { PostsService } from '../posts/posts.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { toAlbums } from './albums.mapper.ts';
import {
  type AlbumCardRow,
  type AlbumPostKey,
  appendAlbumPost,
  countSavedAlbums,
  countVisibleAlbumPosts,
  deleteAlbumPost,
  deleteOwnedAlbum,
  deleteSavedAlbum,
  findAlbum,
  findAlbumCardsByIds,
  findAlbumImages,
  findAlbumPostsPage,
  findProfileAlbumCards,
  findPublicAlbumCards,
  findSavedAlbumCards,
  insertAlbum,
  insertSavedAlbum,
  lockAlbum,
  updateAlbum,
} from './albums.repository.ts';

export interface AlbumsServiceDeps {
  db: Db;
  posts: PostsService;
  profiles: ProfilesService;
}

const albumNotFound = () => notFound(ALBUM_MESSAGES.albumNotFound);

/** A private album exists only for its owner: everyone else gets 'Album not found'. */
function canSee(viewerId: string | null, album: AlbumRow): boolean {
  return album.is_public || album.profile_id === viewerId;
}

/*
 * Album posts are paged by their place in the album, not by time: the cursor is base64url of
 * '<position>|<post id>' (opaque to clients like every other cursor).
 */
function encodePositionCursor(key: AlbumPostKey): string {
  return Buffer.from(`${key.position}|${key.postId}`, 'utf8').toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodePositionCursor(cursor: string | undefined): AlbumPostKey | undefined {
  if (cursor === undefined) return undefined;
  const [position, postId, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!position || !/^\d{1,9}$/.test(position) || !postId || !UUID.test(postId) || extra !== undefined) {
    throw new AppError(400, 'validation_failed', 'Invalid cursor', [
      { field: 'querystring.cursor', message: 'Invalid cursor' },
    ]);
  }
  return { position: Number(position), postId };
}

/**
 * Albums: create, rename, make public or private, delete, add and remove posts, and save other
 * people's public albums. Ownership and visibility are checked here before any data is touched.
 */
export class AlbumsService {
  constructor(private readonly deps: AlbumsServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  // --- one album ------------------------------------------------------------------------------------------

  /** Creates an album, with its first post when `postId` is given (one transaction). */
  async createAlbum(userId: string, input: ParsedCreateAlbumBody): Promise<Album> {
    if (input.post_id) await this.deps.posts.requireVisiblePost(userId, input.post_id);
    const album = await this.db.transaction(async (tx) => {
      const created = await insertAlbum(tx, {
        profile_id: userId,
        name: input.name,
        is_public: input.is_public,
      });
      if (input.post_id) await appendAlbumPost(tx, created.id, input.post_id);
      return created;
    });
    return this.getAlbum(userId, album.id);
  }

  async getAlbum(viewerId: string | null, id: string): Promise<Album> {
    await this.requireVisible(viewerId, id);
    const [album] = await this.toCards(await findAlbumCardsByIds(this.db, [id], viewerId), viewerId);
    if (!album) throw albumNotFound();
    return album;
  }

  async updateAlbum(userId: string, id: string, input: UpdateAlbumBody): Promise<Album> {
    await this.requireOwn(userId, id);
    const fields = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.is_public !== undefined ? { is_public: input.is_public } : {}),
    };
    if (Object.keys(fields).length > 0) await updateAlbum(this.db, id, fields);
    return this.getAlbum(userId, id);
  }

  async deleteAlbum(userId: string, id: string): Promise<void> {
    await this.requireOwn(userId, id);
    if (!(await deleteOwnedAlbum(this.db, id, userId))) throw albumNotFound();
  }

  /** Adds a post at the end of the album, or removes it; both harmless to repeat. */
  async setAlbumPost(
    userId: string,
    albumId: string,
    postId: string,
    inAlbum: boolean,
  ): Promise<AlbumMembership> {
    await this.requireOwn(userId, albumId);
    if (inAlbum) {
      await this.deps.posts.requireVisiblePost(userId, postId);
      await this.db.transaction(async (tx) => {
        if (!(await lockAlbum(tx, albumId))) throw albumNotFound();
        if (await appendAlbumPost(tx, albumId, postId)) await updateAlbum(tx, albumId, {});
      });
    } else if (await deleteAlbumPost(this.db, albumId, postId)) {
      await updateAlbum(this.db, albumId, {});
    }
    return {
      album_id: albumId,
      post_id: postId,
      in_album: inAlbum,
      post_count: await countVisibleAlbumPosts(this.db, albumId, userId),
    };
  }

  /** The album's posts the viewer can see, in album order; `q` searches captions and items. */
  async listAlbumPosts(viewerId: string | null, albumId: string, query: SearchPageQuery): Promise<PostPage> {
    await this.requireVisible(viewerId, albumId);
    const rows = await findAlbumPostsPage(this.db, albumId, viewerId, {
      after: decodePositionCursor(query.cursor),
      limit: rowsForPage(query.limit),
      q: query.q,
    });
    const page = pageOf(rows, query.limit, (last) =>
      encodePositionCursor({ position: last.position, postId: last.post_id }),
    );
    return {
      items: await this.deps.posts.getPostsByIds(
        viewerId,
        page.items.map((row) => row.post_id),
      ),
      next_cursor: page.nextCursor,
    };
  }

  // --- lists ----------------------------------------------------------------------------------------------

  /** A profile's albums: the public ones, and the private ones too for the owner. */
  async listProfileAlbums(
    viewerId: string | null,
    username: string,
    query: SearchPageQuery,
  ): Promise<AlbumPage> {
    const profileId = await this.deps.profiles.requireProfileId(username);
    const after = decodeKeysetCursor(query.cursor);
    const rows = await findProfileAlbumCards(this.db, profileId, profileId === viewerId, {
      viewerId,
      after,
      limit: rowsForPage(query.limit),
      q: query.q,
    });
    return this.toPage(rows, query.limit, viewerId, (row) => row.album.created_at);
  }

  async listMyAlbums(userId: string, query: MyAlbumsQuery): Promise<AlbumPage> {
    const rows = await findProfileAlbumCards(this.db, userId, true, {
      viewerId: userId,
      after: decodeKeysetCursor(query.cursor),
      limit: rowsForPage(query.limit),
      q: query.q,
      postId: query.post_id,
    });
    return this.toPage(rows, query.limit, userId, (row) => row.album.created_at);
  }

  /** Explore's Fashion Albums: public albums with at least one post, newest first. */
  async listPublicAlbums(viewerId: string | null, query: SearchPageQuery): Promise<AlbumPage> {
    const rows = await findPublicAlbumCards(this.db, {
      viewerId,
      after: decodeKeysetCursor(query.cursor),
      limit: rowsForPage(query.limit),
      q: query.q,
    });
    return this.toPage(rows, query.limit, viewerId, (row) => row.album.created_at);
  }

  // --- saved albums ---------------------------------------------------------------------------------------

  /** Saves an album the user can see (anyone's public album, or their own) to the wishlist, or removes it. */
  async setAlbumSaved(userId: string, albumId: string, saved: boolean): Promise<SaveState> {
    if (saved) {
      await this.requireVisible(userId, albumId);
      await insertSavedAlbum(this.db, userId, albumId);
    } else {
      await deleteSavedAlbum(this.db, userId, albumId);
    }
    return { saved };
  }

  /**
   * The user's saved albums they can still see, most recently saved first; `q` searches names and owners.
   * `total` counts every match.
   */
  async listSavedAlbums(userId: string, query: SearchPageQuery): Promise<SavedAlbumPage> {
    const [rows, total] = await Promise.all([
      findSavedAlbumCards(this.db, userId, {
        viewerId: userId,
        after: decodeKeysetCursor(query.cursor),
        limit: rowsForPage(query.limit),
        q: query.q,
      }),
      countSavedAlbums(this.db, userId, query.q),
    ]);
    const page = await this.toPage(rows, query.limit, userId, (row) => row.savedAt ?? row.album.created_at);
    return { ...page, total };
  }

  // --- helpers --------------------------------------------------------------------------------------------

  /** The album if the viewer may see it: 'Album not found' when private or across a block. */
  private async requireVisible(viewerId: string | null, id: string): Promise<AlbumRow> {
    const album = await findAlbum(this.db, id);
    if (!album || !canSee(viewerId, album)) throw albumNotFound();
    await refuseIfBlocked(this.db, viewerId, album.profile_id, albumNotFound);
    return album;
  }

  /** The album for a change: 404 when the user cannot see it, 403 when it is someone else's public album. */
  private async requireOwn(userId: string, id: string): Promise<AlbumRow> {
    const album = await this.requireVisible(userId, id);
    if (album.profile_id !== userId) throw forbidden(ALBUM_MESSAGES.notOwner);
    return album;
  }

  private async toCards(rows: AlbumCardRow[], viewerId: string | null): Promise<Album[]> {
    const images = await findAlbumImages(
      this.db,
      rows.map((row) => row.album.id),
      viewerId,
      ALBUM_LIMITS.cardImages,
    );
    return toAlbums(rows, images);
  }

  private async toPage(
    rows: AlbumCardRow[],
    limit: number,
    viewerId: string | null,
    sortedAt: (row: AlbumCardRow) => Date,
  ): Promise<AlbumPage> {
    const page = pageOf(rows, limit, (last) =>
      encodeKeysetCursor({ createdAt: sortedAt(last), id: last.album.id }),
    );
    return { items: await this.toCards(page.items, viewerId), next_cursor: page.nextCursor };
  }
}
