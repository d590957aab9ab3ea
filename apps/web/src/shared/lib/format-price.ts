import { CURRENCY_SYMBOLS, type Currency } from '@sys/shared';
import { numberFormat } from './intl';

/** A price in its own currency: '₪129.90', '$12.50', '€80'. */
export function formatPrice(price: number, currency: Currency, language: string): string {
  const amount = numberFormat(language === 'he' ? 'he-IL' : 'en-US', {
    minimumFractionDigits: Number.isInteger(price) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(price);
  return `${CURRENCY_SYMBOLS[currency]}${amount}`;
}
