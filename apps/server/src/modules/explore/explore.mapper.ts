import type { Creator, Currency, ExploreBrand, TrendingItem } from '@sys/shared';
import type { BrandCountRow, CreatorRow, TrendingRow } from './explore.repository.ts';

/** Rows -> the explore API's camelCase shapes. */

export function toExploreBrand(row: BrandCountRow): ExploreBrand {
  return { id: row.id, name: row.name, item_count: row.itemCount };
}

export function toCreator(row: CreatorRow, followed: ReadonlySet<string>): Creator {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    avatar_url: row.avatar_url,
    followers_count: row.followers,
    posts_count: row.posts,
    is_following: followed.has(row.id),
  };
}

export function toTrendingItem(row: TrendingRow): TrendingItem {
  return {
    id: row.id,
    post_id: row.post_id,
    title: row.title,
    brand: row.brand,
    category: row.item_type,
    // numeric comes back as text from a raw query on node-postgres.
    price: row.price === null ? null : Number(row.price),
    currency: row.currency as Currency,
    image_url: row.image_url ?? row.post_media_url,
    link: row.link,
    click_count: row.clicks,
  };
}
