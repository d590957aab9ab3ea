import { describe, expect, it } from 'vitest';
import { PriceSchema, parsePrice, parsePriceInput } from './price.ts';

describe('parsePriceInput', () => {
  it.each([
    ['12.5', 12.5],
    ['12.50', 12.5],
    ['0', 0],
    ['0.01', 0.01],
    ['199', 199],
    ['.5', 0.5],
    [' 7.25 ', 7.25],
  ])('reads %j as %d', (text, value) => {
    expect(parsePriceInput(text)).toEqual({ ok: true, value });
  });

  it.each(['', '   ', null, undefined])('reads %j as no price', (text) => {
    expect(parsePriceInput(text)).toEqual({ ok: true, value: null });
  });

  it.each(['abc', '1.234', '-1', '1,5', '1e3', '12.', '1.2.3', '$5', 'Infinity', 'NaN', '99999999999999999'])(
    'rejects %j',
    (text) => {
      expect(parsePriceInput(text)).toEqual({ ok: false });
    },
  );
});

describe('parsePrice', () => {
  it('reads text like parsePriceInput, with null for anything invalid', () => {
    expect(parsePrice('12.5')).toBe(12.5);
    expect(parsePrice('')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
    expect(parsePrice('1.234')).toBeNull();
    expect(parsePrice('-1')).toBeNull();
    expect(parsePrice('0')).toBe(0);
    expect(parsePrice(null)).toBeNull();
    expect(parsePrice(undefined)).toBeNull();
  });

  it('takes numbers, rounded to cents', () => {
    expect(parsePrice(12.5)).toBe(12.5);
    expect(parsePrice(19.999)).toBe(20);
    expect(parsePrice(0)).toBe(0);
    expect(parsePrice(-1)).toBeNull();
    expect(parsePrice(Number.NaN)).toBeNull();
    expect(parsePrice(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('PriceSchema', () => {
  it('accepts null and amounts with up to two decimals', () => {
    for (const value of [null, 0, 12.5, 0.01, 0.1 + 0.2 - 0.3 + 0.07, 1999.99]) {
      expect(PriceSchema.safeParse(value).success).toBe(true);
    }
  });

  it('rejects negatives, extra decimals and non-numbers', () => {
    for (const value of [-1, 1.234, Number.NaN, Number.POSITIVE_INFINITY, '12']) {
      expect(PriceSchema.safeParse(value).success).toBe(false);
    }
  });
});
