import type { Author, Post, PostItem, PostMedia } from '@sys/shared';
import type { PostItemRow, PostMediaRow } from '../../db/schema/index.ts';
import type { ViewerPostState } from './posts.feed-template.ts';
import type { AuthorRow, PostListRow, ViewerPostStateRow } from './posts.repository.ts';

/** Rows -> the API's posts. */

export function toAuthor(row: AuthorRow): Author {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name,
    avatar_url: row.avatar_url,
  };
}

export function toPostMedia(row: PostMediaRow): PostMedia {
  return {
    id: row.id,
    media_url: row.media_url,
    media_type: row.media_type,
    media_order: row.media_order,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    variants: row.variants ?? [],
    status: row.status,
    poster_url: row.poster_url,
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

function groupByPost<R extends { post_id: string }>(rows: readonly R[]): Map<string, R[]> {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const group = groups.get(row.post_id);
    if (group) group.push(row);
    else groups.set(row.post_id, [row]);
  }
  return groups;
}

/**
 * Assembles posts from the queries of a page. `media` and `items` come sorted by post and order,
 * so each post's lists keep that order.
 */
export function toPosts(
  rows: readonly PostListRow[],
  media: readonly PostMediaRow[],
  items: readonly PostItemRow[],
  followedAuthorIds: ReadonlySet<string>,
  savedItemIds: ReadonlySet<string> = new Set(),
): Post[] {
  const mediaByPost = groupByPost(media);
  const itemsByPost = groupByPost(items);
  return rows.map(({ post, author, likeCount, commentCount, likedByMe, savedByMe }) => ({
    id: post.id,
    caption: post.caption,
    media_url: post.media_url,
    media_type: post.media_type,
    // While a video is processing the post is private; its author sees the visibility it will have.
    visibility: post.held_visibility ?? post.visibility,
    created_at: post.created_at.toISOString(),
    updated_at: post.updated_at.toISOString(),
    author: toAuthor(author),
    media: (mediaByPost.get(post.id) ?? []).map(toPostMedia),
    items: (itemsByPost.get(post.id) ?? []).map((item) => toPostItem(item, savedItemIds.has(item.id))),
    like_count: Number(likeCount),
    comment_count: Number(commentCount),
    liked_by_me: Boolean(likedByMe),
    saved_by_me: Boolean(savedByMe),
    following_author: followedAuthorIds.has(author.id),
  }));
}

/** A viewer's row of `findViewerStateOfPosts` -> what the feed template writes into their page. */
export function toViewerPostState(row: ViewerPostStateRow): ViewerPostState {
  return {
    like_count: Number(row.likeCount),
    comment_count: Number(row.commentCount),
    liked_by_me: Boolean(row.likedByMe),
    saved_by_me: Boolean(row.savedByMe),
    following_author: Boolean(row.followingAuthor),
    savedItemIds: new Set(row.savedItemIds ?? []),
  };
}
