import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { JOB_QUEUE_SCHEMA } from '../../lib/job-queue.ts';

/**
 * The only place with SQL for backups. The export is logical (rows as JSON) and reads the catalog
 * instead of a list of tables, so a table added by a later migration is backed up without a change
 * here, and a backup of the embedded database restores into PostgreSQL and back.
 */

async function select<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** Schemas of the system, never backed up. */
const SYSTEM_SCHEMAS = sql`('pg_catalog', 'information_schema', 'pg_toast')`;
/** Drizzle's own bookkeeping: a restore migrates the target itself, so its rows are not copied. */
export const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

export interface TableInfo {
  /** `schema.table`, unquoted. */
  name: string;
  schema: string;
  table: string;
  /** Columns a row can be written to (generated columns are left out), in table order. */
  columns: string[];
  /** Has a GENERATED ALWAYS AS IDENTITY column: its values need OVERRIDING SYSTEM VALUE. */
  hasIdentity: boolean;
}

function qualified(schema: string, table: string): SQL {
  return sql`${sql.identifier(schema)}.${sql.identifier(table)}`;
}

/**
 * The filter index's notes of changes (explore.filter-index.ts) are not data: a server reads its index
 * from post_search at start, and a restore's own writes of post_search note themselves again.
 */
const TRANSIENT_TABLE = 'post_search_changes';

/**
 * Every user table of the database (partitions are read through their parent). The job queue's schema
 * is not SYS's data: it is neither backed up nor restored (pg-boss creates it again at start, and the
 * server queues the transcode of every video still processing); nor is TRANSIENT_TABLE.
 */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const rows = await select<{ schema: string; table: string; columns: string[]; has_identity: boolean }>(
    db,
    sql`
      select n.nspname::text as schema, c.relname::text as table,
        array_agg(a.attname::text order by a.attnum) filter (where a.attgenerated = '') as columns,
        coalesce(bool_or(a.attidentity = 'a'), false) as has_identity
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind in ('r', 'p') and not c.relispartition
        and n.nspname not in ${SYSTEM_SCHEMAS} and n.nspname not like 'pg\\_%'
        and n.nspname <> ${JOB_QUEUE_SCHEMA}
        and not (n.nspname = 'public' and c.relname = ${TRANSIENT_TABLE})
      group by n.nspname, c.relname
      order by n.nspname, c.relname`,
  );
  return rows.map((row) => ({
    name: `${row.schema}.${row.table}`,
    schema: row.schema,
    table: row.table,
    columns: row.columns ?? [],
    hasIdentity: row.has_identity,
  }));
}

/**
 * One page of a table's rows as JSON texts, in physical order after `afterCtid` (null: from the start).
 * Call inside one repeatable-read transaction, so that every page and table belong to one snapshot.
 */
export async function readRowsPage(
  db: Db,
  table: TableInfo,
  afterCtid: string | null,
  limit: number,
): Promise<{ ctid: string; row: string }[]> {
  const from = qualified(table.schema, table.table);
  return select(
    db,
    sql`select t.ctid::text as ctid, row_to_json(t)::text as row from ${from} t
        where ${afterCtid === null ? sql`true` : sql`t.ctid > ${afterCtid}::tid`}
        order by t.ctid limit ${limit}`,
  );
}

export async function countRows(db: Db, table: Pick<TableInfo, 'schema' | 'table'>): Promise<number> {
  const [row] = await select<{ count: string | number }>(
    db,
    sql`select count(*) as count from ${qualified(table.schema, table.table)}`,
  );
  return Number(row?.count ?? 0);
}

export interface SequenceValue {
  name: string;
  /** Null when the sequence was never used. */
  lastValue: string | null;
}

export async function readSequences(db: Db): Promise<SequenceValue[]> {
  const rows = await select<{ name: string; last_value: string | null }>(
    db,
    sql`select format('%I.%I', schemaname, sequencename) as name, last_value::text as last_value
        from pg_sequences where schemaname not in ${SYSTEM_SCHEMAS} order by 1`,
  );
  return rows.map((row) => ({ name: row.name, lastValue: row.last_value }));
}

