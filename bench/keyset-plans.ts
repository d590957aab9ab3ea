/**
 * The keyset lists' plans, before and after spelling their ORDER BY as the indexes are built (issue 4,
 * "Performance"): drizzle-kit writes `.desc()` index columns as `DESC NULLS LAST`, and PostgreSQL walks
 * such an index for `ORDER BY x DESC` (= NULLS FIRST) only when the NULLS placement matches. For each list
 * (the same SQL shape as its repository: filter, keyset condition, order, limit) this runs EXPLAIN ANALYZE
 * with plain `desc` and with `desc nulls last`, best of 3, and prints a Markdown table.
 *
 * `DATABASE_URL=postgresql://sys:sys@127.0.0.1:5432/sys_bench npx tsx bench/keyset-plans.ts` on a database
 * filled by the feed benchmark (bench/lib/generate.ts). It first adds big lists for one creator
 * (creator_1): 40,000 albums (20,000 saved), a 50,000-message conversation, 20,000 saved products and
 * saved posts, 20,000 swipes and 2,000 followers, so that sorting a whole list would show.
 */
import pg from 'pg';

const DATA = `
drop table if exists pg_temp.me; drop table if exists pg_temp.other;
create temp table me as select id from profiles where username = 'creator_1';
create temp table other as select id from profiles where username = 'creator_2';
delete from albums where name like 'bench album %';
insert into albums (profile_id, name, is_public, created_at)
  select (select id from profiles where username = 'creator_' || (1 + g % 2000)), 'bench album ' || g, g % 5 <> 0, now() - make_interval(secs => g * 60)
  from generate_series(1, 40000) g;
insert into album_posts (album_id, post_id, position)
  select a.id, (select id from posts where visibility = 'public' order by created_at desc limit 1), 0 from albums a where a.name like 'bench album %';
insert into saved_albums (profile_id, album_id, created_at)
  select (select id from me), a.id, a.created_at from albums a where a.name like 'bench album %' and a.is_public limit 20000 on conflict do nothing;
delete from swipe_events where profile_id = (select id from me);
delete from saved_items where profile_id = (select id from me);
delete from conversations where direct_key = 'bench';
insert into conversations (direct_key, last_message_at) values ('bench', now());
insert into conversation_participants (conversation_id, profile_id) select c.id, p.id from conversations c, (select id from me union all select id from other) p where c.direct_key = 'bench';
insert into messages (conversation_id, sender_id, body, created_at)
  select c.id, case when g % 2 = 0 then (select id from me) else (select id from other) end, 'hello ' || g, now() - make_interval(secs => g)
  from conversations c, generate_series(1, 50000) g where c.direct_key = 'bench';
insert into saved_items (profile_id, item_id, created_at)
  select (select id from me), i.id, now() - make_interval(secs => row_number() over ()) from (select id from post_items limit 20000) i on conflict do nothing;
insert into saved_posts (post_id, profile_id, created_at)
  select p.id, (select id from me), now() - make_interval(secs => row_number() over ()) from (select id from posts where visibility='public' offset 100 limit 20000) p on conflict do nothing;
insert into swipe_events (profile_id, outfit_id, action, created_at)
  select (select id from me), gen_random_uuid(), 'like', now() - make_interval(secs => g) from generate_series(1, 20000) g;
insert into follows (follower_id, following_id, created_at)
  select p.id, (select id from me), now() - make_interval(secs => row_number() over ()) from profiles p where p.id <> (select id from me) on conflict do nothing;
`;

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write('set DATABASE_URL to a benchmark database (see bench/feed.ts)\n');
  process.exit(1);
}
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
await client.query('begin');
await client.query(DATA);
await client.query('commit');
await client.query('analyze');
const me = (await client.query(`select id from profiles where username = 'creator_1'`)).rows[0].id;
const conv = (await client.query(`select id from conversations where direct_key = 'bench'`)).rows[0].id;
const Q: [string, string, string, unknown[]][] = [
  [
    'feed (posts_public_feed_idx)',
    `select p.id from posts p join profiles pr on pr.id = p.profile_id where p.visibility = 'public' %C order by p.created_at %D, p.id %D limit 21`,
    `and (p.created_at, p.id) < (now() - interval '30 days', 'ffffffff-ffff-4fff-8fff-ffffffffffff'::uuid)`,
    [],
  ],
  [
    'profile posts (posts_profile_id_created_at_idx)',
    `select p.id from posts p join profiles pr on pr.id = p.profile_id where p.profile_id = $1 and p.visibility = 'public' %C order by p.created_at %D, p.id %D limit 21`,
    `and (p.created_at, p.id) < (now() - interval '30 days', 'ffffffff-ffff-4fff-8fff-ffffffffffff'::uuid)`,
    [me],
  ],
  [
    'saved posts (saved_posts_profile_id_created_at_idx)',
    `select s.post_id, s.created_at from saved_posts s join posts p on p.id = s.post_id where s.profile_id = $1 and (p.visibility = 'public' or p.profile_id = $1) %C order by s.created_at %D, s.post_id %D limit 21`,
    `and (s.created_at, s.post_id) < (now() - interval '1 hour', 'ffffffff-ffff-4fff-8fff-ffffffffffff'::uuid)`,
    [me],
  ],
  [
    "a profile's albums (albums_profile_id_created_at_idx)",
    `select a.id from albums a join profiles pr on pr.id = a.profile_id where a.profile_id = $1 %C order by a.created_at %D, a.id %D limit 21`,
    `and (a.created_at, a.id) < (now() - interval '1 day', 'ffffffff-ffff-4fff-8fff-ffffffffffff'::uuid)`,
    [me],
  ],
  [
    'public albums (albums_public_created_at_idx)',
    `select a.id from albums a join profiles pr on pr.id = a.profile_id where a.is_public = true and exists (select 1 from album_posts ap join posts p on p.id = ap.post_id where ap.album_id = a.id and p.visibility = 'public') %C order by a.created_at %D, a.id %D limit 21`,
    `and (a.created_at, a.id) < (now() - interval '1 day', 'ffffffff-ffff-4fff-8fff-ffffffffffff'::uuid)`,
    [],
  ],
  [
    'saved albums (saved_albums_profile_id_created_at_idx)',
    `select a.id from saved_albums s join albums a on a.id = s.album_id join profiles pr on pr.id = a.profile_id where s.profile_id = $1 and (a.is_public = true or a.profile_id = $1) %C order by s.created_at %D, s.album_id %D limit 21`,
    `and (s.created_at, s.album_id) < (now() - interval '1 day', 'ffffffff-ffff-4fff-8fff-ffffffffffff'::uuid)`,
    [me],
  ],
  [
    'followers (follows_following_id_created_at_idx)',
    `select f.id from follows f join profiles pr on pr.id = f.follower_id where f.following_id = $1 %C order by f.created_at %D, f.id %D limit 21`,
    `and (f.created_at, f.id) < (now() - interval '10 minutes', 'ffffffff-ffff-4fff-8fff-ffffffffffff'::uuid)`,
    [me],
  ],
  [
    'messages (messages_conversation_id_created_at_idx)',
    `select m.id from messages m where m.conversation_id = $1 %C order by m.created_at %D, m.id %D limit 51`,
    `and (m.created_at, m.id) < (now() - interval '3 hours', 'ffffffff-ffff-4fff-8fff-ffffffffffff'::uuid)`,
    [conv],
  ],
  [
    'saved products (saved_items_profile_id_created_at_idx)',
    `select s.item_id from saved_items s join post_items i on i.id = s.item_id join posts p on p.id = i.post_id join profiles pr on pr.id = p.profile_id where s.profile_id = $1 and (p.visibility = 'public' or p.profile_id = $1) %C order by s.created_at %D, s.item_id %D limit 21`,
    `and (s.created_at, s.item_id) < (now() - interval '1 hour', 'ffffffff-ffff-4fff-8fff-ffffffffffff'::uuid)`,
    [me],
  ],
  [
    'swipe history, newest 500 (swipe_events_profile_id_created_at_idx)',
    `select id from swipe_events where profile_id = $1 %C order by created_at %D, id %D limit 500`,
    ``,
    [me],
  ],
];
const rows: string[] = [];
for (const [label, text, cursor, params] of Q) {
  for (const page of ['first', 'cursor'] as const) {
    if (page === 'cursor' && !cursor) continue;
    const out: string[] = [];
    for (const dir of ['desc', 'desc nulls last']) {
      const sql = text.replaceAll('%D', dir).replace('%C', page === 'cursor' ? cursor : '');
      await client.query(sql, params);
      let best = Infinity;
      let plan = '';
      for (let i = 0; i < 3; i++) {
        const r = await client.query(`explain (analyze, buffers) ${sql}`, params);
        const lines = r.rows.map((x) => x['QUERY PLAN'] as string);
        const ms = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))![1]);
        if (ms < best) {
          best = ms;
          plan = lines.join('\n');
        }
      }
      const idx = [
        ...plan.matchAll(
          /(Index Scan(?: Backward)?|Index Only Scan|Bitmap Index Scan|Seq Scan) (?:using (\w+) )?on (\w+)/g,
        ),
      ].map((m) => `${m[1]}${m[2] ? ` ${m[2]}` : ''} on ${m[3]}`);
      const sort = /Sort Key|Incremental Sort|top-N/.test(plan)
        ? plan.includes('Incremental Sort')
          ? 'incremental sort'
          : 'sort'
        : 'no sort';
      out.push(`${best.toFixed(2)} ms (${sort}; ${idx[0] ?? '?'})`);
      if (process.env.SHOW === label) process.stderr.write(`${sql}\n${plan}\n`);
    }
    rows.push(`| ${label}, ${page} page | ${out[0]} | ${out[1]} |`);
  }
}
await client.end();
process.stdout.write(
  `| query | ORDER BY … DESC (before) | ORDER BY … DESC NULLS LAST (after) |\n|---|---|---|\n${rows.join('\n')}\n`,
);
