import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import he from '@/locales/he.json';
import { BOTTOM_BAR_ITEMS, NAV_ITEMS } from './nav-items';

function text(locale: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], locale);
}

describe('navigation items', () => {
  it('gives the rail every destination and the bottom bar all but Messages, in one order', () => {
    expect(NAV_ITEMS.map((item) => item.to)).toEqual([
      '/',
      '/explore',
      '/create-post',
      '/wishlist',
      '/messages',
      '/profile',
    ]);
    // The header holds Messages on a phone; the bar keeps its five tabs.
    expect(BOTTOM_BAR_ITEMS.map((item) => item.labelKey)).toEqual([
      'nav.home',
      'nav.explore',
      'nav.create',
      'nav.wishlist',
      'nav.profile',
    ]);
  });

  it('has a label in English and in Hebrew for every item', () => {
    for (const item of NAV_ITEMS) {
      expect(text(en, item.labelKey), item.labelKey).toEqual(expect.any(String));
      expect(text(he, item.labelKey), item.labelKey).toEqual(expect.stringMatching(/[\u0590-\u05ff]/));
    }
  });
});
