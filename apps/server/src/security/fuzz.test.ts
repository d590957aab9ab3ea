import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPost } from '../test/discovery.ts';
import {
  type AppRoute,
  changedTables,
  createTestAppWithRoutes,
  type InjectRequest,
  pathParams,
  type TestAppWithRoutes,
  tableFingerprints,
} from '../test/routes.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../test/users.ts';

/*
 * Property-based fuzzing of every API route (the list comes from the app, so new routes are fuzzed
 * too): random and malformed bodies, query strings, path parameters and headers, sent as a visitor,
 * with a broken credential or as a signed-in user. Whatever arrives, the server answers with a client
 * error or a success, never a 5xx, and a refused request changes no table.
 */

/**
 * Requests per route (FUZZ_RUNS); about 120 routes, so a run stays within a minute on PGlite. The seed is fixed so a
 * failure repeats; FUZZ_SEED=<n> explores other inputs.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 20);

/** Routes whose answer never ends by design (the live event stream): fuzzed with broken credentials only. */
const STREAMS = new Set(['GET /api/v1/events']);

let ctx: TestAppWithRoutes;
let user: TestUser;
/** Real ids, so that some requests reach the code behind the existence checks. */
let known: string[];

beforeAll(async () => {
  ctx = await createTestAppWithRoutes({ authRateLimits: TEST_RATE_LIMITS, serviceRoleKey: 'f'.repeat(32) });
  user = await createUser(ctx.app);
  const other = await createUser(ctx.app);
  const postId = await seedPost(ctx.app, other, { caption: 'fuzz', items: [{ item_type: 'Dress' }] });
  known = [user.id, other.id, postId];
});
afterAll(() => ctx?.close());

const nasty = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '../../etc/passwd',
  '%00',
  '\u0000',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '😀'.repeat(50),
  'ש'.repeat(300),
  'x'.repeat(20_000),
  '\ud800',
);
const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ maxLength: 10 }), nasty);
const idLike = () => fc.oneof(text, fc.uuid(), fc.constantFrom(...known));

/** Any JSON value, with objects that carry prototype-pollution keys now and then. */
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'id')),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 6 },
  ),
  fc
    .record({ polluted: fc.constant(true) })
    .map((inner) =>
      JSON.parse(`{"__proto__": ${JSON.stringify(inner)}, "constructor": {"prototype": {"polluted": true}}}`),
    ),
);

const rawBody = fc.oneof(
  jsonBody.map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
  fc.constantFrom('{', '{"a":', '[1,2', 'null', '""', '\u0000', 'x'.repeat(5000)).map((payload) => ({
    payload,
    type: 'application/json',
  })),
  fc
    .tuple(
      text,
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/xml',
        '',
        'application/json; charset=utf-16',
        'image/png',
      ),
    )
    .map(([payload, type]) => ({ payload, type })),
);

const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'limit',
      'cursor',
      'q',
      'status',
      'postId',
      'type',
      'grant_type',
      'access_token',
      '__proto__',
      'redirect_to',
    ),
    fc.string({ maxLength: 8 }),
  ),
  fc.oneof(text, fc.array(text, { maxLength: 3 })),
  { maxKeys: 4 },
);

type Credential = 'none' | 'user' | 'garbage' | 'basic' | 'huge' | 'empty-bearer';
const credential = fc.constantFrom<Credential>(
  'none',
  'user',
  'user',
  'garbage',
  'basic',
  'huge',
  'empty-bearer',
);

function authorization(kind: Credential): Record<string, string> {
  switch (kind) {
    case 'none':
      return {};
    case 'user':
      return user.headers;
    case 'garbage':
      return { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' };
    case 'basic':
      return { authorization: 'Basic Zm9vOmJhcg==' };
    case 'huge':
      return { authorization: `Bearer ${'a'.repeat(8000)}` };
    case 'empty-bearer':
      return { authorization: 'Bearer ' };
  }
}

function requestArbitrary(route: AppRoute) {
  const names = pathParams(route.url);
  return fc.record({
    params: fc.tuple(...names.map(() => idLike())),
    query,
    body: fc.option(rawBody, { nil: undefined }),
    credential: STREAMS.has(route.key) ? fc.constantFrom<Credential>('garbage', 'basic', 'huge') : credential,
    extraHeaders: fc.dictionary(
      fc.constantFrom(
        'x-forwarded-for',
        'accept',
        'accept-language',
        'tus-resumable',
        'upload-length',
        'upload-offset',
        'range',
        'if-none-match',
        'origin',
        'x-supabase-api-version',
      ),
      text.map((value) => value.replace(/[^\x20-\x7e]/g, '?')),
      { maxKeys: 3 },
    ),
  });
}

type RequestInput = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

function toRequest(route: AppRoute, input: RequestInput): InjectRequest {
  const names = pathParams(route.url);
  let url = route.url;
  names.forEach((name, index) => {
    url = url.replace(`:${name}`, encodeURIComponent(String(input.params[index])));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query)) {
    for (const item of [value].flat()) search.append(key, String(item));
  }
  const headers: Record<string, string> = { ...input.extraHeaders, ...authorization(input.credential) };
  const request: InjectRequest = {
    method: route.method as InjectRequest['method'],
    url: search.size ? `${url}?${search}` : url,
    headers,
  };
  if (input.body && !['GET', 'HEAD'].includes(route.method)) {
    request.payload = input.body.payload;
    if (input.body.type) headers['content-type'] = input.body.type;
  }
  return request;
}

describe('fuzzing every API route', () => {
  it('never answers 5xx, and refused requests change nothing', { timeout: 300_000 }, async () => {
    const routes = ctx.routes.filter((route) => route.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(90);
    const failures: string[] = [];
    // The state after the previous request: a refused request must leave it as it was.
    let state = await tableFingerprints(ctx.app);
    for (const route of routes) {
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route), async (input) => {
          const request = toRequest(route, input);
          const before = state;
          const res = await ctx.app.inject(request);
          state = await tableFingerprints(ctx.app);
          const what = `${request.method} ${request.url.slice(0, 300)} (${input.credential}) -> ${res.statusCode} ${res.body.slice(0, 300)}`;
          if (res.statusCode >= 500) failures.push(what);
          expect(res.statusCode, what).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(changedTables(before, state), `${what}: a refused request changed tables`).toEqual([]);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? 20_240_601), endOnFailure: true },
      );
      if (process.env.FUZZ_DEBUG) process.stderr.write(`${route.key} ${Date.now() - started} ms\n`);
    }
    expect(failures).toEqual([]);
    // No request managed to add a property to every object.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
