import { AuthApiError, AuthWeakPasswordError } from '@supabase/auth-js';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n';
import { useAuthErrorMessage } from './auth-errors';

const tooShort = new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']);

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('useAuthErrorMessage', () => {
  it("keeps the server's words for a too-short password in English", async () => {
    await i18n.changeLanguage('en');
    const { result } = renderHook(() => useAuthErrorMessage());
    expect(result.current(tooShort)).toBe('Password should be at least 6 characters.');
  });

  it('says a too-short password in Hebrew on a Hebrew screen (it showed the English server message)', async () => {
    await i18n.changeLanguage('he');
    const { result } = renderHook(() => useAuthErrorMessage());
    expect(result.current(tooShort)).toBe('הסיסמה צריכה להכיל לפחות 6 תווים.');
  });

  it("shows any other weak-password message as the server's", async () => {
    await i18n.changeLanguage('he');
    const { result } = renderHook(() => useAuthErrorMessage());
    const other = new AuthWeakPasswordError('Password is known to be weak', 422, ['pwned']);
    expect(result.current(other)).toBe('\u2068Password is known to be weak\u2069');
  });

  it('says what to do when attempts are locked or limited, not GoTrue\'s bare "Request rate limit reached"', async () => {
    // A locked account and a busy address answer alike (429 over_request_rate_limit).
    const locked = new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit');
    const { result } = renderHook(() => useAuthErrorMessage());
    expect(result.current(locked)).toBe('Too many attempts. Try again in a few minutes.');
    await i18n.changeLanguage('he');
    const hebrew = renderHook(() => useAuthErrorMessage());
    expect(hebrew.result.current(locked)).toBe('יותר מדי ניסיונות. נסו שוב בעוד כמה דקות.');
  });

  it('says new accounts are closed when the server refuses sign-ups (AUTH_DISABLE_SIGNUP)', async () => {
    const closed = new AuthApiError('Signups not allowed for this instance', 422, 'signup_disabled');
    const { result } = renderHook(() => useAuthErrorMessage());
    expect(result.current(closed)).toBe('New accounts cannot be created right now.');
    await i18n.changeLanguage('he');
    const hebrew = renderHook(() => useAuthErrorMessage());
    expect(hebrew.result.current(closed)).toBe('לא ניתן ליצור חשבונות חדשים כרגע.');
  });
});
