import { extractHashtags, NONE_VALUE, postFilterKeys, tagKey } from '@sys/shared';
import type { Db } from '../../db/client.ts';
import type { NewPostSearchRow } from '../../db/schema/index.ts';
import {
  findFirstUnindexedPostId,
  findItemsForIndexing,
  findPostsForIndexing,
  findUnindexedPostIds,
  type IndexableItemRow,
  type IndexablePostRow,
  insertSearchTerms,
  upsertPostSearch,
} from './search-index.repository.ts';
import { documentLiteral, lexiconTerms, searchWords, searchWordsWithJoined } from './search-index.text.ts';

/*
 * Keeps `post_search` in step with the posts. The posts service calls indexPostsForDiscovery in the
 * transaction that writes a post, so a post is findable (and filterable) exactly when it is committed;
 * posts written some other way are picked up by indexUnindexedPosts when the server starts.
 */

function isMeaningful(value: string | null): value is string {
  return value !== null && value.trim() !== '' && value.trim().toLowerCase() !== NONE_VALUE.toLowerCase();
}

/** The search rows of `posts` and the words they add, `items` being their items in the order read. */
export function buildSearchRows(posts: readonly IndexablePostRow[], items: readonly IndexableItemRow[]) {
  const itemsByPost = new Map<string, IndexableItemRow[]>();
  for (const item of items) {
    const list = itemsByPost.get(item.post_id);
    if (list) list.push(item);
    else itemsByPost.set(item.post_id, [item]);
  }
  return posts.map((post) => buildSearchRow(post, itemsByPost.get(post.id) ?? []));
}

/** The search row of one post and the words it adds to the spelling lexicon. */
export function buildSearchRow(
  post: IndexablePostRow,
  items: readonly IndexableItemRow[],
): { row: NewPostSearchRow; words: string[] } {
  const tags = extractHashtags(post.caption);
  const tagKeys = [...new Set(tags.map(tagKey).filter((key) => key !== ''))];
  const itemWords = (pick: (item: IndexableItemRow) => string | null) =>
    items.flatMap((item) => searchWordsWithJoined(pick(item)));
  const weighted = {
    A: [...itemWords((item) => item.brand), ...itemWords((item) => item.item_type)],
    B: [...tagKeys, ...tags.flatMap(searchWords), ...itemWords((item) => item.title)],
    C: [
      ...searchWords(post.caption),
      ...items.flatMap((item) => [item.color, item.pattern].filter(isMeaningful).flatMap(searchWords)),
    ],
  };
  const filterKeys = postFilterKeys({
    caption: post.caption,
    items: items.map((item) => ({
      size: item.size,
      color: item.color,
      pattern: item.pattern,
      item_type: item.item_type,
      brand: item.brand,
    })),
  });
  return {
    row: {
      post_id: post.id,
      profile_id: post.profile_id,
      is_public: post.visibility === 'public',
      created_at: post.created_at,
      document: documentLiteral(weighted),
      filter_keys: filterKeys,
      tag_keys: tagKeys,
      tags_text: tagKeys.length > 0 ? `|${tagKeys.join('|')}|` : '',
    },
    words: [...weighted.A, ...weighted.B, ...weighted.C],
  };
}

/**
 * (Re)computes the search rows of these posts from their current state; unknown ids are ignored.
 * `onlyMissing` fills in absent rows only.
 */
export async function indexPostsForDiscovery(
  db: Db,
  postIds: readonly string[],
  options: { onlyMissing?: boolean } = {},
): Promise<void> {
  const found = await findPostsForIndexing(db, [...new Set(postIds)]);
  if (found.length === 0) return;
  const items = await findItemsForIndexing(
    db,
    found.map((post) => post.id),
  );
  const built = buildSearchRows(found, items);
  await upsertPostSearch(
    db,
    built.map((entry) => entry.row),
    options,
  );
  await insertSearchTerms(db, lexiconTerms(built.flatMap((entry) => entry.words)));
}

const BACKFILL_BATCH = 200;
/** Posts checked for a missing search row per query of the backfill's walk. */
const BACKFILL_SPAN = 5000;

/**
 * Indexes every post that has no search row yet, walking the posts once in id order from the first one
 * without a row (`span` posts a query) and indexing the missing ones in batches of `batchSize`, until the end or until `shouldStop`
 * says so. Linear in the number of posts: each query reads only its own stretch of the primary key. A post
 * written meanwhile is indexed by its own write. Returns how many posts it indexed.
 */
export async function indexUnindexedPosts(
  db: Db,
  shouldStop: () => boolean = () => false,
  { batchSize = BACKFILL_BATCH, span = BACKFILL_SPAN }: { batchSize?: number; span?: number } = {},
): Promise<number> {
  let indexed = 0;
  const first = await findFirstUnindexedPostId(db);
  if (first === null) return 0;
  let from: { after: string } | { atOrAfter: string } = { atOrAfter: first };
  while (!shouldStop()) {
    const stretch = await findUnindexedPostIds(db, from, span);
    for (let start = 0; start < stretch.ids.length && !shouldStop(); start += batchSize) {
      const ids = stretch.ids.slice(start, start + batchSize);
      await db.transaction((tx) => indexPostsForDiscovery(tx, ids, { onlyMissing: true }));
      indexed += ids.length;
    }
    if (stretch.lastId === null) break;
    from = { after: stretch.lastId };
  }
  return indexed;
}
