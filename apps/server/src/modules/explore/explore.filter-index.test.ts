import { randomUUID } from 'node:crypto';
import { type CountedPostPage, matchesFilterKeys } from '@sys/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestApps, type TestApp, type TestApps } from '../../test/context.ts';
import { makePostPrivate, seededRandom, seedPost } from '../../test/discovery.ts';
import { publishPost } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import { CHANGES_KEPT_MS, FilterIndex, FilterIndexState } from './explore.filter-index.ts';
import { FilterPostingsBuilder } from './explore.filter-postings.ts';

/*
 * The filtered feed's matches in memory (explore.filter-index.ts, explore.filter-postings.ts). First the
 * postings against a plain reading of the rule (matchesFilterKeys over every post, in the feed's order),
 * on generated posts with keys common and rare, times shared, removals and changed posts; then the index
 * over the real database: every way of writing post_search shows in the next answer, on every server.
 */

interface Post {
  postId: string;
  createdMs: number;
  keys: string[];
}

/** The author of the generated changes (the index adds an author key to a changed post's keys). */
const AUTHOR = '00000000-0000-4000-8000-000000000001';

const newestFirst = (a: Post, b: Post) =>
  a.createdMs !== b.createdMs
    ? b.createdMs - a.createdMs
    : a.postId < b.postId
      ? 1
      : a.postId > b.postId
        ? -1
        : 0;

/** Keys of every density: 'c:0' in half the posts, 'c:9' in one of ~500, 'r:n' rarer still. */
function generatePosts(count: number, random: () => number): Post[] {
  const posts: Post[] = [];
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i++) {
    const keys = new Set<string>();
    for (let k = 0; k < 10; k++) if (random() < 0.5 ** (k + 1)) keys.add(`c:${k}`);
    keys.add(`s:${Math.floor(random() * 4)}`);
    if (random() < 0.01) keys.add(`r:${Math.floor(random() * 5)}`);
    // Many posts share a time, so that ids decide their order.
    posts.push({
      postId: randomUUID(),
      createdMs: base + Math.floor(random() * count * 0.3),
      keys: [...keys],
    });
  }
  return posts.sort(newestFirst);
}

function build(posts: readonly Post[]): FilterIndexState {
  const builder = new FilterPostingsBuilder();
  for (const post of posts) builder.add(post.postId, post.createdMs, post.keys);
  return new FilterIndexState(builder.finish(), '0');
}

/** What the index must answer: every live post after `after` matching the lists, newest first. */
function expected(posts: readonly Post[], lists: string[][], after: Post | undefined, want: number) {
  return posts
    .filter((post) => !after || newestFirst(after, post) < 0)
    .filter((post) => matchesFilterKeys(post.keys, lists))
    .slice(0, want)
    .map(({ postId, createdMs }) => ({ postId, createdMs }));
}

function randomLists(random: () => number): string[][] {
  const pick = () => {
    const kind = random();
    if (kind < 0.5) return `c:${Math.floor(random() * 10)}`;
    if (kind < 0.8) return `s:${Math.floor(random() * 5)}`; // s:4 is no post's
    return `r:${Math.floor(random() * 6)}`;
  };
  return Array.from({ length: Math.floor(random() * 4) }, () =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, pick),
  );
}

