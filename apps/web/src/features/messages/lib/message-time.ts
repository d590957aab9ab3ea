import { dateTimeFormat } from '@/shared/lib/intl';

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const DATE_AND_TIME: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', ...TIME };
const FULL: Intl.DateTimeFormatOptions = { ...DATE_AND_TIME, year: 'numeric' };

/**
 * When a message was sent, in the interface language: its time if it was today ('14:05'), otherwise the
 * date too ('Nov 3, 14:05'), and the year when it was not this year. A conversation that spans days
 * showed only times.
 */
export function messageTime(iso: string, language: string | undefined, now = new Date()): string {
  const sent = new Date(iso);
  const options =
    sent.toDateString() === now.toDateString()
      ? TIME
      : sent.getFullYear() === now.getFullYear()
        ? DATE_AND_TIME
        : FULL;
  return dateTimeFormat(language, options).format(sent);
}
