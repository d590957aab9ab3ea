import { describe, expect, it } from 'vitest';
import { brandFilterKey, filterSetKeys, matchesFilterKeys, postFilterKeys } from './filter-keys.ts';
import { createEmptyFilterSet, type FilterablePost, type FilterSet, matchesFilters } from './filters.ts';

const filters = (partial: Partial<FilterSet>): FilterSet => ({ ...createEmptyFilterSet(), ...partial });

const post: FilterablePost = {
  caption: 'Date night #Evening #Plus_Size look #1',
  items: [
    { item_type: 'Dress', brand: 'Pull  &  Bear', size: 'M', color: 'Red', pattern: ' ' },
    { item_type: null, brand: null, size: null, color: null, pattern: 'None' },
  ],
};

describe('postFilterKeys', () => {
  it('keys every value as the matcher compares it, with None for missing colours and patterns', () => {
    expect(postFilterKeys(post).sort()).toEqual(
      ['s:m', 'c:red', 'c:none', 'p:none', 't:dress', 'b:pull & bear', 'g:evening', 'g:plussize'].sort(),
    );
  });

  it('gives a post without items only its tags', () => {
    expect(postFilterKeys({ caption: '#Casual', items: [] })).toEqual(['g:casual']);
    expect(postFilterKeys({ caption: null, items: [] })).toEqual([]);
  });
});

describe('filterSetKeys', () => {
  it('is empty for no selection or only blank values', () => {
    expect(filterSetKeys(createEmptyFilterSet())).toEqual([]);
    expect(filterSetKeys(filters({ sizes: ['  ', ''] }))).toEqual([]);
  });

  it('makes one list per selected category, folding case and spaces, styles by tag key', () => {
    expect(
      filterSetKeys(filters({ sizes: ['M', ' m '], styles: ['Plus Size'], brands: ['PULL & BEAR'] })),
    ).toEqual([['s:m'], ['b:pull & bear'], ['g:plussize']]);
  });

  it('answers exactly what matchesFilters answers', () => {
    const cases: Partial<FilterSet>[] = [
      {},
      { colors: ['None'] },
      { colors: ['red', 'Blue'] },
      { patterns: ['none'], sizes: ['m'] },
      { styles: ['plus size'], productTypes: ['DRESS'] },
      { styles: ['Casual'] },
      { brands: ['pull & bear'], colors: ['green'] },
      { sizes: ['L'] },
    ];
    for (const partial of cases) {
      const set = filters(partial);
      expect(matchesFilterKeys(postFilterKeys(post), filterSetKeys(set)), JSON.stringify(partial)).toBe(
        matchesFilters(post, set),
      );
    }
  });
});

describe('brandFilterKey', () => {
  it('keys a brand like an item brand, null when blank', () => {
    expect(brandFilterKey(' Pull  &  BEAR ')).toBe('b:pull & bear');
    expect(brandFilterKey('  ')).toBeNull();
  });
});
