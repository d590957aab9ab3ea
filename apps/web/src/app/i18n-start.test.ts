import { describe, expect, it } from 'vitest';
import { i18n, startI18n } from './i18n';

// Read when this file is evaluated: test/setup.ts has imported the module but not yet started i18next
// (its beforeAll runs after every test file is collected).
const startedAtImport = i18n.isInitialized === true;

describe('i18next starts when asked, not when its module is evaluated', () => {
  it('is not started by importing app/i18n (the entry chunk evaluates it; main.tsx starts it later)', () => {
    expect(startedAtImport).toBe(false);
  });

  it('starts once: every call answers the same start, with the English strings in place', async () => {
    const first = startI18n();
    expect(startI18n()).toBe(first);
    await first;
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('app.documentTitle')).not.toBe('app.documentTitle');
  });
});
