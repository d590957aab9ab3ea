import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { postItems } from './posts.ts';
import { profiles } from './profiles.ts';

/**
 * Saved products: tagged post items a profile put on its wishlist. An item removed from its post (or
 * the post deleted) leaves the wishlist with it. Saved posts live in social.ts, saved albums in albums.ts.
 */
export const savedItems = pgTable(
  'saved_items',
  {
    profile_id: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    item_id: uuid('item_id')
      .notNull()
      .references(() => postItems.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.profile_id, t.item_id] }),
    // "My saved products", newest save first, paged by (created_at, item_id).
    index('saved_items_profile_id_created_at_idx').on(t.profile_id, t.created_at.desc(), t.item_id.desc()),
    index('saved_items_item_id_idx').on(t.item_id),
  ],
);
