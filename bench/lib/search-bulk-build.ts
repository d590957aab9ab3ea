import type {
  IndexableItemRow,
  IndexablePostRow,
} from '../../apps/server/src/modules/search-index/search-index.repository.ts';
import { lexiconTerms } from '../../apps/server/src/modules/search-index/search-index.text.ts';
import { buildSearchRows } from '../../apps/server/src/modules/search-index/search-index.ts';

/** Posts in id order with their items, a post's items in the order indexing reads them. */
export interface Stretch {
  posts: IndexablePostRow[];
  items: IndexableItemRow[];
}

export interface BuiltStretch {
  /** The search rows, created_at as ISO text, for jsonb_to_recordset. */
  json: string;
  terms: string[];
}

/** What indexPostsForDiscovery builds for these posts: their rows and the lexicon terms they add. */
export function buildStretch({ posts, items }: Stretch): BuiltStretch {
  const built = buildSearchRows(posts, items);
  return {
    json: JSON.stringify(
      built.map(({ row }) => ({ ...row, created_at: (row.created_at as Date).toISOString() })),
    ),
    terms: lexiconTerms(built.flatMap((entry) => entry.words)),
  };
}
