import { describe, expect, it } from 'vitest';
import {
  equalsIgnoreCase,
  foldCase,
  includesIgnoreCase,
  matchesSearch,
  searchOptions,
  uniqueIgnoreCase,
} from './text.ts';

describe('foldCase', () => {
  it('trims, collapses spaces and lower-cases', () => {
    expect(foldCase('  Pull   &  Bear ')).toBe('pull & bear');
    expect(equalsIgnoreCase('H&M', 'h&m')).toBe(true);
    expect(includesIgnoreCase(['Zara'], ' ZARA')).toBe(true);
    expect(includesIgnoreCase(['Zara'], 'Mango')).toBe(false);
  });

  it('treats composed and decomposed letters alike', () => {
    expect(equalsIgnoreCase('Caf\u00e9', 'Cafe\u0301')).toBe(true);
  });
});

describe('filter search boxes', () => {
  it('match case-insensitive substrings; a blank query matches everything', () => {
    expect(matchesSearch('Polka Dots', 'ka d')).toBe(true);
    expect(matchesSearch('Polka Dots', 'stripe')).toBe(false);
    expect(searchOptions(['Black', 'Blue', 'White'], 'BL')).toEqual(['Black', 'Blue']);
    expect(searchOptions(['Black', 'Blue'], '  ')).toEqual(['Black', 'Blue']);
  });
});

describe('uniqueIgnoreCase', () => {
  it('keeps first spellings, trimmed, without blanks', () => {
    expect(uniqueIgnoreCase([' M ', 'm', '', 'L'])).toEqual(['M', 'L']);
  });
});
