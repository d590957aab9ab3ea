import { describe, expect, it } from 'vitest';
import { messageTime } from './message-time';

const now = new Date(2025, 10, 25, 18, 30);

describe('messageTime', () => {
  it('gives only the time for a message from today', () => {
    const today = messageTime(new Date(2025, 10, 25, 9, 5).toISOString(), 'en', now);
    expect(today).toMatch(/09:05/);
    expect(today).not.toMatch(/Nov/);
  });

  it('adds the date for an earlier day, and the year for an earlier year', () => {
    const yesterday = messageTime(new Date(2025, 10, 24, 23, 50).toISOString(), 'en', now);
    expect(yesterday).toMatch(/Nov 24/);
    expect(yesterday).toMatch(/11:50/);
    expect(yesterday).not.toMatch(/2025/);
    expect(messageTime(new Date(2024, 11, 31, 8, 0).toISOString(), 'en', now)).toMatch(/Dec 31, 2024/);
  });

  it('writes the date in Hebrew in Hebrew', () => {
    expect(messageTime(new Date(2025, 10, 24, 23, 50).toISOString(), 'he', now)).toMatch(/24 בנוב/);
  });
});
