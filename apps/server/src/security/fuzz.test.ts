import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  asQueryValues,
  cursorArbitrary,
  type JsonSchema,
  type Known,
  nastyText,
  RAW_BODIES,
  RAW_PATH_SEGMENTS,
  RAW_QUERY_TAILS,
  valueFor,
} from '../test/fuzz-inputs.ts';
import { captureLogs } from '../test/logs.ts';
import { publishPost, uploadImage } from '../test/media.ts';
import {
  type AppRoute,
  changedTables,
  createTestAppWithRoutes,
  type InjectRequest,
  pathParams,
  type TestAppWithRoutes,
  tableFingerprints,
} from '../test/routes.ts';
import { createUser, makeAdmin, TEST_RATE_LIMITS, type TestUser } from '../test/users.ts';

/*
 * Property-based fuzzing of every operation of the API, driven by the OpenAPI document the app serves
 * (/api/docs/json) and, for the routes it leaves out (/auth/v1, /media), by the routes' own schemas.
 * From each operation's parameter and body schemas come requests that fit closely enough to reach the
 * code behind validation, with malformed values mixed in at any depth: NUL and other control
 * characters, unpaired surrogates, very long strings, wrong types, nulls, negative and huge numbers,
 * impossible dates, deep JSON, broken ids and cursors, malformed escapes, wrong content types. They are
 * sent as a visitor, a signed-in user, an administrator, with the service role key or a broken
 * credential. Whatever arrives, the server answers below 500, a refused request changes no table,
 * nothing is logged at error level, and the process keeps serving.
 *
 * FUZZ_RUNS=<n> runs n requests per operation (default 16, about 2,000 requests in all); FUZZ_SEED=<n>
 * explores other inputs (the default seed is fixed, so a failure repeats). FUZZ_DEBUG=1 prints each
 * operation's time and the answers' status classes.
 */

const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 16);
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_601);
const SERVICE_ROLE_KEY = 'f'.repeat(32);

/** Routes whose answer never ends by design (the live event stream): fuzzed with broken credentials only. */
const STREAMS = new Set(['GET /api/v1/events']);

interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: JsonSchema;
}

/** One method of one route, with what its requests carry. */
interface Operation {
  key: string;
  method: string;
  /** Fastify's form: `/api/v1/posts/:id`. */
  url: string;
  documented: boolean;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const HTTP_METHODS = new Set(['get', 'head', 'post', 'put', 'patch', 'delete', 'options']);

function fromOpenApi(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const url = path.replace(/\{([^}]+)\}/g, ':$1');
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method)) continue;
      const parameters = (operation.parameters ?? [])
        .filter((p) => p.in === 'query' || (p.in === 'path' && url.includes(`:${p.name}`)))
        .map((p) => ({ name: p.name, in: p.in as Parameter['in'], schema: p.schema ?? {} }));
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        key: `${method.toUpperCase()} ${url}`,
        method: method.toUpperCase(),
        url,
        documented: true,
        parameters,
        ...(body ? { body } : {}),
      });
    }
  }
  return operations;
}

/** A route's zod schema (or JSON Schema) as JSON Schema. */
function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema instanceof z.ZodType) {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  }
  return schema as JsonSchema;
}

/** An operation for a route the OpenAPI document leaves out, from the route's own schemas. */
function fromRoute(route: AppRoute): Operation {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const listed = (part: unknown, place: Parameter['in']): Parameter[] =>
    Object.entries(jsonSchemaOf(part)?.properties ?? {}).map(([name, s]) => ({ name, in: place, schema: s }));
  const pathNames = [...pathParams(route.url), ...(route.url.endsWith('*') ? ['*'] : [])];
  const fromSchema = listed(schema.params, 'path');
  const parameters: Parameter[] = [
    ...pathNames.map(
      (name) => fromSchema.find((p) => p.name === name) ?? { name, in: 'path' as const, schema: {} },
    ),
    ...listed(schema.querystring, 'query'),
  ];
  const body = jsonSchemaOf(schema.body);
  return {
    key: route.key,
    method: route.method,
    url: route.url,
    documented: false,
    parameters,
    ...(body ? { body } : {}),
  };
}