export async function setSequence(db: Db, name: string, lastValue: string): Promise<void> {
  await db.execute(sql`select setval(${name}::regclass, ${lastValue}::bigint, true)`);
}

/** The `created_at` stamps of the applied migrations (they identify migrations in drizzle's journal). */
export async function readAppliedMigrations(db: Db): Promise<number[]> {
  const [present] = await select<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present?.present) return [];
  const rows = await select<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  return rows.map((row) => Number(row.created_at));
}

/**
 * The other sessions on this database whose application name matches `pattern` (processes of SYS name
 * themselves `sys-server`, `sys-admin`...), by application and client address. PostgreSQL shows every
 * session's application name, whoever asks.
 */
export async function listAppSessions(
  db: Db,
  pattern: string,
): Promise<{ application: string; client: string; sessions: number }[]> {
  return select(
    db,
    sql`select application_name as application, coalesce(host(client_addr), 'a local socket') as client,
          count(*)::int as sessions
        from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and application_name like ${pattern}
        group by 1, 2 order by 1, 2`,
  );
}

/** Whether the database holds no user table at all (a fresh database, nothing migrated yet). */
export async function hasNoTables(db: Db): Promise<boolean> {
  return (await listTables(db)).length === 0;
}

/** Drops every schema that holds user tables, and recreates `public` (restore --force). */
export async function dropUserSchemas(db: Db): Promise<void> {
  const schemas = new Set((await listTables(db)).map((table) => table.schema));
  for (const schema of schemas) await db.execute(sql`drop schema ${sql.identifier(schema)} cascade`);
  await db.execute(sql`create schema if not exists public`);
}

export interface ForeignKey {
  table: string;
  schema: string;
  name: string;
  definition: string;
}

export async function listForeignKeys(db: Db): Promise<ForeignKey[]> {
  return select<ForeignKey>(
    db,
    sql`select n.nspname::text as schema, c.relname::text as table, con.conname::text as name,
          pg_get_constraintdef(con.oid) as definition
        from pg_constraint con
        join pg_class c on c.oid = con.conrelid
        join pg_namespace n on n.oid = c.relnamespace
        where con.contype = 'f' and n.nspname not in ${SYSTEM_SCHEMAS}
        order by 1, 2, 3`,
  );
}

export async function dropForeignKey(db: Db, key: ForeignKey): Promise<void> {
  await db.execute(
    sql`alter table ${qualified(key.schema, key.table)} drop constraint ${sql.identifier(key.name)}`,
  );
}

/** Adds a foreign key back; Postgres checks every row against it, so a broken backup fails here. */
export async function addForeignKey(db: Db, key: ForeignKey): Promise<void> {
  await db.execute(
    sql`alter table ${qualified(key.schema, key.table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
  );
}

/** Empties tables (rows a migration may have inserted), in one statement so that order does not matter. */
export async function truncateTables(
  db: Db,
  tables: readonly Pick<TableInfo, 'schema' | 'table'>[],
): Promise<void> {
  if (tables.length === 0) return;
  await db.execute(
    sql`truncate table ${sql.join(
      tables.map((t) => qualified(t.schema, t.table)),
      sql`, `,
    )}`,
  );
}

/**
 * Inserts rows given as JSON texts (`row_to_json` of the same table) into `columns` of the table;
 * columns the rows lack get their defaults.
 */
export async function insertJsonRows(
  db: Db,
  table: TableInfo,
  columns: readonly string[],
  rows: readonly string[],
): Promise<void> {
  if (rows.length === 0 || columns.length === 0) return;
  const target = qualified(table.schema, table.table);
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await db.execute(
    sql`insert into ${target} (${list}) ${table.hasIdentity ? sql`overriding system value` : sql``}
        select ${list} from json_populate_recordset(null::${target}, ${`[${rows.join(',')}]`}::json)`,
  );
}
