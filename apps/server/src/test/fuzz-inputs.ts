import fc from 'fast-check';

/*
 * Inputs for the API fuzz test (security/fuzz.test.ts), generated from the JSON Schemas of the OpenAPI
 * document: values that fit a schema closely enough to pass validation and reach the code behind it,
 * mixed with malformed ones at any depth (control characters, unpaired surrogates, long strings,
 * wrong types, extreme numbers, dates PostgreSQL cannot store, deep JSON, broken ids and cursors).
 */

/** The subset of JSON Schema (OpenAPI 3.0 and draft 2020-12, as zod writes them) that is read here. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}

/** Real values of the test database, so that generated requests get past the existence checks. */
export interface Known {
  ids: string[];
  usernames: string[];
  emails: string[];
  /** Other strings the API reads: media URLs, brand names, enum-like words. */
  strings: string[];
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** Nested arrays `depth` deep around `inner`. */
export function deepArray(depth: number, inner: unknown = 0): unknown {
  let value: unknown = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Nested objects `depth` deep. */
export function deepObject(depth: number): unknown {
  let value: unknown = 'end';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

export const CONTROL_TEXTS = [
  '\u0000',
  'a\u0000b',
  `${'x'.repeat(20)}\u0000`,
  '\u0001\u0002\u001f',
  '\u007f\u0085',
  '\u2028\u2029',
  '\r\n\t',
  '\ufeff',
  '\ufffe\uffff',
];
export const SURROGATE_TEXTS = ['\ud800', 'a\udfff', '\udc00\ud800', '😀'.slice(0, 1)];
/** Text that does not compress (a long repeated letter does, and then fits any index). */
function incompressible(length: number): string {
  let state = 12_345;
  let text = '';
  while (text.length < length) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    text += state.toString(36);
  }
  return text.slice(0, length);
}

export const LONG_TEXTS = [
  'x'.repeat(10_001),
  incompressible(3_000),
  incompressible(12_000),
  'ש'.repeat(5_000),
  '😀'.repeat(3_000),
  ' '.repeat(2_000),
];
export const TRICKY_TEXTS = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  '../../etc/passwd',
  '%00',
  '%',
  '_',
  '*',
  '\\',
  '"',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  'null',
  'undefined',
  'NaN',
  'true',
  '[]',
  '{}',
  '\u202e',
  'İ',
  'ß',
];
export const BAD_UUIDS = [
  '00000000-0000-0000-0000-00000000000g',
  '0',
  'not-a-uuid',
  '{00000000-0000-0000-0000-000000000000}',
  ' 00000000-0000-0000-0000-000000000000',
  '00000000000000000000000000000000',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];
export const NUMBER_TEXTS = [
  '-1',
  '0',
  '-0',
  '1.5',
  '1e309',
  '-1e309',
  '99999999999999999999',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  'NaN',
  'Infinity',
  '0x10',
  ' 5',
  '1e3',
  '+1',
];
export const NUMBERS = [
  -1,
  0,
  -0,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
  5e-324,
];
/** Timestamps at and past the ends of JavaScript's and PostgreSQL's ranges, and invalid ones. */
export const DATE_TEXTS = [
  '0000-01-01T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '-004713-01-01T00:00:00.000Z',
  '1969-12-31T23:59:59.999Z',
  '2024-02-30T00:00:00Z',
  '2024-01-01',
  'yesterday',
];

/** A list cursor: well-formed ones around real and impossible positions, and garbage. */
export function cursorArbitrary(known: Known): fc.Arbitrary<string> {
  const id = fc.oneof(fc.constantFrom(...known.ids), fc.uuid(), fc.constantFrom(...BAD_UUIDS));
  const iso = fc.oneof(
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    fc.constantFrom(...DATE_TEXTS),
  );
  const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(...NUMBERS), fc.constant('1'));
  return fc.oneof(
    fc.tuple(iso, id).map(([time, value]) => base64url(`${time}|${value}`)),
    fc.tuple(number, iso, id).map((values) => base64url(JSON.stringify(values))),
    fc.tuple(number, id).map((values) => base64url(JSON.stringify(values))),
    fc.jsonValue({ maxDepth: 2 }).map((value) => base64url(JSON.stringify(value) ?? '')),
    fc.string({ maxLength: 60 }).map(base64url),
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      '',
      '=',
      base64url('\u0000|\u0000'),
      base64url('[1e999,"2024-01-01T00:00:00.000Z","00000000-0000-0000-0000-000000000000"]'),
      base64url(`[${'['.repeat(5000)}${']'.repeat(5000)}]`),
      'x'.repeat(5000),
    ),
  );
}

