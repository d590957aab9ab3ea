/**
 * Where the English strings' sections arrive in a build (vite-plugins/locale-sections.ts): each section comes
 * with the first module that names one of its keys, in whichever chunk that module lives. The sections that
 * come before i18next starts (the entry chunk's) are kept here and given to it at start; later ones (lazy
 * screens') are handed to the listener app/i18n.ts sets then.
 */
type Strings = Record<string, unknown>;

const early: Record<string, Strings> = {};
let listener: ((name: string, strings: Strings) => void) | undefined;

/** One section of en.json, or some groups of it (its second-level keys). */
export function addEnglishSection(name: string, strings: Strings): void {
  if (listener) listener(name, strings);
  else early[name] = { ...early[name], ...strings };
}

/** The sections that came so far; `onLater` receives each one after. */
export function takeEnglishSections(onLater: (name: string, strings: Strings) => void): Strings {
  listener = onLater;
  return early;
}
