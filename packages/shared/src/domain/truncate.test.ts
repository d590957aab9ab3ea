import { describe, expect, it } from 'vitest';
import { truncateBio, truncateText } from './truncate.ts';

describe('truncateBio', () => {
  it('keeps bios up to 20 characters', () => {
    expect(truncateBio('Fashion stylist')).toBe('Fashion stylist');
    expect(truncateBio('a'.repeat(20))).toBe('a'.repeat(20));
    expect(truncateBio('')).toBe('');
  });

  it("cuts longer bios to 20 characters plus '...'", () => {
    expect(truncateBio('Lover of vintage denim and sunsets')).toBe('Lover of vintage den...');
    expect(truncateBio('a'.repeat(21))).toBe(`${'a'.repeat(20)}...`);
  });

  it('counts Hebrew and emoji as one character each', () => {
    expect(truncateBio('אוהבת אופנה וינטג׳ ושקיעות')).toBe('אוהבת אופנה וינטג׳ ו...');
    expect(truncateBio('👗'.repeat(21))).toBe(`${'👗'.repeat(20)}...`);
  });
});

describe('truncateText', () => {
  it('tells whether it cut', () => {
    expect(truncateText('abc', 3)).toEqual({ text: 'abc', truncated: false });
    expect(truncateText('abcd', 3)).toEqual({ text: 'abc...', truncated: true });
  });
});