/**
 * A malformed text: text PostgreSQL cannot store most often (it was the commonest 500), then long and
 * tricky texts, broken ids, numbers and dates, cursors, random code units, and real values spoiled.
 */
export function nastyText(known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...CONTROL_TEXTS, ...SURROGATE_TEXTS), weight: 3 },
    { arbitrary: fc.constantFrom(...LONG_TEXTS, ...TRICKY_TEXTS), weight: 2 },
    { arbitrary: fc.constantFrom(...BAD_UUIDS, ...NUMBER_TEXTS, ...DATE_TEXTS), weight: 2 },
    { arbitrary: cursorArbitrary(known), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...known.strings, ...known.ids, ...known.emails, ...known.usernames),
          fc.constantFrom('\u0000', '\ud800', '\u0001', ' '),
        )
        .map(([text, bad]) => `${text}${bad}`),
      weight: 2,
    },
  );
}

/** A malformed value of any JSON type. */
export function nastyValue(known: Known): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: nastyText(known), weight: 5 },
    { arbitrary: fc.constantFrom(...NUMBERS), weight: 2 },
    {
      arbitrary: fc.constantFrom<unknown>(
        null,
        true,
        false,
        [],
        {},
        [null],
        [[]],
        { '': '' },
        { length: 1e9 },
      ),
      weight: 2,
    },
    { arbitrary: fc.constantFrom(deepArray(2_000), deepObject(1_000), deepArray(64, 'x\u0000')), weight: 1 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  );
}

function isUuidSchema(schema: JsonSchema): boolean {
  return schema.format === 'uuid' || /\[0-9a-fA-F\]\{8\}-/.test(schema.pattern ?? '');
}

function textFitting(schema: JsonSchema, known: Known): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 30, 30));
  const free = fc.string({ minLength: min, maxLength: max });
  const knownText = fc.constantFrom(...known.strings, ...known.usernames);
  if (schema.pattern) {
    try {
      const matching = fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' });
      return fc.oneof(matching, free, knownText);
    } catch {
      // a pattern fast-check cannot generate from: plain strings will do
    }
  }
  return fc.oneof({ arbitrary: free, weight: 2 }, { arbitrary: knownText, weight: 1 });
}

function numberFitting(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lower =
    typeof schema.exclusiveMinimum === 'number'
      ? schema.exclusiveMinimum + (integer ? 1 : 1e-9)
      : (schema.minimum ?? -1000);
  const upper =
    typeof schema.exclusiveMaximum === 'number'
      ? schema.exclusiveMaximum - (integer ? 1 : 1e-9)
      : (schema.maximum ?? 1000);
  if (integer)
    return fc.integer({ min: Math.ceil(lower), max: Math.max(Math.ceil(lower), Math.floor(upper)) });
  return fc.double({ min: lower, max: Math.max(lower, upper), noNaN: true, noDefaultInfinity: true });
}

/**
 * A value for `schema`: one that fits it, or, with probability about `1 / (1 + fitWeight)` at each node,
 * a malformed one. `fitWeight: Infinity` gives values that fit throughout.
 */
export function valueFor(schema: JsonSchema, known: Known, fitWeight = 5, depth = 0): fc.Arbitrary<unknown> {
  const fitting = fittingValue(schema, known, fitWeight, depth);
  if (!Number.isFinite(fitWeight)) return fitting;
  return fc.oneof({ arbitrary: fitting, weight: fitWeight }, { arbitrary: nastyValue(known), weight: 1 });
}