describe('the postings', () => {
  it('answer what matchesFilterKeys says, in the feed order, from any position, for any number', () => {
    const random = seededRandom(20);
    const posts = generatePosts(3000, random);
    const state = build(posts);
    for (let round = 0; round < 400; round++) {
      const lists = randomLists(random);
      const after = random() < 0.5 ? posts[Math.floor(random() * posts.length)] : undefined;
      const want = [1, 3, 20, 1001, 5000][Math.floor(random() * 5)]!;
      expect(state.find(lists, after, want), JSON.stringify({ lists, after, want })).toEqual(
        expected(posts, lists, after, want),
      );
    }
  });

  it('leave out removed posts and hold changed ones beside them, in order', () => {
    const random = seededRandom(7);
    let posts = generatePosts(2000, random);
    const state = build(posts);
    const changes = [];
    for (let i = 0; i < 300; i++) {
      const victim = posts[Math.floor(random() * posts.length)]!;
      const kind = random();
      if (kind < 0.4) {
        // Deleted, or no longer public.
        changes.push({ postId: victim.postId, oldCreatedMs: victim.createdMs, now: null });
        posts = posts.filter((post) => post !== victim);
      } else if (kind < 0.8) {
        // Edited: other keys, the same time (and in capitals, as a uuid may come).
        const keys = [`c:${Math.floor(random() * 10)}`, 's:3'];
        changes.push({
          postId: victim.postId.toUpperCase(),
          oldCreatedMs: victim.createdMs,
          now: { createdMs: victim.createdMs, keys, profileId: AUTHOR, document: '' },
        });
        posts = posts.map((post) => (post === victim ? { ...post, keys } : post));
      } else {
        // New, at a time between the others'.
        const post = { postId: randomUUID(), createdMs: victim.createdMs, keys: ['c:1', 'r:9'] };
        changes.push({
          postId: post.postId,
          oldCreatedMs: post.createdMs,
          now: { ...post, profileId: AUTHOR, document: '' },
        });
        posts = [...posts, post].sort(newestFirst);
      }
    }
    state.apply(changes);
    // Applying them again (a change read twice) changes nothing.
    state.apply(changes);
    // Put among the postings in memory, they answer the same.
    const compacted = state.compacted();
    expect(compacted.postings.size).toBe(posts.length);
    expect(compacted.changedCount).toBe(0);
    for (let round = 0; round < 300; round++) {
      const lists = random() < 0.1 ? [['r:9']] : randomLists(random);
      const after = random() < 0.5 ? posts[Math.floor(random() * posts.length)] : undefined;
      const want = [1, 20, 1001][Math.floor(random() * 3)]!;
      expect(state.find(lists, after, want), JSON.stringify({ lists, after, want })).toEqual(
        expected(posts, lists, after, want),
      );
      expect(compacted.find(lists, after, want)).toEqual(state.find(lists, after, want));
      // The count (without the changed posts' ids) and, up to the cap, every match.
      const all = expected(posts, lists, undefined, posts.length);
      const cap = [0, 3, 40, 5000][round % 4]!;
      expect(compacted.matches(lists, cap)).toEqual(state.matches(lists, cap));
      expect(state.matches(lists, cap), JSON.stringify({ lists, cap })).toEqual(
        all.length > cap
          ? { total: cap, capped: true, rows: null }
          : {
              total: all.length,
              capped: false,
              rows: all.map((post) => ({ postId: post.postId, createdAt: new Date(post.createdMs) })),
            },
      );
    }
  });

  it('count up to the cap and list every match below it', () => {
    const posts = generatePosts(500, seededRandom(3));
    const state = build(posts);
    const all = expected(posts, [['s:1']], undefined, 10_000);
    expect(state.matches([['s:1']], all.length)).toMatchObject({ total: all.length, capped: false });
    expect(state.matches([['s:1']], all.length).rows?.map((row) => row.postId)).toEqual(
      all.map((post) => post.postId),
    );
    expect(state.matches([['s:1']], all.length - 1)).toEqual({
      total: all.length - 1,
      capped: true,
      rows: null,
    });
  });

  it('hold a key given twice for one post once', () => {
    const builder = new FilterPostingsBuilder();
    builder.add('00000000-0000-4000-8000-000000000002', 10, ['c:red', 'c:red']);
    builder.add('00000000-0000-4000-8000-000000000001', 9, ['c:red']);
    const state = new FilterIndexState(builder.finish(), '0');
    expect(state.matches([['c:red']], 10)).toMatchObject({ total: 2, capped: false });
  });

  it('refuse posts out of the feed order', () => {
    const builder = new FilterPostingsBuilder();
    builder.add('00000000-0000-4000-8000-000000000002', 10, []);
    expect(() => builder.add('00000000-0000-4000-8000-000000000003', 10, [])).toThrow();
    expect(() => builder.add('00000000-0000-4000-8000-000000000001', 11, [])).toThrow();
  });
});

const look = (color: string, size = 'M') => ({
  caption: `A ${color} look`,
  items: [{ item_type: 'Jacket', brand: 'Zara', color, size }],
});

async function filtered(ctx: TestApp, query: string): Promise<CountedPostPage> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/posts/filtered?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CountedPostPage;
}
const ids = (page: CountedPostPage) => page.items.map((post) => post.id);

