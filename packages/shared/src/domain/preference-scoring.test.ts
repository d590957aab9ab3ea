import { describe, expect, it } from 'vitest';
import { LIMITS } from '../constants/limits.ts';
import { parseStoredSwipeEvents, readSwipeEvent, type SwipeEvent } from './preference-scoring.ts';
import { SwipeEventSchema } from './preferences.ts';

/*
 * The hand-written parser of stored swipes must accept exactly what SwipeEventSchema (zod) accepts and
 * return what it returns, so these tests compare the two on many bad inputs rather than list answers.
 */

const valid: SwipeEvent = {
  outfit_id: 'p1',
  action: 'like',
  tags: ['Casual', 'Plus Size'],
  brand: 'Dana',
  category: 'Casual',
  colors: ['Red'],
  created_at: '2024-05-01T10:00:00.000Z',
};

const zodRead = (entry: unknown): SwipeEvent | null => {
  const parsed = SwipeEventSchema.safeParse(entry);
  return parsed.success ? parsed.data : null;
};

function expectSameAsZod(entry: unknown): void {
  expect(readSwipeEvent(entry), JSON.stringify(entry)).toEqual(zodRead(entry));
}

const MISSING = Symbol('missing');
/** Values of every JSON type (and a few that only JavaScript has) to put where a field should be. */
const ODD_VALUES: unknown[] = [
  MISSING,
  undefined,
  null,
  0,
  1,
  -1.5,
  Number.NaN,
  true,
  false,
  '',
  ' ',
  'x',
  'like',
  'dislike',
  'LIKE',
  'Like ',
  [],
  [''],
  ['a', 'b'],
  [1],
  ['a', 2],
  [null],
  [['a']],
  {},
  { 0: 'a' },
  { length: 1, 0: 'a' },
  '2024-05-01T10:00:00Z',
];

/** Date-times around the rules of z.iso.datetime({ offset: true }). */
const DATE_TIMES: [string, boolean][] = [
  ['2024-05-01T10:00:00Z', true],
  ['2024-05-01T10:00:00.000Z', true],
  ['2024-05-01T10:00:00.123456789Z', true],
  ['2024-05-01T10:00:00+03:00', true],
  ['2024-05-01T10:00:00-11:30', true],
  ['2024-05-01T23:59:59+23:59', true],
  ['2024-02-29T00:00:00Z', true],
  ['2000-02-29T00:00:00Z', true],
  ['1900-02-29T00:00:00Z', false],
  ['2023-02-29T00:00:00Z', false],
  ['2024-02-30T00:00:00Z', false],
  ['2024-04-31T00:00:00Z', false],
  ['2024-13-01T00:00:00Z', false],
  ['2024-00-10T00:00:00Z', false],
  ['2024-05-01T24:00:00Z', false],
  ['2024-05-01T10:60:00Z', false],
  ['2024-05-01T10:00:60Z', false],
  ['2024-05-01T10:00Z', false],
  ['2024-05-01T10:00:00', false],
  ['2024-05-01T10:00:00z', false],
  ['2024-05-01t10:00:00Z', false],
  ['2024-05-01 10:00:00Z', false],
  ['2024-05-01T10:00:00.Z', false],
  ['2024-05-01T10:00:00+24:00', false],
  ['2024-05-01T10:00:00+03:60', false],
  ['2024-05-01T10:00:00+0300', false],
  ['2024-05-01T10:00:00+03', false],
  ['2024-05-01T10:00:00Z\n', false],
  [' 2024-05-01T10:00:00Z', false],
  ['+002024-05-01T10:00:00Z', false],
  ['24-05-01T10:00:00Z', false],
  ['2024-05-01', false],
  ['yesterday', false],
  ['', false],
];

