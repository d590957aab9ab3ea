import { sql } from 'drizzle-orm';
import { notBlockedFor } from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { brands, postItems, postSearch, posts, profiles } from '../../db/schema/index.ts';

/*
 * Suggestions while typing: the profiles and brands whose names hold the typed text (a case-insensitive
 * substring; LIKE's own characters in it are matched as themselves), those starting with it first.
 */

/** The text as a LIKE pattern's literal part: `%`, `_` and `\` escaped (LIKE's default escape is `\`). */
function likeLiteral(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
}

export interface SuggestedPersonRow {
  id: string;
  username: string | null;
  display_name: string | null;
  avatar_url: string | null;
}

/**
 * Profiles with a username whose username or display name holds `text`; without those blocked either way
 * by `viewerId`.
 */
export async function findSuggestedPeople(
  db: Db,
  text: string,
  limit: number,
  viewerId: string | null,
): Promise<SuggestedPersonRow[]> {
  const literal = likeLiteral(text);
  const inside = `%${literal}%`;
  const start = `${literal}%`;
  const username = sql`lower(${profiles.username})`;
  const displayName = sql`lower(coalesce(${profiles.display_name}, ''))`;
  const result = await db.execute(sql`
    select ${profiles.id} as id, ${profiles.username} as username, ${profiles.display_name} as display_name,
      ${profiles.avatar_url} as avatar_url
    from ${profiles}
    where ${profiles.username} is not null
      and (${username} like ${inside} or ${displayName} like ${inside})
      and ${notBlockedFor(viewerId, profiles.id) ?? sql`true`}
    order by (${username} like ${start} or ${displayName} like ${start}) desc, ${username}, ${profiles.id}
    limit ${limit}`);
  return rowsOf<SuggestedPersonRow>(result);
}

export interface SuggestedBrandRow {
  id: string;
  name: string;
}

/** Brands whose name holds `text` and that some public post's item carries (a private post's brand stays unsaid). */
export async function findSuggestedBrands(db: Db, text: string, limit: number): Promise<SuggestedBrandRow[]> {
  const literal = likeLiteral(text);
  const name = sql`lower(${brands.name})`;
  const result = await db.execute(sql`
    select ${brands.id} as id, ${brands.name} as name
    from ${brands}
    where ${name} like ${`%${literal}%`}
      and exists (
        select 1 from ${postItems} join ${posts} on ${posts.id} = ${postItems.post_id}
        where ${posts.visibility} = 'public' and lower(${postItems.brand}) = ${name}
      )
    order by (${name} like ${`${literal}%`}) desc, ${name}, ${brands.id}
    limit ${limit}`);
  return rowsOf<SuggestedBrandRow>(result);
}

export interface SuggestedTagRow {
  tag: string;
  post_count: number;
}

/**
 * Hashtags (tagKeys) of public posts that hold `key` (itself a tagKey: no LIKE character in it), those
 * starting with it first, then the most used; a tag only private posts or only people blocked either way
 * by `viewerId` use stays unsaid.
 */
export async function findSuggestedTags(
  db: Db,
  key: string,
  limit: number,
  viewerId: string | null,
): Promise<SuggestedTagRow[]> {
  if (key === '') return [];
  const result = await db.execute(sql`
    select t.tag, count(*)::int as post_count
    from ${postSearch} ps, unnest(ps.tag_keys) as t(tag)
    where ps.is_public and ps.tags_text like ${`%${key}%`} and t.tag like ${`%${key}%`}
      and ${notBlockedFor(viewerId, sql`ps.profile_id`) ?? sql`true`}
    group by t.tag
    order by (t.tag like ${`${key}%`}) desc, count(*) desc, t.tag
    limit ${limit}`);
  return rowsOf<{ tag: string; post_count: number | string }>(result).map((row) => ({
    tag: row.tag,
    post_count: Number(row.post_count),
  }));
}
