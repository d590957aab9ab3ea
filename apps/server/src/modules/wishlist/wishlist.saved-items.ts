import type { Db } from '../../db/client.ts';
import { findSavedItemIdsAmong } from './wishlist.repository.ts';

/**
 * Which items a viewer saved: the one question the posts service asks of the wishlist (each item's
 * savedByMe). It stands apart from WishlistService, which needs the posts service, so that it can be
 * built before posts and handed to them.
 */
export class SavedItems {
  constructor(private readonly db: Db) {}

  /** Which of these items the viewer saved (one query; empty for visitors). */
  async savedAmong(viewerId: string | null, itemIds: readonly string[]): Promise<Set<string>> {
    if (!viewerId || itemIds.length === 0) return new Set();
    return new Set(await findSavedItemIdsAmong(this.db, viewerId, itemIds));
  }
}
