import type { Author, PostItem } from '@sys/shared';
import type { PostItemRow } from '../../db/schema/index.ts';
import type { ViewerPostReading } from './posts.feed-template.ts';
import type { AuthorRow, ViewerPostStateRow } from './posts.repository.ts';

/** Rows -> the API's authors and items (a post itself comes as the API writes it: postJson). */

export function toAuthor(row: AuthorRow): Author {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    avatar_url: row.avatar_url,
  };
}

export function toPostItem(row: PostItemRow, savedByMe = false): PostItem {
  return {
    id: row.id,
    item_type: row.item_type,
    brand: row.brand,
    link: row.link,
    size: row.size,
    title: row.title,
    image_url: row.image_url,
    // numeric arrives as a number (mode 'number'); a driver that hands back text is covered too.
    price: row.price === null ? null : Number(row.price),
    currency: row.currency as PostItem['currency'],
    color: row.color,
    pattern: row.pattern,
    saved_by_me: savedByMe,
  };
}

/** No saved products: shared by every reading without any (most of them), which may be kept a while. */
const NO_ITEMS: ReadonlySet<string> = new Set();

/** A viewer's row of `findViewerStateOfPosts` -> their reading of the post (null counts: the page's). */
export function toViewerPostReading(row: ViewerPostStateRow): ViewerPostReading {
  return {
    like_count: row.likeCount === null ? null : Number(row.likeCount),
    comment_count: row.commentCount === null ? null : Number(row.commentCount),
    liked_by_me: Boolean(row.likedByMe),
    saved_by_me: Boolean(row.savedByMe),
    following_author: Boolean(row.followingAuthor),
    savedItemIds: row.savedItemIds?.length ? new Set(row.savedItemIds) : NO_ITEMS,
  };
}
