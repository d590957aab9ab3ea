import type { SwipeEvent } from '@sys/shared';
import type { NewSwipeEventRow, SwipeEventRow } from '../../db/schema/index.ts';

/** Swipe events between the shared (spec) shape and rows. */

export function toSwipeEvent(row: SwipeEventRow): SwipeEvent {
  return {
    outfit_id: row.outfit_id,
    action: row.action,
    tags: row.tags,
    brand: row.brand,
    category: row.category,
    colors: row.colors,
    product_brands: row.product_brands,
    created_at: row.created_at.toISOString(),
  };
}

export function toSwipeEventRow(profileId: string, event: SwipeEvent): NewSwipeEventRow {
  return {
    profile_id: profileId,
    outfit_id: event.outfit_id,
    action: event.action,
    tags: event.tags,
    brand: event.brand,
    category: event.category,
    colors: event.colors,
    product_brands: event.product_brands ?? [],
    created_at: new Date(event.created_at),
  };
}
