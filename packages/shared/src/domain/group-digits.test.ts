import { describe, expect, it } from 'vitest';
import { POST_MESSAGES } from '../constants/posts.ts';
import { MESSAGE_MESSAGES } from '../schemas/messages.ts';
import { groupDigits } from './group-digits.ts';

describe('groupDigits', () => {
  it('writes whole numbers as toLocaleString("en-US") does', () => {
    for (const value of [
      0, 7, 12, 999, 1000, 2000, 2200, 10_000, 123_456, 1_234_567, 9_007_199_254_740_991, -5, -1200,
      -1_000_000,
    ]) {
      expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('refuses what is not a whole number', () => {
    expect(() => groupDigits(1.5)).toThrow(RangeError);
    expect(() => groupDigits(Number.NaN)).toThrow(RangeError);
    expect(() => groupDigits(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('keeps the spec messages built from limits word for word', () => {
    expect(POST_MESSAGES.captionTooLong).toBe('Caption must be at most 2,200 characters');
    expect(MESSAGE_MESSAGES.bodyTooLong).toBe('Message must be at most 2,000 characters');
  });
});
