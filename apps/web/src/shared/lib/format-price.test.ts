import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

/** What the product wrote before the fast path: Intl, 0 decimals for whole prices, else 2. */
function withIntl(price: number, language: string): string {
  return new Intl.NumberFormat(language === 'he' ? 'he-IL' : 'en-US', {
    minimumFractionDigits: Number.isInteger(price) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(price);
}

describe('formatPrice', () => {
  it('writes the currency symbol before the amount', () => {
    expect(formatPrice(129.9, 'ILS', 'he')).toBe('₪129.90');
    expect(formatPrice(12.5, 'USD', 'en')).toBe('$12.50');
    expect(formatPrice(80, 'EUR', 'en')).toBe('€80');
    expect(formatPrice(1234.05, 'USD', 'en')).toBe('$1,234.05');
  });

  it('writes every amount exactly as Intl does in en and he', () => {
    const values = [0, 0.01, 0.1, 0.5, 0.99, 1, 1.005, 2.675, 9.99, 10.1, 99.95, 100, 999.99, 1000, 1234.5];
    values.push(12345.678, 99999999.99, 0.001, 1e15 + 0.5, -3.5, 1e21, 123.456);
    // 300 prices with cents up to 10 digits long, from a fixed seed (the same values on every run).
    let seed = 4242;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 300; i++) values.push(Math.round(random() * 10 ** (2 + (i % 9))) / 100);
    for (const language of ['en', 'he', 'fr']) {
      for (const value of values) {
        expect(formatPrice(value, 'USD', language)).toBe(`$${withIntl(value, language)}`);
      }
    }
  });
});
