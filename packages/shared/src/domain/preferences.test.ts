import { describe, expect, it } from 'vitest';
import {
  appendSwipeEvent,
  buildPreferenceCounters,
  createEmptyPreferenceCounters,
  createSwipeEvent,
  PreferenceCountersSchema,
  parseStoredSwipeEvents,
  rankOutfits,
  rankOutfitsByCounters,
  type SwipeEvent,
  SwipeEventSchema,
  scoreOutfit,
} from './preferences.ts';

const event = (partial: Partial<SwipeEvent>): SwipeEvent => ({
  outfit_id: 'p1',
  action: 'like',
  tags: [],
  brand: null,
  category: null,
  colors: [],
  created_at: '2024-05-01T10:00:00.000Z',
  ...partial,
});

describe('SwipeEventSchema', () => {
  it('accepts a swipe event', () => {
    const valid = event({ tags: ['Casual'], brand: 'Dana', category: 'Casual' });
    expect(SwipeEventSchema.parse(valid)).toEqual(valid);
    expect(SwipeEventSchema.safeParse({ ...valid, created_at: '2024-05-01T10:00:00+03:00' }).success).toBe(
      true,
    );
  });

  it('rejects other actions, missing ids and bad dates', () => {
    expect(SwipeEventSchema.safeParse(event({ action: 'skip' as 'like' })).success).toBe(false);
    expect(SwipeEventSchema.safeParse(event({ outfit_id: '' })).success).toBe(false);
    expect(SwipeEventSchema.safeParse(event({ created_at: 'yesterday' })).success).toBe(false);
  });
});

describe('createSwipeEvent', () => {
  it('records the author as brand and the first tag as category', () => {
    expect(
      createSwipeEvent(
        { id: 'p9', tags: ['Evening', 'Party'], authorName: ' Dana ' },
        'dislike',
        Date.UTC(2024, 0, 2, 3, 4, 5),
      ),
    ).toEqual({
      outfit_id: 'p9',
      action: 'dislike',
      tags: ['Evening', 'Party'],
      brand: 'Dana',
      category: 'Evening',
      colors: [],
      product_brands: [],
      created_at: '2024-01-02T03:04:05.000Z',
    });
  });

  it('uses null without tags or author', () => {
    const created = createSwipeEvent({ id: 'p1', tags: [], authorName: '  ' }, 'like');
    expect(created.brand).toBeNull();
    expect(created.category).toBeNull();
    expect(SwipeEventSchema.safeParse(created).success).toBe(true);
  });
});

describe('local swipe history', () => {
  it('keeps the newest 100 events', () => {
    let history: SwipeEvent[] = [];
    for (let i = 0; i < 105; i++) history = appendSwipeEvent(history, event({ outfit_id: `p${i}` }));
    expect(history).toHaveLength(100);
    expect(history[0]?.outfit_id).toBe('p5');
    expect(history.at(-1)?.outfit_id).toBe('p104');
  });

  it('takes another maximum and does not change the input', () => {
    const history = [event({ outfit_id: 'a' }), event({ outfit_id: 'b' })];
    expect(appendSwipeEvent(history, event({ outfit_id: 'c' }), 2).map((e) => e.outfit_id)).toEqual([
      'b',
      'c',
    ]);
    expect(history).toHaveLength(2);
  });

  it('reads stored events, dropping invalid entries', () => {
    const good = event({ outfit_id: 'ok' });
    expect(parseStoredSwipeEvents(JSON.stringify([good, { outfit_id: 'bad' }, null]))).toEqual([good]);
  });

  it('reads nothing from missing, broken or non-array storage', () => {
    expect(parseStoredSwipeEvents(null)).toEqual([]);
    expect(parseStoredSwipeEvents('')).toEqual([]);
    expect(parseStoredSwipeEvents('{oops')).toEqual([]);
    expect(parseStoredSwipeEvents('{"a":1}')).toEqual([]);
  });
});

describe('buildPreferenceCounters', () => {
  it('starts empty', () => {
    expect(buildPreferenceCounters([])).toEqual(createEmptyPreferenceCounters());
  });

  it('counts tags, brands, categories and colours by action, ignoring case', () => {
    const counters = buildPreferenceCounters([
      event({
        tags: ['Casual', 'Plus Size'],
        brand: 'Dana',
        category: 'Casual',
        colors: ['Red'],
        product_brands: ['Zara', 'zara', 'H&M'],
      }),
      event({ tags: ['casual'], brand: 'dana', category: 'casual', colors: ['red', 'Blue'] }),
      event({ action: 'dislike', tags: ['Formal'], brand: 'Noa', category: 'Formal', colors: ['Red'] }),
    ]);
    expect(counters.liked).toEqual({
      tags: { casual: 2, plussize: 1 },
      brands: { dana: 2 },
      product_brands: { zara: 1, 'h&m': 1 },
      categories: { casual: 2 },
      colors: { red: 2, blue: 1 },
    });
    expect(counters.disliked).toEqual({
      tags: { formal: 1 },
      brands: { noa: 1 },
      product_brands: {},
      categories: { formal: 1 },
      colors: { red: 1 },
    });
    expect(PreferenceCountersSchema.safeParse(counters).success).toBe(true);
  });

  it('counts a value repeated within one event once, and skips blanks', () => {
    const counters = buildPreferenceCounters([
      event({ tags: ['Casual', 'CASUAL', ''], brand: ' ', colors: [] }),
    ]);
    expect(counters.liked.tags).toEqual({ casual: 1 });
    expect(counters.liked.brands).toEqual({});
  });

  it('treats __proto__ as an ordinary tag', () => {
    const counters = buildPreferenceCounters([event({ tags: ['__proto__', 'constructor'] })]);
    expect(scoreOutfit({ tags: ['__proto__'] }, counters)).toBe(1);
    expect(scoreOutfit({ tags: ['toString'] }, counters)).toBe(0);
    expect(scoreOutfit({ tags: ['constructor'] }, counters)).toBe(1);
  });
});

