import { STYLE_NAMES_HE } from '@sys/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
// In a build the English strings come in sections, each with the code that uses it
// (vite-plugins/locale-sections.ts); in development and tests this is the whole file.
import en from '@/locales/en.json?sections';
import { takeEnglishSections } from '@/shared/lib/english-sections';
import { LANGUAGE_STORAGE_KEY, readItem, writeItem } from '@/shared/lib/local-storage';

export const LANGUAGES = ['en', 'he'] as const;

/** How a missing string is reported on the console. */
export const MISSING_STRING = 'Missing string:';
export type Language = (typeof LANGUAGES)[number];

const RTL_LANGUAGES: ReadonlySet<string> = new Set<Language>(['he']);

export function directionOf(language: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}

export function currentLanguage(): Language {
  const resolved = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(resolved) ? (resolved as Language) : 'en';
}

/** Mirrors the language onto the document: `lang`, `dir` (rtl for Hebrew) and the title. */
function applyToDocument(language: string) {
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  document.title = i18n.t('app.documentTitle');
}

i18n.on('languageChanged', (language) => applyToDocument(i18n.resolvedLanguage ?? language));

/** What a browser may report or a visitor may have stored as a language code (a stored value is untrusted). */
const LANGUAGE_CODE = /^[A-Za-z0-9_@.-]{1,128}$/;

/**
 * The language: a choice stored under 'lang' first, then the browser's languages in their order
 * (i18next takes the first it supports, 'he-IL' as 'he'); the language in use is stored. What
 * i18next-browser-languagedetector did with these options, in a few lines instead of its ~2 kB gzip
 * on every first screen.
 */
export const languageDetector = {
  type: 'languageDetector' as const,
  detect(): string[] {
    const candidates = [readItem(LANGUAGE_STORAGE_KEY), ...(navigator.languages ?? []), navigator.language];
    return candidates.filter(
      (code): code is string => typeof code === 'string' && LANGUAGE_CODE.test(code) && !code.includes('..'),
    );
  },
  cacheUserLanguage(language: string) {
    if (language === 'cimode') return; // i18next's key-showing test mode, not a language
    writeItem(LANGUAGE_STORAGE_KEY, language);
  },
};

/**
 * The Hebrew style names are not in he.json but in packages/shared (STYLE_NAMES_HE), the one list the
 * server's search suggestions match too; English shows a style as its value (options.styles falls back).
 */
function withStyleNames(he: typeof import('@/locales/he.json')) {
  return { ...he, options: { ...he.options, styles: STYLE_NAMES_HE } };
}

/**
 * Hebrew is fetched only when it is the language in use, so English visitors never download it
 * (the strings of both languages would otherwise sit in the first-load bundle).
 */
const lazyLocales = {
  type: 'backend' as const,
  init() {},
  read(language: string, _namespace: string, callback: (error: unknown, data?: object) => void) {
    if (language !== 'he') return callback(null, language === 'en' ? en : {});
    import('@/locales/he.json').then(
      (module) => callback(null, withStyleNames(module.default)),
      (error: unknown) => callback(error),
    );
  },
};

let started: Promise<unknown> | undefined;

/**
 * Starts i18next, once: English is the default; the detector picks a stored choice first, then the
 * browser's languages. Not at this module's evaluation but when main.tsx calls it, in a task of its own
 * (issue 20: the entry's evaluation was one long task with i18next's start in it). The English sections
 * that came with the modules evaluated before the start (the entry chunk's, and a lazy screen's that
 * arrived early) are given to it here; each later one is added when it arrives.
 */
export function startI18n(): Promise<unknown> {
  started ??= i18n
    .use(languageDetector)
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      resources: {
        en: {
          translation: {
            ...en,
            ...takeEnglishSections((name, strings) =>
              i18n.addResourceBundle('en', 'translation', { [name]: strings }, true, false),
            ),
          },
        },
      },
      partialBundledLanguages: true,
      supportedLngs: LANGUAGES,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
      showSupportNotice: false,
      // A key with no string shows as the key itself; say so where tests look (e2e/tests/support/shell.ts):
      // in a build the English strings come with the code that names them, and this is how a key that
      // arrived without its strings is caught. Values with a fallback of their own (option labels) are not
      // missing.
      saveMissing: true,
      missingKeyHandler: (languages, _namespace, key, _fallback, _update, options) => {
        if ((options as { defaultValue?: unknown } | undefined)?.defaultValue !== undefined) return;
        console.error(`${MISSING_STRING} ${key} (${languages.join(', ')})`);
      },
      react: { useSuspense: false },
    });
  return started;
}

/** Switches the interface language; the detector stores the choice under 'lang'. */
export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

export { i18n };
