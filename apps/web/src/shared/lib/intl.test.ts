import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatNumber, numberFormat, relativeTimeFormat } from './intl';

describe('cached Intl formatters', () => {
  it('hands back the same formatter for the same language and options', () => {
    expect(numberFormat('en')).toBe(numberFormat('en'));
    expect(numberFormat('en', { maximumFractionDigits: 2 })).toBe(
      numberFormat('en', { maximumFractionDigits: 2 }),
    );
    expect(relativeTimeFormat('he', { style: 'short' })).toBe(relativeTimeFormat('he', { style: 'short' }));
  });

  it('keeps languages and options apart', () => {
    expect(numberFormat('en')).not.toBe(numberFormat('he'));
    expect(numberFormat('en')).not.toBe(numberFormat('en', { maximumFractionDigits: 0 }));
    expect(dateTimeFormat('en', { hour: '2-digit' }).resolvedOptions().hour).toBe('2-digit');
    expect(numberFormat('en', { minimumFractionDigits: 2 }).format(3)).toBe('3.00');
  });

  it('formats counts in the language given', () => {
    expect(formatNumber('en', 1234567)).toBe('1,234,567');
    expect(formatNumber('en', 0)).toBe('0');
    expect(formatNumber(undefined, 12)).toBe('12');
  });

  it('writes counts in en and he exactly as Intl does, without it', () => {
    const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 123456, 1000000, 987654321];
    // 200 more of every length up to 15 digits, from a fixed seed (the same values on every run).
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 200; i++) values.push(Math.floor(random() * 10 ** (1 + (i % 15))));
    for (const language of ['en', 'he']) {
      for (const value of [...values, -1, -1234, -0]) {
        expect(formatNumber(language, value)).toBe(new Intl.NumberFormat(language).format(value));
      }
    }
  });

  it('leaves fractions and other languages to Intl', () => {
    expect(formatNumber('en', 1234.5)).toBe('1,234.5');
    expect(formatNumber('de', 1234)).toBe(new Intl.NumberFormat('de').format(1234));
  });
});
