import { z } from 'zod';

/*
 * Prices are non-negative with at most two decimals (the form's step is 0.01) and a dot as the decimal
 * separator, as a number input gives them. Cents must stay exact as a JS number, which caps the value.
 */
const PRICE_TEXT = /^(?:\d+(?:\.\d{1,2})?|\.\d{1,2})$/;
const MAX_PRICE = Math.floor(Number.MAX_SAFE_INTEGER / 100);

function isValidPrice(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= MAX_PRICE;
}

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** A stored item price: null or a non-negative number with at most two decimals. */
export const PriceSchema = z
  .number()
  .refine((value) => isValidPrice(value) && hasAtMostTwoDecimals(value), {
    message: 'Price must be a non-negative amount with at most two decimals',
  })
  .nullable();

export type PriceInputResult = { ok: true; value: number | null } | { ok: false };

/**
 * The price field's text: blank means no price (null); otherwise a non-negative number with at most two
 * decimals, else not ok ('abc', '-1', '1.234', '1,5', '1e3').
 */
export function parsePriceInput(text: string | null | undefined): PriceInputResult {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { ok: true, value: null };
  if (!PRICE_TEXT.test(trimmed)) return { ok: false };
  const value = Number(trimmed);
  return isValidPrice(value) ? { ok: true, value } : { ok: false };
}

/**
 * The lenient form of section 5's rule ('parsed to a number, or null when empty'), for values that may
 * already be numbers (e.g. a scraped price): null when empty or invalid; a number is rounded to cents.
 */
export function parsePrice(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') {
    return isValidPrice(input) ? Math.round(input * 100) / 100 : null;
  }
  const result = parsePriceInput(input);
  return result.ok ? result.value : null;
}