describe('readSwipeEvent', () => {
  it('reads a valid event, dropping unknown fields and copying the lists', () => {
    const entry = { ...valid, user_id: 'u1', extra: { nested: true } };
    const read = readSwipeEvent(entry);
    expect(read).toEqual(valid);
    expect(read).toEqual(zodRead(entry));
    expect(read?.tags).not.toBe(entry.tags);
    expect(read?.colors).not.toBe(entry.colors);
  });

  it('agrees with SwipeEventSchema for every odd value in every field, and for a missing field', () => {
    for (const field of Object.keys(valid) as (keyof SwipeEvent)[]) {
      for (const value of ODD_VALUES) {
        const entry: Record<string, unknown> = { ...valid };
        if (value === MISSING) delete entry[field];
        else entry[field] = value;
        expectSameAsZod(entry);
      }
    }
  });

  it('agrees with SwipeEventSchema on the date-time rules', () => {
    for (const [createdAt, accepted] of DATE_TIMES) {
      const entry = { ...valid, created_at: createdAt };
      expect(readSwipeEvent(entry) !== null, createdAt).toBe(accepted);
      expectSameAsZod(entry);
    }
  });

  it('rejects what is not an object', () => {
    for (const entry of [null, undefined, 'p1', 42, true, [], [valid], () => valid]) {
      expect(readSwipeEvent(entry)).toBeNull();
      expectSameAsZod(entry);
    }
  });

  it('reads a JSON __proto__ key as an ordinary unknown field', () => {
    const entry = JSON.parse(`{"__proto__":{"action":"dislike"},${JSON.stringify(valid).slice(1)}`);
    expect(readSwipeEvent(entry)).toEqual(valid);
    expectSameAsZod(entry);
    const withoutAction = JSON.parse('{"__proto__":{"action":"like"},"outfit_id":"p1"}');
    expect(readSwipeEvent(withoutAction)).toBeNull();
  });

  it('agrees with SwipeEventSchema on thousands of random mixes of good and bad fields', () => {
    // A fixed seed: the same inputs every run, so a disagreement can be reproduced.
    let seed = 20_261_122;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const dates = DATE_TIMES.map(([value]) => value);
    for (let i = 0; i < 3000; i++) {
      const entry: Record<string, unknown> = { ...valid };
      for (const field of Object.keys(valid)) {
        const roll = random();
        if (roll < 0.15) delete entry[field];
        else if (roll < 0.35) entry[field] = pick(ODD_VALUES.filter((v) => v !== MISSING));
        else if (roll < 0.45 && field === 'created_at') entry[field] = pick(dates);
      }
      // Through JSON, as storage holds it (undefined fields disappear, NaN becomes null).
      expectSameAsZod(JSON.parse(JSON.stringify(entry)));
    }
  });
});

describe('parseStoredSwipeEvents', () => {
  const stored = (events: unknown[]) => JSON.stringify(events);
  const numbered = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => ({ ...valid, outfit_id: `p${from + i}` }));

  it('reads nothing from missing, broken or non-array storage', () => {
    for (const raw of [
      null,
      undefined,
      '',
      '{oops',
      '[',
      'null',
      'true',
      '42',
      '"[]"',
      '{"0":{}}',
      'undefined',
    ]) {
      expect(parseStoredSwipeEvents(raw)).toEqual([]);
    }
  });

  it('keeps the valid entries in order and drops the rest', () => {
    const raw = stored([
      numbered(1)[0],
      null,
      'p1',
      { ...valid, action: 'skip' },
      [valid],
      numbered(1, 7)[0],
    ]);
    expect(parseStoredSwipeEvents(raw).map((e) => e.outfit_id)).toEqual(['p0', 'p7']);
  });

  it('reads only the newest 100 of a longer list (what the batch merge accepts)', () => {
    const events = parseStoredSwipeEvents(stored(numbered(250)));
    expect(events).toHaveLength(LIMITS.localSwipeHistoryMax);
    expect(events[0]?.outfit_id).toBe('p150');
    expect(events.at(-1)?.outfit_id).toBe('p249');
  });

  it('counts the newest 100 among the valid entries, not among all entries', () => {
    const mixed = numbered(120).flatMap((event) => [event, { ...event, created_at: 'never' }]);
    const events = parseStoredSwipeEvents(stored(mixed));
    expect(events).toHaveLength(100);
    expect(events[0]?.outfit_id).toBe('p20');
  });

  it('takes another maximum', () => {
    expect(parseStoredSwipeEvents(stored(numbered(5)), 2).map((e) => e.outfit_id)).toEqual(['p3', 'p4']);
  });

  it('survives a very large and deeply nested write', () => {
    let deep: unknown = valid;
    for (let i = 0; i < 500; i++) deep = [deep];
    const raw = stored([...numbered(10_000), deep, { ...valid, tags: Array(10_000).fill(1) }]);
    const events = parseStoredSwipeEvents(raw);
    expect(events).toHaveLength(100);
    expect(events.at(-1)?.outfit_id).toBe('p9999');
  });
});
