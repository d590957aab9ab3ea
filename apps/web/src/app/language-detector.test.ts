import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageDetector } from './i18n';

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

beforeEach(() => window.localStorage.clear());

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('language detection', () => {
  it("offers the stored choice first, then the browser's languages in order", () => {
    browserLanguages(['he-IL', 'en-US']);
    expect(languageDetector.detect()).toEqual(['he-IL', 'en-US', 'he-IL']);
    window.localStorage.setItem('lang', 'en');
    expect(languageDetector.detect()[0]).toBe('en');
  });

  it('ignores a stored value that is not a language code', () => {
    browserLanguages(['en-US']);
    for (const stored of ['', '__proto__x..y', '<script>', 'a'.repeat(129), 'he il']) {
      window.localStorage.setItem('lang', stored);
      expect(languageDetector.detect()).toEqual(['en-US', 'en-US']);
    }
  });

  it('stores the language in use, but not the key-showing test mode', () => {
    languageDetector.cacheUserLanguage('he');
    expect(window.localStorage.getItem('lang')).toBe('he');
    languageDetector.cacheUserLanguage('cimode');
    expect(window.localStorage.getItem('lang')).toBe('he');
  });

  it('works without storage', () => {
    browserLanguages(['he']);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    expect(languageDetector.detect()).toEqual(['he', 'he']);
    expect(() => languageDetector.cacheUserLanguage('he')).not.toThrow();
  });
});
