import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-11-22T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says how long ago in English', () => {
    expect(relativeTime(ago(3 * 3600), 'en', now)).toBe('3 hr. ago');
    expect(relativeTime(ago(20), 'en', now)).toBe('now');
  });

  it('never repeats the count in brackets in Hebrew (dual and singular forms)', () => {
    const twoHours = relativeTime(ago(2 * 3600), 'he', now);
    const oneHour = relativeTime(ago(3600), 'he', now);
    expect(twoHours).toBe('לפני שעתיים');
    expect(oneHour).not.toMatch(/\(/);
    expect(oneHour).toMatch(/^לפני /);
    expect(relativeTime(ago(3 * 3600), 'he', now)).toMatch(/^לפני 3 /);
  });
});
