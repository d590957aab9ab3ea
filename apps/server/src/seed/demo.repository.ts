import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { commentLikes, comments, itemClicks, postLikes } from '../db/schema/index.ts';

/**
 * SQL the demo reset needs and that belongs to no single feature: every application table in the
 * `public` schema. Drizzle's own bookkeeping lives in the `drizzle` schema and is never touched;
 * other schemas (`auth`) are reset by the steps that own them.
 */
export async function listPublicTables(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select tablename from pg_catalog.pg_tables where schemaname = 'public' order by tablename`,
  );
  return (result as unknown as { rows: { tablename: string }[] }).rows.map((r) => r.tablename);
}

export async function truncateTables(db: Db, schema: string, tables: string[]): Promise<void> {
  if (tables.length === 0) return;
  const list = sql.join(
    tables.map((t) => sql`${sql.identifier(schema)}.${sql.identifier(t)}`),
    sql`, `,
  );
  await db.execute(sql`truncate table ${list} restart identity cascade`);
}

/** Any fixed number: it only has to be the same for every server that might seed the same database. */
const DEMO_SEED_LOCK_ID = 0x5e5_de30;

/**
 * Serialises seeding across servers sharing one PostgreSQL: the second one waits here, then finds
 * the profiles of the first and skips. Released when the transaction ends.
 */
export async function lockDemoSeed(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK_ID})`);
}

/*
 * Reactions as the demo writes them: with the times they happened, which the social module's own
 * inserts (always "now") do not take. Rows only; the step decides who reacts to what.
 */

export async function insertDemoLikes(
  db: Db,
  rows: { post_id: string; profile_id: string; created_at: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(postLikes).values(rows);
}

export async function insertDemoComment(
  db: Db,
  row: { post_id: string; profile_id: string; parent_id: string | null; body: string; created_at: Date },
): Promise<string> {
  const [inserted] = await db.insert(comments).values(row).returning({ id: comments.id });
  if (!inserted) throw new Error('insert into comments returned no row');
  return inserted.id;
}

export async function insertDemoCommentLikes(
  db: Db,
  rows: { comment_id: string; profile_id: string; created_at: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(commentLikes).values(rows);
}

export async function insertDemoItemClicks(
  db: Db,
  rows: {
    item_id: string;
    post_id: string;
    profile_id: string | null;
    viewer_key: string;
    created_at: Date;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(itemClicks).values(rows);
}
