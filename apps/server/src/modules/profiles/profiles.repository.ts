import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authUsers, type ProfileRow, profiles } from '../../db/schema/index.ts';

/** The only place with SQL for `profiles`. Functions take the database or a transaction. */

export type NewProfileRow = typeof profiles.$inferInsert;

export async function countProfiles(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(profiles);
  return row?.value ?? 0;
}

export async function insertProfiles(db: Db, rows: NewProfileRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(profiles).values(rows);
}

export async function findProfileById(db: Db, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
  return row;
}

/** Usernames (lower-cased) that start with `prefix`, to pick a free one among prefix, prefix2, prefix3... */
export async function findUsernamesStartingWith(db: Db, prefix: string): Promise<string[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ username: sql<string>`lower(${profiles.username})` })
    .from(profiles)
    .where(sql`lower(${profiles.username}) like ${pattern}`);
  return rows.map((r) => r.username);
}

/**
 * Creates the profile of a live auth user; the other columns take the spec's defaults. Nothing
 * happens when the profile exists, the username is taken (both return false), or the user is
 * deleted or soft-deleted: reading `auth.users` here is what keeps a still-valid access token of a
 * deleted account from bringing its profile back.
 */
export async function insertProfileForUser(
  db: Db,
  row: { id: string; username: string; display_name: string | null; avatar_url: string | null },
): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${profiles} (id, username, display_name, avatar_url)
    select ${row.id}, ${row.username}, ${row.display_name}, ${row.avatar_url}
    from ${authUsers} where ${authUsers.id} = ${row.id} and ${authUsers.deleted_at} is null
    on conflict do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

export async function deleteProfile(db: Db, id: string): Promise<void> {
  await db.delete(profiles).where(eq(profiles.id, id));
}