describe('scoreOutfit', () => {
  const counters = buildPreferenceCounters([
    event({ tags: ['Casual', 'Cozy'], brand: 'Dana', category: 'Casual', colors: ['Red'] }),
    event({ tags: ['Casual'], brand: 'Dana', category: 'Casual', colors: [] }),
    event({
      action: 'dislike',
      tags: ['Casual', 'Formal'],
      brand: 'Noa',
      category: 'Formal',
      colors: ['Red'],
    }),
  ]);

  it('is 0 without history or without matches', () => {
    expect(scoreOutfit({ tags: ['Casual'], brand: 'Dana' }, createEmptyPreferenceCounters())).toBe(0);
    expect(
      scoreOutfit({ tags: ['Beach'], brand: 'Other', category: 'Beach', colors: ['Green'] }, counters),
    ).toBe(0);
  });

  it('adds each weight per liked and disliked occurrence', () => {
    // tags: Casual liked 2, disliked 1 -> 2*1 - 0.5 = 1.5
    expect(scoreOutfit({ tags: ['Casual'] }, counters)).toBe(1.5);
    // brand Dana liked 2 -> 3
    expect(scoreOutfit({ tags: [], brand: 'dana' }, counters)).toBe(3);
    // brand Noa disliked 1 -> -0.8
    expect(scoreOutfit({ tags: [], brand: 'Noa' }, counters)).toBe(-0.8);
    // category Casual liked 2 -> 2.4; category Formal disliked 1 -> -0.6
    expect(scoreOutfit({ tags: [], category: 'Casual' }, counters)).toBe(2.4);
    expect(scoreOutfit({ tags: [], category: 'Formal' }, counters)).toBe(-0.6);
    // colour Red liked 1, disliked 1 -> 0.8 - 0.4
    expect(scoreOutfit({ tags: [], colors: ['RED'] }, counters)).toBe(0.4);
  });

  it('sums all dimensions', () => {
    // tags Casual 1.5 + Cozy 1 + Formal -0.5; brand Dana 3; category Casual 2.4; colour Red 0.4 = 7.8
    const outfit = { tags: ['Casual', 'Cozy', 'Formal'], brand: 'Dana', category: 'Casual', colors: ['Red'] };
    expect(scoreOutfit(outfit, counters)).toBe(7.8);
  });

  it('counts a repeated tag of the outfit once', () => {
    expect(scoreOutfit({ tags: ['Casual', 'casual'] }, counters)).toBe(1.5);
  });

  it('never returns -0', () => {
    const score = scoreOutfit({ tags: [] }, counters);
    expect(Object.is(score, 0)).toBe(true);
  });
});

describe('rankOutfits', () => {
  const events = [
    event({ tags: ['Evening'], brand: 'Dana', category: 'Evening' }),
    event({ action: 'dislike', tags: ['Formal'], brand: 'Noa', category: 'Formal' }),
  ];

  it('sorts by score descending', () => {
    const formal = { id: 'formal', tags: ['Formal'], brand: 'Noa', category: 'Formal' };
    const neutral = { id: 'neutral', tags: ['Beach'], brand: 'Other', category: 'Beach' };
    const evening = { id: 'evening', tags: ['Evening'], brand: 'Dana', category: 'Evening' };
    expect(rankOutfits([formal, neutral, evening], events).map((o) => o.id)).toEqual([
      'evening',
      'neutral',
      'formal',
    ]);
  });

  it('keeps the original order for equal scores', () => {
    const outfits = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, tags: ['Beach'] }));
    expect(rankOutfits(outfits, events).map((o) => o.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const mixed = [
      { id: 'x1', tags: ['Beach'] },
      { id: 'top', tags: ['Evening'] },
      { id: 'x2', tags: ['Beach'] },
      { id: 'x3', tags: [] },
    ];
    expect(rankOutfits(mixed, events).map((o) => o.id)).toEqual(['top', 'x1', 'x2', 'x3']);
  });

  it('treats sums reached in a different order as equal', () => {
    // 0.8 + 0.4 - 0.4 ... floating-point sums that differ only in rounding must tie.
    const counters = buildPreferenceCounters([
      event({ tags: ['a'], colors: ['x', 'y', 'z'] }),
      event({ action: 'dislike', tags: ['b'], colors: ['w'] }),
    ]);
    const first = { id: 'first', tags: [], colors: ['x', 'y', 'z', 'w'] };
    const second = { id: 'second', tags: [], colors: ['w', 'z', 'y', 'x'] };
    expect(scoreOutfit(first, counters)).toBe(scoreOutfit(second, counters));
    expect(rankOutfitsByCounters([second, first], counters).map((o) => o.id)).toEqual(['second', 'first']);
  });

  it('returns a new array and leaves the input alone', () => {
    const outfits = [
      { id: 'a', tags: [] },
      { id: 'b', tags: ['Evening'] },
    ];
    const ranked = rankOutfits(outfits, events);
    expect(ranked.map((o) => o.id)).toEqual(['b', 'a']);
    expect(outfits.map((o) => o.id)).toEqual(['a', 'b']);
  });

  it('returns the outfits unchanged without events', () => {
    const outfits = [
      { id: 'a', tags: ['Formal'] },
      { id: 'b', tags: ['Evening'] },
    ];
    expect(rankOutfits(outfits, [])).toEqual(outfits);
    expect(rankOutfits([], events)).toEqual([]);
  });
});
