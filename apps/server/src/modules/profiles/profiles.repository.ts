import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { hasBlocked } from '../../db/block-filter.ts';
import type { Db } from '../../db/client.ts';
import { type Prepared, preparedFor } from '../../db/prepared.ts';
import { authUsers, follows, type ProfileRow, posts, profiles } from '../../db/schema/index.ts';

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

/** Usernames are unique ignoring case (profiles_username_lower_key); lookups use that index. */
const usernameIs = (username: string) => sql`lower(${profiles.username}) = lower(${username})`;

export async function findProfileByUsername(db: Db, username: string): Promise<ProfileRow | undefined> {
  const [row] = await db.select().from(profiles).where(usernameIs(username));
  return row;
}

/** Whether a profile other than `exceptId` uses `username`, ignoring case. */
export async function isUsernameTaken(db: Db, username: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(usernameIs(username), ne(profiles.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

const publicProfileStatements = new WeakMap<
  Db,
  Map<
    string,
    Prepared<{ profile: ProfileRow; isFollowing: boolean; blockedByViewer: boolean; blocksViewer: boolean }>
  >
>();

/** How a signed-in viewer and a profile stand: their follow, and a block either way. */
export interface ViewerRelation {
  isFollowing: boolean;
  /** The viewer blocked this profile. */
  blockedByViewer: boolean;
  /** This profile blocked the viewer. */
  blocksViewer: boolean;
}

export interface PublicProfileRow extends ViewerRelation {
  profile: ProfileRow;
}

/**
 * A profile by username as anyone may look it up, with whether `viewerId` follows it. A user whose
 * account is (soft-)deleted has no public profile, even in the moment before their row is removed.
 */
export async function findPublicProfile(
  db: Db,
  username: string,
  viewerId: string | null,
): Promise<PublicProfileRow | undefined> {
  // A prepared statement per shape (a visitor's, a viewer's): a profile's page asks it on every request.
  const name = `profiles_public${viewerId !== null ? '_viewer' : ''}`;
  const statement = preparedFor(publicProfileStatements, db, name, () => {
    const viewer = viewerId !== null ? sql`${sql.placeholder('viewerId')}::uuid` : null;
    const no = sql<boolean>`false`;
    return db
      .select({
        profile: profiles,
        isFollowing: viewer
          ? sql<boolean>`exists (select 1 from ${follows} where ${follows.follower_id} = ${viewer} and ${follows.following_id} = ${profiles.id})`
          : no,
        blockedByViewer: viewer ? hasBlocked(viewer, profiles.id) : no,
        blocksViewer: viewer ? hasBlocked(profiles.id, viewer) : no,
      })
      .from(profiles)
      .innerJoin(authUsers, eq(authUsers.id, profiles.id))
      .where(
        and(
          sql`lower(${profiles.username}) = lower(${sql.placeholder('username')}::text)`,
          sql`${authUsers.deleted_at} is null`,
        ),
      )
      .prepare(name);
  });
  const [row] = await statement.execute({ username, viewerId });
  return row
    ? {
        profile: row.profile,
        isFollowing: Boolean(row.isFollowing),
        blockedByViewer: Boolean(row.blockedByViewer),
        blocksViewer: Boolean(row.blocksViewer),
      }
    : undefined;
}

const viewerRelationStatements = new WeakMap<Db, Map<string, Prepared<ViewerRelation>>>();

/** `viewerId`'s relation to the profile `profileId` (none when there is no such profile). */
export async function findViewerRelation(
  db: Db,
  viewerId: string,
  profileId: string,
): Promise<ViewerRelation | undefined> {
  const statement = preparedFor(viewerRelationStatements, db, 'profiles_viewer_relation', () => {
    const viewer = sql`${sql.placeholder('viewerId')}::uuid`;
    return (
      db
        .select({
          isFollowing: sql<boolean>`exists (select 1 from ${follows} where ${follows.follower_id} = ${viewer} and ${follows.following_id} = ${profiles.id})`,
          blockedByViewer: hasBlocked(viewer, profiles.id),
          blocksViewer: hasBlocked(profiles.id, viewer),
        })
        .from(profiles)
        // Not for its columns: with a join drizzle writes every column with its table's name. A select from
        // one table writes them bare, and a bare `id` inside a subquery means the subquery's own table.
        .innerJoin(authUsers, eq(authUsers.id, profiles.id))
        .where(sql`${profiles.id} = ${sql.placeholder('profileId')}::uuid`)
        .prepare('profiles_viewer_relation')
    );
  });
  const [row] = await statement.execute({ viewerId, profileId });
  return row
    ? {
        isFollowing: Boolean(row.isFollowing),
        blockedByViewer: Boolean(row.blockedByViewer),
        blocksViewer: Boolean(row.blocksViewer),
      }
    : undefined;
}

export type ProfileFields = Partial<
  Pick<
    ProfileRow,
    | 'username'
    | 'display_name'
    | 'bio'
    | 'size'
    | 'chest_circumference'
    | 'waist_circumference'
    | 'hip_circumference'
    | 'measurements_public'
    | 'avatar_url'
  >
>;

export async function updateProfileFields(
  db: Db,
  id: string,
  fields: ProfileFields,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .update(profiles)
    .set({ ...fields, updated_at: sql`now()` })
    .where(eq(profiles.id, id))
    .returning();
  return row;
}

export interface ProfileStatsRow {
  id: string;
  posts_count: number;
  followers_count: number;
  following_count: number;
}

/**
 * The spec's get_user_stats for several profiles in one query. Each count is an index-only lookup
 * (posts by profile, follows by either side); posts_count counts public posts, the ones everyone sees.
 */
export async function findProfileStats(db: Db, ids: readonly string[]): Promise<ProfileStatsRow[]> {
  if (ids.length === 0) return [];
  // Drizzle leaves columns unqualified in a single-table select, so the correlated subqueries name
  // their tables themselves.
  const profileId = sql`${profiles}.id`;
  return db
    .select({
      id: profiles.id,
      posts_count: sql<number>`(select count(*)::int from ${posts} p where p.profile_id = ${profileId} and p.visibility = 'public')`,
      followers_count: sql<number>`(select count(*)::int from ${follows} f where f.following_id = ${profileId})`,
      following_count: sql<number>`(select count(*)::int from ${follows} f where f.follower_id = ${profileId})`,
    })
    .from(profiles)
    .where(inArray(profiles.id, [...ids]));
}
