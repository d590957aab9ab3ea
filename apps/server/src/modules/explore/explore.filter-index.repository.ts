import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { postSearch, postSearchChanges } from '../../db/schema/index.ts';
import { anyOfQuery } from '../search-index/search-index.text.ts';
import { epochMs, NEWEST_FIRST } from './explore.sql.ts';

/**
 * What the in-memory filter index (explore.filter-index.ts) reads: the public posts' filter keys, authors
 * and search documents in the feed's order, and the changes since it last looked (post_search_changes,
 * written by triggers).
 */

/** A public post's entry: its id, creation time (ms), filter keys, author and search document (text). */
export interface FilterEntryRow {
  postId: string;
  createdMs: number;
  keys: string[];
  profileId: string;
  document: string;
}

/**
 * The transactions a statement sees now (`pg_current_snapshot()`, as text): a read of post_search that
 * begins after this sees at least their changes.
 */
export async function findChangeSnapshot(db: Db): Promise<string> {
  const result = await db.execute(sql`select pg_current_snapshot()::text as snapshot`);
  return String(rowsOf<{ snapshot: string }>(result)[0]!.snapshot);
}

/**
 * A row's filter keys as JSON text: JSON.parse reads them in a fraction of the time the drivers' text[]
 * parsers take (9.3 → 4.7 s of server CPU for 980,000 posts).
 */
const keysAsJson = sql`array_to_json(${postSearch.filter_keys})::text`;

/** The columns of an entry besides its id and time. */
const entryColumns = sql`${keysAsJson} as keys, ${postSearch.profile_id} as "profileId",
  ${postSearch.document}::text as document`;

/** Up to `limit` public posts' entries after `after` (newest first, by created_at then id). */
export async function findPublicFilterEntries(
  db: Db,
  after: { createdMs: number; postId: string } | null,
  limit: number,
): Promise<FilterEntryRow[]> {
  const older = after
    ? sql`and (${postSearch.created_at}, ${postSearch.post_id}) < (${new Date(after.createdMs).toISOString()}::timestamptz, ${after.postId}::uuid)`
    : sql``;
  const result = await db.execute(sql`
    select ${postSearch.post_id} as "postId", ${epochMs(postSearch.created_at)} as "createdMs", ${entryColumns}
    from ${postSearch} where ${postSearch.is_public} ${older}
    order by ${sql.join([...NEWEST_FIRST], sql`, `)} limit ${limit}`);
  return rowsOf<EntryRowText>(result).map(entryOf);
}

interface EntryRowText {
  postId: string;
  createdMs: number;
  keys: string;
  profileId: string;
  document: string;
}

function entryOf(row: EntryRowText): FilterEntryRow {
  return {
    postId: row.postId,
    createdMs: Number(row.createdMs),
    keys: JSON.parse(row.keys) as string[],
    profileId: row.profileId,
    document: row.document,
  };
}

/**
 * The public posts whose documents hold one of `lexemes`, at most `limit` (any of them): the search
 * words the in-memory index does not hold, each in few posts (GIN finds them at once).
 */
export async function findPostsWithLexemes(
  db: Db,
  lexemes: readonly string[],
  limit: number,
): Promise<FilterEntryRow[]> {
  if (lexemes.length === 0) return [];
  const result = await db.execute(sql`
    select ${postSearch.post_id} as "postId", ${epochMs(postSearch.created_at)} as "createdMs", ${entryColumns}
    from ${postSearch}
    where ${postSearch.is_public} and ${postSearch.document} @@ ${anyOfQuery(lexemes, false)}::tsquery
    limit ${limit}`);
  return rowsOf<EntryRowText>(result).map(entryOf);
}

/** A post whose entry may have changed: where its old entry was, and what it is now (null: none). */
export interface FilterChangeRow {
  postId: string;
  oldCreatedMs: number;
  now: Omit<FilterEntryRow, 'postId'> | null;
}

/**
 * The posts whose public entries changed in transactions `seen` (a snapshot: findChangeSnapshot) did not
 * see, each as it is now, and the snapshot of this read, to look from next time: read in one statement,
 * so every change is read exactly once, however long another transaction stays open (the index on xid
 * starts at the oldest transaction `seen` did not see).
 */
export async function findFilterChanges(
  db: Db,
  seen: string,
): Promise<{ snapshot: string; changes: FilterChangeRow[] }> {
  const c = postSearchChanges;
  const result = await db.execute(sql`
    select h.snapshot, ch.post_id as "postId", ch.old_ms as "oldMs", ${epochMs(postSearch.created_at)} as "nowMs",
      ${entryColumns}
    from (select pg_current_snapshot()::text as snapshot) h
    left join (
      select distinct ${c.post_id} as post_id, ${epochMs(c.created_at)} as old_ms from ${c}
      where ${c.xid} >= pg_snapshot_xmin(${seen}::pg_snapshot)
        and not pg_visible_in_snapshot(${c.xid}, ${seen}::pg_snapshot)
    ) ch on true
    left join ${postSearch} on ${postSearch.post_id} = ch.post_id and ${postSearch.is_public}`);
  const rows = rowsOf<{
    snapshot: string;
    postId: string | null;
    oldMs: number | null;
    nowMs: number | null;
    keys: string | null;
    profileId: string | null;
    document: string | null;
  }>(result);
  const changes: FilterChangeRow[] = [];
  for (const row of rows) {
    if (row.postId === null) continue;
    changes.push({
      postId: row.postId,
      oldCreatedMs: Number(row.oldMs),
      now:
        row.nowMs === null
          ? null
          : entryOf({
              postId: row.postId,
              createdMs: row.nowMs,
              keys: row.keys ?? '[]',
              profileId: row.profileId ?? '',
              document: row.document ?? '',
            }),
    });
  }
  return { snapshot: String(rows[0]!.snapshot), changes };
}

/** Removes the changes noted more than `keptMs` ago. */
export async function removeOldFilterChanges(db: Db, keptMs: number): Promise<void> {
  await db.execute(
    sql`delete from ${postSearchChanges} where ${postSearchChanges.changed_at} < now() - make_interval(secs => ${keptMs / 1000})`,
  );
}
