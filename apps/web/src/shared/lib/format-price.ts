import { CURRENCY_SYMBOLS, type Currency } from '@sys/shared';
import { formatNumber, numberFormat } from './intl';

const locales = { en: 'en-US', he: 'he-IL' } as const;

/**
 * The amount as Intl writes it for en-US and he-IL with 0 decimals for whole prices and 2 otherwise, without
 * Intl when the price has at most two decimals (every price the API stores): the first Intl.NumberFormat
 * with fraction options costs about 30 ms on a phone, on the explore page's first render. A test checks this
 * matches Intl; anything else (more decimals, negative, huge) goes to Intl.
 */
function formatAmount(price: number, language: string): string {
  if (Number.isInteger(price)) return formatNumber(language, price);
  const fixed = price.toFixed(2);
  if (price > 0 && price < 1e15 && Number(fixed) === price) {
    const [whole = '0', cents = '00'] = fixed.split('.');
    return `${formatNumber(language, Number(whole))}.${cents}`;
  }
  return numberFormat(locales[language === 'he' ? 'he' : 'en'], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(price);
}

/** A price in its own currency: '₪129.90', '$12.50', '€80'. */
export function formatPrice(price: number, currency: Currency, language: string): string {
  const lang = language === 'he' ? 'he' : 'en';
  return `${CURRENCY_SYMBOLS[currency]}${formatAmount(price, lang)}`;
}
