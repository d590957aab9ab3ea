import { AuthWeakPasswordError } from '@supabase/auth-js';
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
});