function fittingValue(
  schema: JsonSchema,
  known: Known,
  fitWeight: number,
  depth: number,
): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  const next = (inner: JsonSchema) => valueFor(inner, known, fitWeight, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length)
    return fc.oneof(...options.map((option) => fittingValue(option, known, fitWeight, depth)));
  if (schema.allOf?.length) return fittingValue(schema.allOf[0]!, known, fitWeight, depth);
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => fittingValue({ ...schema, type }, known, fitWeight, depth)));
  }
  const inner = ((): fc.Arbitrary<unknown> => {
    switch (schema.type) {
      case 'string':
        if (isUuidSchema(schema)) return fc.oneof(fc.constantFrom(...known.ids), fc.uuid());
        if (schema.format === 'date-time') {
          return fc
            .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
            .map((date) => date.toISOString());
        }
        if (schema.format === 'email') return fc.oneof(fc.constantFrom(...known.emails), fc.emailAddress());
        return textFitting(schema, known);
      case 'integer':
        return numberFitting(schema, true);
      case 'number':
        return numberFitting(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const minLength = schema.minItems ?? 0;
        return fc.array(next(schema.items ?? {}), {
          minLength,
          maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)),
        });
      }
      case 'object': {
        const properties = schema.properties ?? {};
        const names = Object.keys(properties);
        if (names.length === 0) {
          return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 });
        }
        const model = Object.fromEntries(names.map((name) => [name, next(properties[name]!)]));
        return fc.oneof(
          { arbitrary: fc.record(model, { requiredKeys: schema.required ?? [] }), weight: 4 },
          // Required fields missing, or a field the schema does not know.
          { arbitrary: fc.record(model, { requiredKeys: [] }), weight: 1 },
          {
            arbitrary: fc
              .tuple(fc.record(model, { requiredKeys: schema.required ?? [] }), nastyValue(known))
              .map(([record, extra]) => ({ ...record, unexpected_field: extra })),
            weight: 1,
          },
        );
      }
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  })();
  return schema.nullable ? fc.option(inner, { nil: null, freq: 6 }) : inner;
}

/** A value as it travels in a query string or path: text, one item per repetition of the name. */
export function asQueryValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => asQueryValues(item)).slice(0, 50);
  if (typeof value === 'string') return [value];
  if (value === undefined) return [];
  return [typeof value === 'object' ? JSON.stringify(value) : String(value)];
}

/** Raw (not re-encoded) tails of a query string: malformed escapes, empty pairs, encoded names. */
export const RAW_QUERY_TAILS = [
  '&%',
  '&q=%',
  '&q=%E0%A4%A',
  '&q=%ED%A0%80',
  '&cursor=%C0%80',
  '&limit=%00',
  '&&&',
  '&=',
  '&q=%2500',
  '&access%5Ftoken=x',
  '&limit=1&limit=2',
  '&q[]=a&q[a]=b',
];

/** Raw (not re-encoded) path segments: malformed and encoded escapes. */
export const RAW_PATH_SEGMENTS = [
  '%ED%A0%80',
  '%C0%80',
  '%2F',
  '..%2F..',
  '%',
  '%E0%A4%A',
  '%00',
  '%20',
  '.',
  '..',
];

/** Whole bodies that are not what any route expects. */
export const RAW_BODIES: Array<{ payload: string; type?: string }> = [
  { payload: '{', type: 'application/json' },
  { payload: '{"a":', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '"text"', type: 'application/json' },
  { payload: '12', type: 'application/json' },
  { payload: '\ufeff{}', type: 'application/json' },
  { payload: '{"a":1,"a":2}', type: 'application/json' },
  { payload: '{"__proto__":{"polluted":true}}', type: 'application/json' },
  { payload: '{"constructor":{"prototype":{"polluted":true}}}', type: 'application/json' },
  { payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, type: 'application/json' },
  { payload: `{"data":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`, type: 'application/json' },
  { payload: `[${'0,'.repeat(100_000)}0]`, type: 'application/json' },
  { payload: '\u0000', type: 'application/json' },
  { payload: '{"a":"\\u0000"}', type: 'application/json' },
  { payload: '{"a\\u0000":1}', type: 'application/json' },
  { payload: '{}', type: 'application/json; charset=utf-16' },
  { payload: '{}', type: 'text/plain' },
  { payload: 'a=1&b=%00', type: 'application/x-www-form-urlencoded' },
  {
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--x--',
    type: 'multipart/form-data; boundary=x',
  },
  { payload: 'garbage', type: 'multipart/form-data' },
  { payload: '<a/>', type: 'application/xml' },
  { payload: '\u0089PNG\r\n', type: 'image/png' },
  { payload: 'x'.repeat(5000), type: 'application/octet-stream' },
  { payload: '{}', type: '' },
  { payload: '{}' },
];
