import {
  LIMITS,
  type SavedProduct,
  type SavedProductPage,
  type SaveState,
  type SearchPageQuery,
  type WishlistSummary,
} from '@sys/shared';
import type { Db } from '../../db/client.ts';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor.ts';
import { pageOf, rowsForPage } from '../../lib/paging.ts';
import type { AlbumsService } from '../albums/albums.service.ts';
import { toAuthor, toPostItem } from '../posts/posts.mapper.ts';
import type { PostsService } from '../posts/posts.service.ts';
import type { SocialService } from '../social/social.service.ts';
import {
  countSavedProducts,
  deleteSavedItem,
  findSavedProductsPage,
  insertSavedItem,
  type SavedProductRow,
} from './wishlist.repository.ts';

export interface WishlistServiceDeps {
  db: Db;
  posts: PostsService;
  social: SocialService;
  albums: AlbumsService;
}

function toSavedProduct(row: SavedProductRow): SavedProduct {
  return {
    item: toPostItem(row.item, true),
    post_id: row.item.post_id,
    post_media_url: row.postMediaUrl,
    post_media_type: row.postMediaType,
    author: toAuthor(row.author),
    saved_at: row.savedAt.toISOString(),
  };
}

/**
 * The wishlist: saved products (owned here), with saved posts (social) and saved albums (albums)
 * brought together for the /wishlist screen.
 */
export class WishlistService {
  constructor(private readonly deps: WishlistServiceDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /** Saves a product the user can see to the wishlist, or removes it; both harmless to repeat. */
  async setItemSaved(userId: string, itemId: string, saved: boolean): Promise<SaveState> {
    if (saved) {
      await this.deps.posts.requireVisibleItem(userId, itemId);
      await insertSavedItem(this.db, userId, itemId);
    } else {
      await deleteSavedItem(this.db, userId, itemId);
    }
    // Their own feed shows the product saved at once.
    await this.deps.posts.viewersChanged([userId]);
    return { saved };
  }

  /**
   * Saved products, newest save first; `q` searches brands, titles and types; `total` counts every match.
   * Prices keep their currency.
   */
  async listSavedProducts(userId: string, query: SearchPageQuery): Promise<SavedProductPage> {
    const [rows, total] = await Promise.all([
      findSavedProductsPage(this.db, userId, {
        after: decodeKeysetCursor(query.cursor),
        limit: rowsForPage(query.limit),
        q: query.q,
      }),
      countSavedProducts(this.db, userId, query.q),
    ]);
    const page = pageOf(rows, query.limit, (last) =>
      encodeKeysetCursor({ createdAt: last.savedAt, id: last.item.id }),
    );
    return { items: page.items.map(toSavedProduct), next_cursor: page.nextCursor, total };
  }

  /** The /wishlist screen: the first 6 posts, 5 products and 3 albums matching `q`, and the totals. */
  async getSummary(userId: string, q: string | undefined): Promise<WishlistSummary> {
    const [posts, products, albums] = await Promise.all([
      this.deps.social.listSavedPosts(userId, { limit: LIMITS.wishlistPosts, q }),
      this.listSavedProducts(userId, { limit: LIMITS.wishlistProducts, q }),
      this.deps.albums.listSavedAlbums(userId, { limit: LIMITS.wishlistAlbums, q }),
    ]);
    return {
      posts: posts.items,
      products: products.items,
      albums: albums.items,
      counts: { posts: posts.total, products: products.total, albums: albums.total },
    };
  }
}
