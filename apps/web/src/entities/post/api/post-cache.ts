import type { Post, PostPage } from '@sys/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { postKeys } from './post-keys';

/*
 * A post may sit in several caches at once (home feed pages, a profile's posts, its detail). Every change
 * goes through these helpers, so that every copy agrees.
 */

export type PostFeedData = InfiniteData<PostPage, string | undefined>;

function updatePages(data: PostFeedData, postId: string, update: (post: Post) => Post | null): PostFeedData {
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.items.some((post) => post.id === postId)) return page;
    changed = true;
    const items: Post[] = [];
    for (const post of page.items) {
      const next = post.id === postId ? update(post) : post;
      if (next) items.push(next);
    }
    return { ...page, items };
  });
  return changed ? { ...data, pages } : data;
}

/** Applies `update` to every cached copy of the post. */
export function updatePostInCaches(
  queryClient: QueryClient,
  postId: string,
  update: (post: Post) => Post,
): void {
  queryClient.setQueriesData<PostFeedData>({ queryKey: postKeys.feeds() }, (data) =>
    data ? updatePages(data, postId, update) : data,
  );
  queryClient.setQueriesData<Post>({ queryKey: postKeys.details() }, (post) =>
    post?.id === postId ? update(post) : post,
  );
}

/** Takes the post out of every list (its detail query is left to whoever shows it). */
export function removePostFromFeeds(queryClient: QueryClient, postId: string): void {
  queryClient.setQueriesData<PostFeedData>({ queryKey: postKeys.feeds() }, (data) =>
    data ? updatePages(data, postId, () => null) : data,
  );
}

/** Any cached copy of the post (to show it at once while its own query loads). */
export function findCachedPost(queryClient: QueryClient, postId: string): Post | undefined {
  for (const [, post] of queryClient.getQueriesData<Post>({ queryKey: postKeys.details() })) {
    if (post?.id === postId) return post;
  }
  for (const [, data] of queryClient.getQueriesData<PostFeedData>({ queryKey: postKeys.feeds() })) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((post) => post.id === postId);
      if (found) return found;
    }
  }
  return undefined;
}

/** Applies `update` to every cached post by `authorId` (following an author shows on all their posts). */
export function updateAuthorPostsInCaches(
  queryClient: QueryClient,
  authorId: string,
  update: (post: Post) => Post,
): void {
  const apply = (post: Post) => (post.author.id === authorId ? update(post) : post);
  queryClient.setQueriesData<PostFeedData>({ queryKey: postKeys.feeds() }, (data) =>
    data?.pages.some((page) => page.items.some((post) => post.author.id === authorId))
      ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(apply) })) }
      : data,
  );
  queryClient.setQueriesData<Post>({ queryKey: postKeys.details() }, (post) => (post ? apply(post) : post));
}