describe('the index of a server', () => {
  let ctx: TestApp;
  let dana: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
    dana = await createUser(ctx.app);
    await seedPost(ctx.app, dana, look('Teal'));
  });
  afterAll(() => ctx.close());

  it('shows every way of writing post_search in the next answer', async () => {
    const [first] = ids(await filtered(ctx, 'color=Teal'));
    expect(first).toBeDefined();
    // Written behind the services (as the command line or another server would): counted at once.
    const second = await seedPost(ctx.app, dana, look('Teal'));
    expect(ids(await filtered(ctx, 'color=Teal'))).toEqual([second, first]);
    // No longer public.
    await makePostPrivate(ctx.app, second);
    expect(ids(await filtered(ctx, 'color=Teal'))).toEqual([first]);
    // Its items edited through the API: found by its new keys, not by its old ones.
    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/posts/${first}`,
      headers: dana.headers,
      payload: {
        items: [
          {
            item_type: 'Jacket',
            brand: 'Zara',
            color: 'Olive',
            size: 'M',
            link: 'https://shop.example.com/o',
          },
        ],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await filtered(ctx, 'color=Teal')).toMatchObject({ items: [], total: 0 });
    expect(ids(await filtered(ctx, 'color=Olive&size=M'))).toEqual([first]);
    // Removed with its author's account (a cascade no service sees).
    await ctx.app.database.query('delete from profiles where id = $1', [dana.id]);
    expect(await filtered(ctx, 'color=Olive')).toMatchObject({ items: [], total: 0 });
  });
});

describe('two servers on one database', () => {
  let apps: TestApps;

  beforeAll(async () => {
    apps = await createTestApps(2, { authRateLimits: TEST_RATE_LIMITS });
  });
  afterAll(() => apps.close());

  it("each answers with the other's changes at once", async () => {
    const [one, two] = apps.apps as [FastifyInstance, FastifyInstance];
    const author = await createUser(one);
    const coral = async (app: FastifyInstance) => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/posts/filtered?color=Coral' });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as CountedPostPage;
    };
    expect((await coral(two)).total).toBe(0);
    const post = await publishPost(one, author, {
      caption: 'coral',
      items: [{ item_type: 'Dress', color: 'Coral', link: 'https://shop.example.com/c' }],
    });
    expect(ids(await coral(two))).toEqual([post.id]);
    const removed = await one.inject({
      method: 'DELETE',
      url: `/api/v1/posts/${post.id}`,
      headers: author.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await coral(two)).toMatchObject({ items: [], total: 0 });
  });
});

describe('the index over time', () => {
  let ctx: TestApp;
  let dana: TestUser;
  let clock = Date.now();
  let index: FilterIndex;
  const warnings: unknown[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, filterIndex: false });
    dana = await createUser(ctx.app);
    index = new FilterIndex({
      db: ctx.app.database.db,
      log: { warn: (...args: unknown[]) => warnings.push(args), info: () => {} },
      maxChanged: 2,
      readBatch: 2,
      now: () => clock,
    });
  });
  afterAll(async () => {
    await index.stop();
    await ctx.close();
  });

  const find = async (color: string) =>
    (await index.current())!.page([[`c:${color.toLowerCase()}`]], undefined, 50);

  it('is read in batches, and puts changed posts among the postings once they pile up', async () => {
    const posts = [];
    for (let i = 0; i < 5; i++)
      posts.push(await seedPost(ctx.app, dana, { ...look('Plum'), createdAt: new Date(clock - i * 1000) }));
    const first = await index.current();
    expect(first?.postings.size).toBe(5);
    expect((await find('Plum')).map((row) => row.postId)).toEqual(posts);
    for (let i = 0; i < 3; i++) posts.unshift(await seedPost(ctx.app, dana, look('Plum')));
    // Three changed posts are more than maxChanged: put among the postings before the next answer.
    expect((await find('Plum')).map((row) => row.postId)).toEqual(posts);
    const compacted = await index.current();
    expect(compacted).not.toBe(first);
    expect(compacted).toMatchObject({ changedCount: 0, postings: { size: 8 } });
    expect((await find('Plum')).map((row) => row.postId)).toEqual(posts);
    expect(warnings).toEqual([]);
  });

  it('reads everything again when it has not looked for longer than the changes are kept', async () => {
    const before = await index.current();
    const late = await seedPost(ctx.app, dana, look('Plum'));
    clock += CHANGES_KEPT_MS;
    // Never the old state (it may have missed changes): nothing (PostgreSQL answers) until read again.
    const meanwhile = await index.current();
    expect(meanwhile).not.toBe(before);
    await expect.poll(async () => (await index.current()) !== null).toBe(true);
    const after = await index.current();
    expect(after?.changedCount).toBe(0);
    expect((await find('Plum'))[0]?.postId).toBe(late);
  });

  it('removes old noted changes', async () => {
    await ctx.app.database.query(`update post_search_changes set changed_at = now() - interval '1 hour'`);
    // Past the pruning interval (a tenth of the kept time), not past the time that reads all again.
    clock += CHANGES_KEPT_MS / 5;
    expect(await index.current()).not.toBeNull();
    await expect
      .poll(
        async () =>
          (
            await ctx.app.database.query<{ n: number }>('select count(*)::int as n from post_search_changes')
          )[0]?.n,
      )
      .toBe(0);
  });

  it('answers nothing while its first read waits longer than a request may (PostgreSQL answers)', async () => {
    const slow = new FilterIndex({
      db: ctx.app.database.db,
      log: { warn: (...args: unknown[]) => warnings.push(args), info: () => {} },
      firstReadWaitMs: 50,
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A transaction that holds post_search keeps the first read waiting (on PGlite, the one connection).
    let locked = () => {};
    const holding = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const transaction = ctx.app.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table post_search in access exclusive mode`);
      locked();
      await released;
    });
    await holding;
    try {
      expect(await slow.current()).toBeNull();
    } finally {
      release();
      await transaction;
    }
    await expect.poll(async () => (await slow.current())?.postings.size).toBeGreaterThan(0);
    await slow.stop();
  });

  it('gives nothing once stopped (the service then asks PostgreSQL)', async () => {
    await index.stop();
    expect(await index.current()).toBeNull();
  });
});
