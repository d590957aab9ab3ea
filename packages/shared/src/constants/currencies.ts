/** Currencies a post item's price may be in; ILS is the default. */
export const CURRENCIES = ['ILS', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY = 'ILS' satisfies Currency;

export const CURRENCY_SYMBOLS = {
  ILS: '₪',
  USD: '$',
  EUR: '€',
} as const satisfies Record<Currency, string>;
