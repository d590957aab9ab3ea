import { relativeTimeFormat } from './intl';

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * ICU writes Hebrew's dual and singular forms with the number repeated in brackets
 * ('לפני שעתיים (2)', 'לפני שע׳ (1)'): the word already says it, so the bracket goes.
 */
const REPEATED_COUNT = /\s*\(\d+\)$/;

/** '3 hours ago', 'לפני 3 שע׳', 'לפני שעתיים', 'now'... in the interface language. */
export function relativeTime(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = relativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) {
      return format.format(Math.round(seconds / size), unit).replace(REPEATED_COUNT, '');
    }
  }
  return format.format(0, 'second');
}
