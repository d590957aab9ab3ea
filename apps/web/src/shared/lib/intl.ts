/**
 * Intl formatters, made once per language and options. Building one costs about a millisecond on a phone
 * (it loads locale data), and a feed card used to build one per render: 20 cards, 20 formatters, on the
 * first screen's critical path.
 */
type FormatterClass<F, O> = new (locale?: string, options?: O) => F;

function cached<F, O>(Formatter: FormatterClass<F, O>) {
  const made = new Map<string, F>();
  return (language: string | undefined, options?: O): F => {
    const key = `${language ?? ''}|${options === undefined ? '' : JSON.stringify(options)}`;
    let formatter = made.get(key);
    if (!formatter) {
      formatter = new Formatter(language, options);
      made.set(key, formatter);
    }
    return formatter;
  };
}

export const numberFormat = cached<Intl.NumberFormat, Intl.NumberFormatOptions>(Intl.NumberFormat);
export const dateTimeFormat = cached<Intl.DateTimeFormat, Intl.DateTimeFormatOptions>(Intl.DateTimeFormat);
export const relativeTimeFormat = cached<Intl.RelativeTimeFormat, Intl.RelativeTimeFormatOptions>(
  Intl.RelativeTimeFormat,
);

/** Languages whose whole numbers are Latin digits grouped by commas: what Intl writes for en and he. */
const COMMA_GROUPED = new Set(['en', 'he']);

/**
 * A count in the interface language: '1,234' in en and he. Counts (whole numbers from 0) in those languages are written
 * without Intl: the first format call loads ICU's number data, about 25 ms on a phone, and the feed's first
 * card paid it before it could paint. A test checks this matches Intl.
 */
export function formatNumber(language: string | undefined, value: number): string {
  if (
    Number.isSafeInteger(value) &&
    value >= 0 &&
    !Object.is(value, -0) &&
    COMMA_GROUPED.has(language ?? 'en')
  ) {
    return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
  }
  return numberFormat(language).format(value);
}
