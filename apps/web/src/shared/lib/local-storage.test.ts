import { afterEach, describe, expect, it, vi } from 'vitest';
import { onboardedFlag, readItem, removeItem, writeItem } from './local-storage';

afterEach(() => {
  vi.restoreAllMocks();
  removeItem('onboarded');
  window.localStorage.clear();
});

/** A browser that refuses site data: every call to local storage throws, as Chromium's does. */
function blockStorage() {
  const refuse = () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  };
  vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse);
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse);
  vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refuse);
}

describe('local storage', () => {
  it('stores and reads values', () => {
    writeItem('lang', 'he');
    expect(window.localStorage.getItem('lang')).toBe('he');
    expect(readItem('lang')).toBe('he');
    removeItem('lang');
    expect(readItem('lang')).toBeNull();
  });

  it('when storage is blocked, keeps what was written for this visit (onboarding does not loop)', () => {
    blockStorage();
    expect(onboardedFlag.get()).toBe(false);
    onboardedFlag.set();
    expect(onboardedFlag.get()).toBe(true);
    removeItem('onboarded');
    expect(onboardedFlag.get()).toBe(false);
  });

  it('reads storage again once a write there succeeds', () => {
    blockStorage();
    writeItem('lang', 'he');
    vi.restoreAllMocks();
    writeItem('lang', 'en');
    window.localStorage.setItem('lang', 'he');
    expect(readItem('lang')).toBe('he');
  });
});