type Actor = 'visitor' | 'user' | 'admin' | 'service' | 'garbage';
const GARBAGE_CREDENTIALS = [
  { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' },
  { authorization: 'Basic Zm9vOmJhcg==' },
  { authorization: `Bearer ${'a'.repeat(8000)}` },
  { authorization: 'Bearer ' },
  { apikey: 'not-the-key' },
];

const logs = captureLogs();
let ctx: TestAppWithRoutes;
let operations: Operation[];
let user: TestUser;
let admin: TestUser;
const known: Known = { ids: [], usernames: [], emails: [], strings: [] };

async function signUpActors(): Promise<void> {
  user = await createUser(ctx.app);
  admin = await makeAdmin(ctx.app, await createUser(ctx.app), SERVICE_ROLE_KEY);
  known.ids.push(user.id, admin.id);
  known.emails.push(user.email, admin.email);
}

/**
 * The fuzz may sign its own users out (POST /logout) or change them; between operations, users whose
 * token no longer works are replaced by new ones.
 */
async function ensureActors(): Promise<void> {
  for (const actor of [user, admin]) {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/profiles/me', headers: actor.headers });
    if (res.statusCode !== 200) return signUpActors();
  }
}

beforeAll(async () => {
  ctx = await createTestAppWithRoutes(
    {
      authRateLimits: TEST_RATE_LIMITS,
      apiRateLimits: {
        messages: { limit: 100_000, windowSeconds: 60 },
        events: { limit: 100_000, windowSeconds: 60 },
      },
      serviceRoleKey: SERVICE_ROLE_KEY,
      ...logs.config,
      logLevel: 'error',
    },
    logs.options,
  );
  await signUpActors();
  // Content of another user for the actors to find, like, save, follow, report and message.
  const other = await createUser(ctx.app);
  const setUp = async (actor: TestUser, method: InjectRequest['method'], url: string, payload?: object) => {
    const res = await ctx.app.inject({
      method,
      url,
      headers: actor.headers,
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`fuzz set-up ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.body ? (res.json() as { id: string }) : { id: '' };
  };
  await setUp(other, 'PATCH', '/api/v1/profiles/me', { username: 'other' });
  await setUp(user, 'PATCH', '/api/v1/profiles/me', { username: 'fuzzer' });
  const post = await publishPost(ctx.app, other, { caption: 'Linen summer #fuzz', styles: ['Casual'] });
  const album = await setUp(other, 'POST', '/api/v1/albums', { name: 'Summer' });
  await setUp(other, 'PUT', `/api/v1/albums/${album.id}/posts/${post.id}`);
  const comment = await setUp(user, 'POST', `/api/v1/posts/${post.id}/comments`, { body: 'Nice' });
  await setUp(user, 'PUT', `/api/v1/follows/${other.id}`);
  const conversation = await setUp(user, 'POST', '/api/v1/conversations', { profile_id: other.id });
  await setUp(user, 'POST', `/api/v1/conversations/${conversation.id}/messages`, { body: 'Hello' });
  const report = await setUp(user, 'POST', '/api/v1/reports', {
    target_type: 'post',
    target_id: post.id,
    reason: 'spam',
  });
  // Uploads of the signed-in user that a generated post may use.
  const uploads = await Promise.all([uploadImage(ctx.app, user), uploadImage(ctx.app, user)]);
  known.ids.push(
    other.id,
    post.id,
    album.id,
    comment.id,
    conversation.id,
    report.id,
    ...post.items.map((item) => item.id),
  );
  known.usernames.push('fuzzer', 'other', 'nobody');
  known.emails.push(other.email, 'new-user@example.com');
  known.strings.push(
    ...uploads.map((upload) => upload.public_url),
    post.media[0]!.media_url,
    'Zara',
    'Dress',
    'Casual',
    'post-media',
    'avatars',
    // Words the auth service reads from loosely typed fields: grant and link types, factors, scopes.
    'totp',
    'password',
    'refresh_token',
    'pkce',
    'signup',
    'magiclink',
    'recovery',
    'invite',
    'email_change',
    'email',
    's256',
    'global',
    'others',
  );

  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const documented = fromOpenApi(doc);
  const keys = new Set(documented.map((op) => op.key));
  operations = [
    ...documented,
    ...ctx.routes.filter((route) => !keys.has(route.key) && route.method !== 'OPTIONS').map(fromRoute),
  ];
}, 300_000);
afterAll(() => ctx?.close());

/** A path parameter's value, and whether it goes into the URL as it is (a raw escape) or encoded. */
function pathValue(parameter: Parameter, ids: string[]): fc.Arbitrary<{ text: string; raw: boolean }> {
  const fitting = (() => {
    if (parameter.name === 'username') return fc.constantFrom(...known.usernames);
    if (parameter.name === '*')
      return fc.constantFrom(
        ...known.strings.filter((s) => s.startsWith('/media/')).map((s) => s.slice(7)),
        'x.jpg',
      );
    const values = valueFor(parameter.schema, { ...known, ids }, Number.POSITIVE_INFINITY);
    return /id$/i.test(parameter.name)
      ? fc.oneof(
          fc.constantFrom(...ids),
          values.map((v) => asQueryValues(v)[0] ?? ''),
        )
      : values.map((v) => asQueryValues(v)[0] ?? '');
  })();
  return fc.oneof(
    { arbitrary: fitting.map((text) => ({ text, raw: false })), weight: 6 },
    { arbitrary: nastyText(known).map((text) => ({ text, raw: false })), weight: 3 },
    { arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS).map((text) => ({ text, raw: true })), weight: 1 },
  );
}

function queryValue(parameter: Parameter): fc.Arbitrary<string[]> {
  if (parameter.name === 'cursor') {
    return fc.oneof(
      cursorArbitrary(known).map((c) => [c]),
      nastyText(known).map((t) => [t]),
    );
  }
  return fc.oneof(
    { arbitrary: valueFor(parameter.schema, known, Number.POSITIVE_INFINITY).map(asQueryValues), weight: 4 },
    { arbitrary: nastyText(known).map((text) => [text]), weight: 2 },
    { arbitrary: fc.array(nastyText(known), { maxLength: 3 }), weight: 1 },
  );
}

interface Body {
  payload: string;
  type?: string;
}

function bodyArbitrary(operation: Operation): fc.Arbitrary<Body | undefined> {
  if (operation.method === 'GET' || operation.method === 'HEAD') return fc.constant(undefined);
  const raw = fc.constantFrom(...RAW_BODIES);
  if (!operation.body) {
    return fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 3 },
      { arbitrary: raw, weight: 2 },
      {
        arbitrary: fc
          .jsonValue({ maxDepth: 2 })
          .map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
        weight: 1,
      },
    );
  }
  const json = (fitWeight: number) =>
    valueFor(operation.body!, known, fitWeight).map((value) => ({
      payload: JSON.stringify(value) ?? 'null',
      type: 'application/json',
    }));
  return fc.oneof(
    { arbitrary: json(4), weight: 8 },
    { arbitrary: json(Number.POSITIVE_INFINITY), weight: 2 },
    { arbitrary: raw, weight: 2 },
    {
      arbitrary: fc
        .tuple(
          json(Number.POSITIVE_INFINITY),
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream'),
        )
        .map(([body, type]) => ({ payload: body.payload, type })),
      weight: 1,
    },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

function requestArbitrary(operation: Operation) {
  const path = operation.parameters.filter((p) => p.in === 'path');
  const query = operation.parameters.filter((p) => p.in === 'query');
  // An administrator must not delete, ban or demote the fuzz's own users mid-run.
  const actingIds = operation.url.startsWith('/auth/v1/admin/users/:userId') ? [user.id, admin.id] : [];
  const ids = known.ids.filter((id) => !actingIds.includes(id));
  const actor: fc.Arbitrary<Actor> = STREAMS.has(operation.key)
    ? fc.constant('garbage')
    : fc.constantFrom<Actor>('visitor', 'user', 'user', 'admin', 'service', 'garbage');
  return fc.record({
    actor,
    // A stream opened for a visitor would never answer: its broken credentials are always a header.
    garbage: fc.constantFrom(
      ...GARBAGE_CREDENTIALS.filter((headers) => !STREAMS.has(operation.key) || 'authorization' in headers),
    ),
    path: fc.tuple(...path.map((p) => pathValue(p, ids))),
    query: fc.tuple(...query.map((p) => fc.option(queryValue(p), { nil: undefined, freq: 2 }))),
    unknownQuery: fc.option(fc.tuple(nastyText(known), nastyText(known)), { nil: undefined, freq: 8 }),
    rawQuery: fc.option(fc.constantFrom(...RAW_QUERY_TAILS), { nil: undefined, freq: 8 }),
    body: bodyArbitrary(operation),
  });
}

type RequestInput = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

/**
 * encodeURIComponent for any string: an unpaired surrogate has no UTF-8 form, so it travels as U+FFFD
 * (its raw encoding, %ED%A0%80, is among the raw segments and tails).
 */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

function toRequest(operation: Operation, input: RequestInput): InjectRequest {
  const path = operation.parameters.filter((p) => p.in === 'path');
  const query = operation.parameters.filter((p) => p.in === 'query');
  let url = operation.url;
  path.forEach((parameter, index) => {
    const value = input.path[index]!;
    const text = value.raw ? value.text : encode(value.text);
    url = parameter.name === '*' ? url.replace(/\*$/, text) : url.replace(`:${parameter.name}`, text);
  });
  const pairs: string[] = [];
  query.forEach((parameter, index) => {
    for (const value of input.query[index] ?? []) {
      pairs.push(`${encode(parameter.name)}=${encode(value)}`);
    }
  });
  if (input.unknownQuery) pairs.push(input.unknownQuery.map(encode).join('='));
  const search = pairs.join('&') + (input.rawQuery ?? '');
  const headers: Record<string, string> = { 'x-supabase-api-version': '2024-01-01' };
  if (input.actor === 'user') Object.assign(headers, user.headers);
  if (input.actor === 'admin') Object.assign(headers, admin.headers);
  if (input.actor === 'service') Object.assign(headers, { authorization: `Bearer ${SERVICE_ROLE_KEY}` });
  if (input.actor === 'garbage') Object.assign(headers, input.garbage);
  const request: InjectRequest = {
    method: operation.method as InjectRequest['method'],
    url: search ? `${url}?${search.replace(/^&/, '')}` : url,
    headers,
  };
  if (input.body) {
    request.payload = input.body.payload;
    if (input.body.type !== undefined) headers['content-type'] = input.body.type;
  }
  return request;
}

function describeRequest(request: InjectRequest, actor: Actor): string {
  const body = typeof request.payload === 'string' ? ` ${JSON.stringify(request.payload.slice(0, 300))}` : '';
  const type = (request.headers as Record<string, string>)['content-type'];
  return `${request.method} ${request.url.slice(0, 300)} as ${actor}${type !== undefined ? ` (${type})` : ''}${body}`;
}

/** A seed per operation, so that operations do not all draw the same sequence. */
function seedFor(key: string): number {
  let hash = SEED;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

describe('fuzzing every API operation', () => {
  it('never answers 5xx, and refused requests change nothing', {
    timeout: 120_000 + RUNS_PER_OPERATION * 60_000,
  }, async () => {
    // Every route is fuzzed: documented ones from the OpenAPI document, the others from their schemas.
    const covered = new Set(operations.map((op) => op.key));
    expect(ctx.routes.filter((route) => route.method !== 'OPTIONS' && !covered.has(route.key))).toEqual([]);
    expect(operations.filter((op) => op.documented).length).toBeGreaterThan(80);
    expect(operations.some((op) => op.key === 'POST /auth/v1/signup' && op.body?.properties?.email)).toBe(
      true,
    );

    const failures: string[] = [];
    const succeeded = new Set<string>();
    let sent = 0;
    const classes: Record<string, number> = {};
    for (const operation of operations) {
      const started = Date.now();
      await ensureActors();
      let state = await tableFingerprints(ctx.app);
      const details = await fc.check(
        fc.asyncProperty(requestArbitrary(operation), async (input) => {
          const request = toRequest(operation, input);
          const before = state;
          const res = await ctx.app.inject(request);
          state = await tableFingerprints(ctx.app);
          sent++;
          const statusClass = `${Math.floor(res.statusCode / 100)}xx`;
          classes[statusClass] = (classes[statusClass] ?? 0) + 1;
          const what = `${describeRequest(request, input.actor)} -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (res.statusCode >= 500) throw new Error(what);
          if (res.statusCode < 400) {
            succeeded.add(operation.key);
            return;
          }
          const changed = changedTables(before, state);
          if (changed.length > 0)
            throw new Error(`${what}: the refused request changed ${changed.join(', ')}`);
        }),
        { numRuns: RUNS_PER_OPERATION, seed: seedFor(operation.key), endOnFailure: true },
      );
      if (details.failed)
        failures.push(`${operation.key}: ${(details.errorInstance as Error | undefined)?.message}`);
      if (process.env.FUZZ_DEBUG) process.stderr.write(`${operation.key} ${Date.now() - started} ms\n`);
    }
    if (process.env.FUZZ_DEBUG || process.env.FUZZ_RUNS) {
      process.stderr.write(
        `fuzz: ${sent} requests to ${operations.length} operations, ${JSON.stringify(classes)}, ` +
          `${succeeded.size} operations answered 2xx/3xx at least once, ${failures.length} failures\n`,
      );
    }
    expect(failures).toEqual([]);
    // Nothing was logged as a server failure, and the process still serves.
    expect(logs.errors()).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // The generated requests reach the code behind validation: many operations succeeded at least once.
    expect(succeeded.size).toBeGreaterThan(40);
    // No request managed to add a property to every object.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
