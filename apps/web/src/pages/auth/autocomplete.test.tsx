import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/app/i18n';
import { invalidAutocompletes, isValidAutocomplete } from '@/test/autocomplete';
import { installFakeAuthClient } from '@/test/fake-auth-client';
import { renderApp } from '@/test/render-app';

installFakeAuthClient(null);

beforeEach(() => {
  window.localStorage.setItem('onboarded', 'true');
});

describe('autocomplete on the auth screens (axe: autocomplete-valid)', () => {
  it('tells a valid value from an invalid one', () => {
    expect(isValidAutocomplete('username')).toBe(true);
    expect(isValidAutocomplete('email')).toBe(true);
    expect(isValidAutocomplete('section-a shipping work email')).toBe(true);
    expect(isValidAutocomplete('username email')).toBe(false);
    expect(isValidAutocomplete('work username')).toBe(false);
  });

  for (const language of ['en', 'he'] as const) {
    it.each([
      ['/auth?tab=sign-up', 'new-password'],
      ['/auth?tab=sign-in', 'current-password'],
      ['/auth/forgot', null],
    ])(
      `${language}: %s has only valid values, and the email field stays a username`,
      async (path, password) => {
        await i18n.changeLanguage(language);
        renderApp(path);
        const email = await screen.findByRole('textbox', { name: language === 'en' ? 'Email' : 'אימייל' });
        expect(email).toHaveAttribute('type', 'email');
        // Password managers pair the account's identifier with the password field by this token.
        expect(email).toHaveAttribute('autocomplete', 'username');
        if (password) {
          expect(document.querySelector('input[type="password"]')).toHaveAttribute('autocomplete', password);
        }
        expect(invalidAutocompletes()).toEqual([]);
      },
    );
  }
});
