// The "limit" of a route's query (bench/scale.ts, issue 20): a bare node:http server that runs, for each
// route, the statements the real server ran for one request of it (taken off the wire by
// bench/lib/statement-capture.ts: the same text, the same parameters, prepared under the same name or not,
// one after the other or together as the server sent them) through `pg` alone, with a pool as large as
// the server's, and answers with their rows as JSON. No framework, no validation, no authentication: what
// is left is the database's work and the driver's. Plain JavaScript, so that it starts without a
// TypeScript loader and can be pinned with taskset like the server.
//
// Reads one JSON object on stdin:
//   { databaseUrl, poolSize, routes: [{ statements, batches, viewer }], viewers: { [authorization]: [id, session] } }
// Route i answers at /r/i. A route of requests that differ each time (bench/scale.ts, "in turn") is
// { variants: [route, ...] }, one captured request each: /r/i?v=j runs variant j, so the load generator
// rotates through them as it rotated through the server's paths. `viewer` is [id, session] of the viewer the statements were taken for (or null);
// a request with another viewer's Authorization header runs them with that viewer's id and session in
// their place, so that the bare route reads the same rows for the same viewers in turn as the server.
// Prints "listening <port>" when ready.
import { createServer } from 'node:http';
import pg from 'pg';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const config = JSON.parse(input);

const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolSize });
pool.on('error', () => {});
const viewers = new Map(Object.entries(config.viewers ?? {}));

function valuesFor(statement, from, to) {
  if (!from || !to) return statement.values;
  return statement.values.map((value) => {
    if (value === null) return value;
    let out = value;
    for (let i = 0; i < from.length; i++) if (from[i] && to[i]) out = out.replaceAll(from[i], to[i]);
    return out;
  });
}

function run(client, statement, from, to) {
  if (statement.simple) return client.query(statement.text);
  const query = { text: statement.text, values: valuesFor(statement, from, to) };
  if (statement.name) query.name = statement.name;
  return client.query(query);
}

async function answer(route, authorization) {
  const to = authorization ? viewers.get(authorization) : undefined;
  const from = route.viewer;
  const rows = [];
  if (route.transaction) {
    // A transaction is one session's: the whole request on one connection, in order.
    const client = await pool.connect();
    try {
      for (const statement of route.statements) rows.push((await run(client, statement, from, to)).rows);
    } finally {
      client.release();
    }
    return rows;
  }
  for (const batch of route.batches) {
    const results = await Promise.all(batch.map((i) => run(pool, route.statements[i], from, to)));
    for (const result of results) rows.push(result.rows);
  }
  return rows;
}

const server = createServer((req, res) => {
  const match = /^\/r\/(\d+)(?:\?v=(\d+))?/.exec(req.url ?? '');
  const entry = match ? config.routes[Number(match[1])] : undefined;
  const route = entry?.variants ? entry.variants[Number(match[2] ?? 0) % entry.variants.length] : entry;
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  answer(route, req.headers.authorization).then(
    (rows) => {
      const body = JSON.stringify(rows);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    },
    (error) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error?.message ?? error));
    },
  );
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});
process.on('SIGTERM', () => {
  server.close();
  pool.end().finally(() => process.exit(0));
});
