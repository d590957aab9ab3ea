import type { ActivityItem, ActivityPage, ActivitySettings, Comment, Post } from '@sys/shared';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrateDatabase } from '../../db/client.ts';
import { migrationsDir } from '../../paths.ts';
import { createTestApp, openTestDatabase, type TestApp } from '../../test/context.ts';
import { publishPost } from '../../test/media.ts';
import { createNamedUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import { countUnreadGroups, findActivityPage } from './activity.repository.ts';

/*
 * Issue 19 at scale: the list reads `activity_groups` (one row per visible group, kept in step by the
 * database's triggers) instead of folding all of a person's items on every request. These tests try to
 * break that structure: through the API (pages across blocked, muted and turned-off groups; a withdrawn
 * like; a deleted post), against the old query as an oracle after random writes of every kind, and
 * through the migration's backfill of items written before the table existed.
 */

// --- through the API -------------------------------------------------------------------------------------

let ctx: TestApp;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
});
afterAll(() => ctx.close());

let named = 0;
function person(): Promise<TestUser> {
  named += 1;
  return createNamedUser(ctx.app, `groups.person${named}`);
}

async function ok<T = unknown>(
  user: TestUser,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<T> {
  const response = await ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}

const activity = (user: TestUser, query = '') => ok<ActivityPage>(user, 'GET', `/activity${query}`);
const unread = async (user: TestUser) =>
  (await ok<{ unread_count: number }>(user, 'GET', '/activity/unread-count')).unread_count;
const comment = (user: TestUser, post: Post, body: string) =>
  ok<Comment>(user, 'POST', `/posts/${post.id}/comments`, { body });

/** Every page of the user's activity, `limit` at a time. */
async function allPages(user: TestUser, limit: number): Promise<ActivityPage[]> {
  const pages: ActivityPage[] = [];
  let cursor: string | null = null;
  do {
    const page: ActivityPage = await activity(
      user,
      `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    pages.push(page);
    cursor = page.next_cursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}

/** The pages' items in order, after checking that every page but the last is full. */
function itemsOf(pages: ActivityPage[], limit: number): ActivityItem[] {
  for (const page of pages.slice(0, -1)) expect(page.items).toHaveLength(limit);
  return pages.flatMap((page) => page.items);
}

describe('the list reads one row per group', () => {
  it('pages through groups with blocked, muted and turned-off ones among them: full, none skipped or repeated', async () => {
    const maya = await person();
    const [ben, cara, dov, eli, fay, gil] = [
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const post = await publishPost(ctx.app, maya);
    // Gil is muted and Maya hears of no comment likes: neither makes a group.
    await ok(maya, 'POST', `/mutes/${gil.id}`);
    const settings = await ok<ActivitySettings>(maya, 'GET', '/me/activity-settings');
    await ok(maya, 'PUT', '/me/activity-settings', { kinds: { ...settings.kinds, comment_like: false } });
    const mayasComment = await comment(maya, post, 'thank you all');

    const shown: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      for (const who of [ben, cara, dov, eli, fay, gil]) {
        const written = await comment(who, post, `round ${round}`);
        if (who === ben || who === cara || who === fay) shown.push(written.id);
      }
      await ok(round === 0 ? ben : cara, 'PUT', `/comments/${mayasComment.id}/like`);
    }
    // Dov's groups go behind Maya's block, Eli's behind the block Eli made.
    await ok(maya, 'POST', `/blocks/${dov.id}`);
    await ok(eli, 'POST', `/blocks/${maya.id}`);

    const expected = [...shown].reverse();
    for (const limit of [1, 2, 4]) {
      const items = itemsOf(await allPages(maya, limit), limit);
      expect(items.map((item) => item.comment_id)).toEqual(expected);
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
      expect(items.every((item) => item.kind === 'comment')).toBe(true);
    }
    expect(await unread(maya)).toBe(expected.length);

    // An unblock shows Dov's groups again, in their place.
    await ok(maya, 'DELETE', `/blocks/${dov.id}`);
    const again = itemsOf(await allPages(maya, 3), 3);
    const dovs = again.filter((item) => item.actors[0]?.id === dov.id);
    // (A block may have taken Dov's comments with it; what is left is in order and counted.)
    expect(again.map((item) => item.created_at)).toEqual(
      [...again.map((item) => item.created_at)].sort().reverse(),
    );
    expect(again).toHaveLength(expected.length + dovs.length);
    expect(await unread(maya)).toBe(again.length);

    // Reading one group and then all of them is counted per group.
    await ok(maya, 'POST', `/activity/items/${again[1]!.id}/read`);
    expect(await unread(maya)).toBe(again.length - 1);
    const [first] = (await activity(maya, '?limit=2')).items;
    expect(first!.read).toBe(false);
    await ok(maya, 'POST', '/activity/read', {});
    expect(await unread(maya)).toBe(0);
    expect((await activity(maya)).items.every((item) => item.read)).toBe(true);
  });

  it('a withdrawn like moves its group back behind newer ones, and the last one removes it', async () => {
    const [maya, ana, ben, cal] = [await person(), await person(), await person(), await person()];
    const first = await publishPost(ctx.app, maya);
    const second = await publishPost(ctx.app, maya);
    await ok(ana, 'PUT', `/posts/${first.id}/like`);
    const [anas] = (await activity(maya)).items;
    await ok(cal, 'PUT', `/posts/${second.id}/like`);
    await ok(ben, 'PUT', `/posts/${first.id}/like`);

    let page = await activity(maya);
    expect(page.items.map((item) => item.post_id)).toEqual([first.id, second.id]);
    expect(page.items[0]!.actors.map((actor) => actor.id)).toEqual([ben.id, ana.id]);
    expect(page.items[0]!.actor_count).toBe(2);
    expect(await unread(maya)).toBe(2);

    await ok(ben, 'DELETE', `/posts/${first.id}/like`);
    page = await activity(maya);
    expect(page.items.map((item) => item.post_id)).toEqual([second.id, first.id]);
    expect(page.items[1]).toMatchObject({ id: anas!.id, created_at: anas!.created_at, actor_count: 1 });
    // The cursor after the first group leads to the moved one, and nothing follows it.
    const rest = await activity(
      maya,
      `?limit=1&cursor=${encodeURIComponent((await activity(maya, '?limit=1')).next_cursor!)}`,
    );
    expect(rest.items.map((item) => item.post_id)).toEqual([first.id]);
    expect(rest.next_cursor).toBeNull();

    await ok(ana, 'DELETE', `/posts/${first.id}/like`);
    page = await activity(maya);
    expect(page.items.map((item) => item.post_id)).toEqual([second.id]);
    expect(await unread(maya)).toBe(1);
  });

  it("a deleted post's groups go, and the others stay", async () => {
    const [maya, ana, ben, cal] = [await person(), await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    await ok(cal, 'PUT', `/follows/${maya.id}`);
    await ok(ana, 'PUT', `/posts/${post.id}/like`);
    const written = await comment(ben, post, 'nice');
    await ok(maya, 'PUT', `/comments/${written.id}/like`);
    expect((await activity(maya)).items.map((item) => item.kind)).toEqual(['comment', 'like', 'follow']);
    expect(await unread(maya)).toBe(3);
    expect((await activity(ben)).items.map((item) => item.kind)).toEqual(['comment_like']);

    await ok(maya, 'DELETE', `/posts/${post.id}`);
    expect((await activity(maya)).items.map((item) => item.kind)).toEqual(['follow']);
    expect(await unread(maya)).toBe(1);
    expect((await activity(ben)).items).toEqual([]);
    expect(await unread(ben)).toBe(0);
  });
});

// --- against the old query, after random writes ----------------------------------------------------------

/** The groups as the list folded them before activity_groups: all of the person's visible items. */
const ORACLE_PAGE = `
  select (array_agg(a.id order by a.created_at desc, a.id desc))[1] as id,
    max(a.created_at) as latest,
    (array_agg(a.actor_id order by a.created_at desc, a.id desc))[1:3] as actor_ids,
    count(distinct a.actor_id)::int as actor_count,
    bool_and(a.read_at is not null) as read
  from activity_items a
  where a.recipient_id = $1
    and not exists (select 1 from blocks b where b.blocker_id = a.recipient_id and b.blocked_id = a.actor_id)
    and not exists (select 1 from blocks b where b.blocker_id = a.actor_id and b.blocked_id = a.recipient_id)
  group by a.group_key
  order by latest desc, id desc`;

const ORACLE_UNREAD = `
  select count(distinct a.group_key)::int as n from activity_items a
  where a.recipient_id = $1 and a.read_at is null
    and not exists (select 1 from blocks b where b.blocker_id = a.recipient_id and b.blocked_id = a.actor_id)
    and not exists (select 1 from blocks b where b.blocker_id = a.actor_id and b.blocked_id = a.recipient_id)`;

/** What activity_groups must hold, computed from the items. */
const ORACLE_GROUPS = `
  select a.recipient_id, a.group_key,
    (array_agg(a.created_at order by a.created_at desc, a.id desc))[1] as latest_at,
    (array_agg(a.id order by a.created_at desc, a.id desc))[1] as latest_id,
    count(*) filter (where a.read_at is null)::int as unread_count
  from activity_items a
  where not exists (select 1 from blocks b where b.blocker_id = a.recipient_id and b.blocked_id = a.actor_id)
    and not exists (select 1 from blocks b where b.blocker_id = a.actor_id and b.blocked_id = a.recipient_id)
  group by a.recipient_id, a.group_key
  order by 1, 2`;

const STORED_GROUPS = `
  select recipient_id, group_key, latest_at, latest_id, unread_count from activity_groups order by 1, 2`;

interface OracleRow {
  id: string;
  latest: Date | string;
  actor_ids: string[];
  actor_count: number;
  read: boolean;
}

const ms = (value: Date | string) => new Date(value).getTime();

/** A small deterministic random source (mulberry32), so a failure can be replayed. */
function randomSource(seed: number): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

async function addPeople(database: Database, count: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const [row] = await database.query<{ id: string }>(
      `insert into auth.users (email) values ($1) returning id`,
      [`${tag}${i}@groups.test`],
    );
    await database.query('insert into profiles (id, username, display_name) values ($1, $2, $2)', [
      row!.id,
      `${tag}${i}`,
    ]);
    ids.push(row!.id);
  }
  return ids;
}

const BASE = Date.parse('2026-03-01T12:00:00.000Z');

/** Inserts `count` items in one statement (several may fall into one group). */
async function addItems(database: Database, people: string[], random: (n: number) => number, count: number) {
  const values: string[] = [];
  const params: unknown[] = [];
  for (let i = 0; i < count; i += 1) {
    const recipient = people[random(people.length)]!;
    let actor = people[random(people.length)]!;
    if (actor === recipient) actor = people[(people.indexOf(recipient) + 1) % people.length]!;
    // Few distinct times, so that ties are common and the id decides.
    const at = new Date(BASE + random(40) * 60_000).toISOString();
    const read = random(3) === 0 ? at : null;
    params.push(recipient, actor, `g${random(6)}`, at, read);
    const n = params.length;
    values.push(
      `($${n - 4}::uuid, $${n - 3}::uuid, 'follow', $${n - 2}, $${n - 1}::timestamptz, $${n}::timestamptz)`,
    );
  }
  await database.query(
    `insert into activity_items (recipient_id, actor_id, kind, group_key, created_at, read_at) values ${values.join(', ')}`,
    params,
  );
}

async function someItem(database: Database, random: (n: number) => number) {
  const rows = await database.query<{ id: string; recipient_id: string; group_key: string }>(
    'select id, recipient_id, group_key from activity_items order by id',
  );
  return rows.length === 0 ? undefined : rows[random(rows.length)];
}

/** activity_groups holds exactly what the items say. */
async function expectGroupsInStep(database: Database, step: string): Promise<void> {
  const normalise = (rows: Record<string, unknown>[]) =>
    rows.map((row) => ({
      ...row,
      latest_at: ms(row.latest_at as string),
      unread_count: Number(row.unread_count),
    }));
  expect(normalise(await database.query(STORED_GROUPS)), step).toEqual(
    normalise(await database.query(ORACLE_GROUPS)),
  );
}

/** Every page of each person, `limit` at a time, is the old query's list; so is the unread count. */
async function expectPagesAsOracle(database: Database, people: string[], limit: number, step: string) {
  for (const person of people) {
    const expected = await database.query<OracleRow>(ORACLE_PAGE, [person]);
    const got: OracleRow[] = [];
    let after: { createdAt: Date; id: string } | undefined;
    for (let pages = 0; pages < 100; pages += 1) {
      const rows = await findActivityPage(database.db, person, after, limit, 3);
      got.push(...rows);
      if (rows.length < limit) break;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.latest, id: last.id };
    }
    const shape = (rows: OracleRow[]) =>
      rows.map((row) => ({
        id: row.id,
        latest: ms(row.latest),
        actor_ids: row.actor_ids,
        actor_count: Number(row.actor_count),
        read: row.read,
      }));
    expect(shape(got), `${step}: pages of ${person}`).toEqual(shape(expected));
    const [oracleUnread] = await database.query<{ n: number }>(ORACLE_UNREAD, [person]);
    expect(await countUnreadGroups(database.db, person), `${step}: unread of ${person}`).toBe(
      Number(oracleUnread!.n),
    );
  }
}

describe('activity_groups against the old query', () => {
  it('stays in step through inserts, withdrawals, read marks, blocks, unblocks, moves and account deletion', async () => {
    const test = await openTestDatabase();
    try {
      const database = test.database;
      await migrateDatabase(database);
      const people = await addPeople(database, 5, 'oracle');
      const random = randomSource(19);
      await addItems(database, people, random, 30);
      await expectGroupsInStep(database, 'start');
      await expectPagesAsOracle(database, people, 2, 'start');

      for (let step = 0; step < 60; step += 1) {
        const action = random(9);
        const [a, b] = [people[random(people.length)]!, people[random(people.length)]!];
        const item = await someItem(database, random);
        let label = `step ${step}`;
        if (action === 0) {
          label += ': insert';
          await addItems(database, people, random, 1 + random(4));
        } else if (action === 1 && item) {
          label += ': delete an item';
          await database.query('delete from activity_items where id = $1', [item.id]);
        } else if (action === 2 && item) {
          label += ': delete a group';
          await database.query('delete from activity_items where recipient_id = $1 and group_key = $2', [
            item.recipient_id,
            item.group_key,
          ]);
        } else if (action === 3 && a !== b) {
          label += ': block';
          await database.query(
            'insert into blocks (blocker_id, blocked_id) values ($1, $2) on conflict do nothing',
            [a, b],
          );
        } else if (action === 4) {
          label += ': unblock';
          await database.query('delete from blocks where blocker_id = $1 or blocked_id = $1', [a]);
        } else if (action === 5) {
          label += ': mark read';
          await database.query(
            `update activity_items set read_at = now() where recipient_id = $1 and read_at is null and created_at <= $2`,
            [a, new Date(BASE + random(40) * 60_000).toISOString()],
          );
        } else if (action === 6 && item) {
          label += ': mark a group unread';
          await database.query(
            'update activity_items set read_at = null where recipient_id = $1 and group_key = $2',
            [item.recipient_id, item.group_key],
          );
        } else if (action === 7 && item) {
          label += ': move an item';
          await database.query(
            "update activity_items set group_key = $2, created_at = created_at + interval '90 minutes' where id = $1",
            [item.id, `g${random(6)}`],
          );
        } else if (action === 8) {
          label += ': withdraw an actor';
          await database.query('delete from activity_items where actor_id = $1 and recipient_id = $2', [
            a,
            b,
          ]);
        }
        await expectGroupsInStep(database, label);
        if (step % 10 === 9) await expectPagesAsOracle(database, people, 1 + (step % 3), label);
      }

      // An account goes: its groups and the items it made for others go with it.
      await database.query('delete from auth.users where id = $1', [people[0]]);
      await expectGroupsInStep(database, 'account deleted');
      await expectPagesAsOracle(database, people.slice(1), 2, 'account deleted');
    } finally {
      await test.close();
    }
  }, 120_000);
});

// --- the migration's backfill ----------------------------------------------------------------------------

describe('migration 0015_activity_groups', () => {
  it('fills activity_groups from the items written before it, and the triggers take over', async () => {
    const test = await openTestDatabase();
    try {
      const database = test.database;
      const migrations = readMigrationFiles({ migrationsFolder: migrationsDir });
      const index = migrations.findIndex((migration) =>
        migration.sql.some((statement) => statement.includes('CREATE TABLE "activity_groups"')),
      );
      expect(index).toBeGreaterThan(0);
      for (const migration of migrations.slice(0, index)) {
        for (const statement of migration.sql) if (statement.trim()) await database.exec(statement);
      }
      // The old way: items (and a block) with no activity_groups to keep.
      const people = await addPeople(database, 4, 'backfill');
      const random = randomSource(15);
      await addItems(database, people, random, 40);
      await database.query('insert into blocks (blocker_id, blocked_id) values ($1, $2)', [
        people[0],
        people[1],
      ]);
      const before = [];
      for (const person of people) before.push(await database.query<OracleRow>(ORACLE_PAGE, [person]));

      for (const statement of migrations[index]!.sql) if (statement.trim()) await database.exec(statement);

      await expectGroupsInStep(database, 'backfilled');
      await expectPagesAsOracle(database, people, 3, 'backfilled');
      const after = [];
      for (const person of people) after.push(await database.query<OracleRow>(ORACLE_PAGE, [person]));
      expect(after).toEqual(before);

      // From now on the triggers keep the groups.
      await addItems(database, people, random, 5);
      await database.query('delete from blocks');
      await expectGroupsInStep(database, 'after the migration');
      await expectPagesAsOracle(database, people, 2, 'after the migration');
    } finally {
      await test.close();
    }
  }, 120_000);
});
