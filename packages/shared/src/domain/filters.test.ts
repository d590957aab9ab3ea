import { describe, expect, it } from 'vitest';
import {
  compileFilters,
  countSelected,
  createEmptyFilterSet,
  type FilterablePost,
  type FilterSet,
  FilterSetSchema,
  filterPosts,
  filterSetFromSearchParams,
  filterSetToQueryString,
  filterSetToSearchParams,
  isEmptyFilterSet,
  knownFilterSet,
  matchesCategory,
  matchesFilters,
  postTags,
} from './filters.ts';

// This package compiles without DOM or Node types, so the test declares the part of the runtime's global
// URLSearchParams it uses.
declare const URLSearchParams: new (
  init?: string | Array<[string, string]>,
) => { getAll(name: string): string[]; toString(): string };

const filters = (partial: Partial<FilterSet>): FilterSet => ({ ...createEmptyFilterSet(), ...partial });

const redZaraDress: FilterablePost = {
  caption: 'Date night #Evening #PlusSize',
  items: [
    { item_type: 'Dress', brand: 'Zara', size: 'M', color: 'Red', pattern: 'Floral' },
    { item_type: 'Shoes', brand: 'Nike', size: '38', color: null, pattern: '' },
  ],
};
const plainShirt: FilterablePost = {
  caption: 'Office #formal',
  items: [{ item_type: 'Shirt', brand: 'Mango', size: 'S', color: 'White', pattern: 'None' }],
};
const noItems: FilterablePost = { caption: 'Just me #Casual', items: [] };
const posts = [redZaraDress, plainShirt, noItems];

describe('FilterSetSchema', () => {
  it('fills missing categories with empty lists', () => {
    expect(FilterSetSchema.parse({ sizes: ['M'] })).toEqual(filters({ sizes: ['M'] }));
    expect(FilterSetSchema.parse({})).toEqual(createEmptyFilterSet());
  });

  it('rejects non-string values', () => {
    expect(FilterSetSchema.safeParse({ sizes: [1] }).success).toBe(false);
  });
});

describe('isEmptyFilterSet and countSelected', () => {
  it('counts values over all categories', () => {
    expect(isEmptyFilterSet(createEmptyFilterSet())).toBe(true);
    expect(countSelected(createEmptyFilterSet())).toBe(0);
    const set = filters({ sizes: ['M', 'L'], brands: ['Zara'], styles: ['Casual'] });
    expect(isEmptyFilterSet(set)).toBe(false);
    expect(countSelected(set)).toBe(4);
  });
});

describe('matchesFilters', () => {
  it('matches every post when nothing is selected', () => {
    expect(filterPosts(posts, createEmptyFilterSet())).toEqual(posts);
  });

  it('matches a category when any item has any selected value', () => {
    expect(filterPosts(posts, filters({ sizes: ['38'] }))).toEqual([redZaraDress]);
    expect(filterPosts(posts, filters({ sizes: ['38', 'S'] }))).toEqual([redZaraDress, plainShirt]);
    expect(filterPosts(posts, filters({ brands: ['Nike'] }))).toEqual([redZaraDress]);
    expect(filterPosts(posts, filters({ productTypes: ['Shirt', 'Bag'] }))).toEqual([plainShirt]);
    expect(filterPosts(posts, filters({ patterns: ['Floral'] }))).toEqual([redZaraDress]);
  });

  it("counts an item without colour or pattern as 'None'", () => {
    // The shoes have colour null and pattern '', the shirt has pattern 'None'.
    expect(filterPosts(posts, filters({ colors: ['None'] }))).toEqual([redZaraDress]);
    expect(filterPosts(posts, filters({ patterns: ['None'] }))).toEqual([redZaraDress, plainShirt]);
    expect(matchesFilters({ items: [{ color: '   ' }] }, filters({ colors: ['none'] }))).toBe(true);
  });

  it("does not give sizes, types or brands a 'None' default", () => {
    expect(matchesFilters({ items: [{}] }, filters({ sizes: ['None'] }))).toBe(false);
    expect(matchesFilters({ items: [{ brand: null }] }, filters({ brands: ['None'] }))).toBe(false);
  });

  it('never matches an item category on a post without items', () => {
    expect(matchesFilters(noItems, filters({ colors: ['None'] }))).toBe(false);
  });

  it('compares values ignoring case and surrounding spaces', () => {
    expect(matchesFilters(redZaraDress, filters({ brands: [' zara '], colors: ['RED'] }))).toBe(true);
    expect(matchesFilters({ items: [{ brand: 'Pull  & Bear' }] }, filters({ brands: ['pull & bear'] }))).toBe(
      true,
    );
  });

  it('matches styles against the caption hashtags by tag key', () => {
    expect(filterPosts(posts, filters({ styles: ['Formal'] }))).toEqual([plainShirt]);
    expect(filterPosts(posts, filters({ styles: ['Plus Size'] }))).toEqual([redZaraDress]);
    expect(filterPosts(posts, filters({ styles: ['Casual', 'Evening'] }))).toEqual([redZaraDress, noItems]);
    // Equality, not containment: '#Evening' is not the style 'Even'.
    expect(filterPosts(posts, filters({ styles: ['Even'] }))).toEqual([]);
  });

  it('matches styles against separately given tags too', () => {
    expect(matchesFilters({ tags: ['Streetwear'], items: [] }, filters({ styles: ['streetwear'] }))).toBe(
      true,
    );
  });

  it('needs every selected category to match (AND)', () => {
    expect(filterPosts(posts, filters({ brands: ['Zara'], sizes: ['M'] }))).toEqual([redZaraDress]);
    // Zara matches the dress post, size S only the shirt post: no post has both.
    expect(filterPosts(posts, filters({ brands: ['Zara'], sizes: ['S'] }))).toEqual([]);
    expect(
      filterPosts(
        posts,
        filters({
          sizes: ['38'],
          colors: ['None'],
          patterns: ['Floral'],
          productTypes: ['Dress'],
          brands: ['Nike'],
          styles: ['Evening'],
        }),
      ),
    ).toEqual([redZaraDress]);
    expect(filterPosts(posts, filters({ styles: ['Casual'], brands: ['Zara'] }))).toEqual([]);
  });

  it('allows different items to satisfy different categories', () => {
    // Brand from the dress, size from the shoes.
    expect(matchesFilters(redZaraDress, filters({ brands: ['Zara'], sizes: ['38'] }))).toBe(true);
  });

  it('ignores blank selected values', () => {
    expect(matchesFilters(plainShirt, filters({ sizes: ['', '  '] }))).toBe(true);
  });

  it('gives the same answers through a compiled predicate', () => {
    const predicate = compileFilters(filters({ colors: ['White'] }));
    expect(posts.map(predicate)).toEqual([false, true, false]);
  });
});

describe('postTags and matchesCategory', () => {
  it('joins caption hashtags and given tags', () => {
    expect(postTags({ caption: '#a1 text', tags: ['b'] })).toEqual(['a1', 'b']);
    expect(postTags({ caption: null })).toEqual([]);
  });

  it('matches tags that equal or contain the category, ignoring case', () => {
    expect(matchesCategory({ caption: '#Casual' }, 'casual')).toBe(true);
    expect(matchesCategory({ caption: '#SmartCasual' }, 'Casual')).toBe(true);
    expect(matchesCategory({ caption: '#PlusSize' }, 'plus size')).toBe(true);
    expect(matchesCategory({ caption: '#Formal' }, 'casual')).toBe(false);
    expect(matchesCategory({ caption: '#Formal' }, '')).toBe(false);
  });
});

describe('URL encoding of filters', () => {
  const set = filters({
    sizes: ['M', '32B'],
    colors: ['None'],
    styles: ['Plus Size'],
    patterns: [],
    productTypes: ['Co-ords'],
    brands: ['H&M', 'Pull & Bear'],
  });

  it('gives one repeated parameter per value in category order', () => {
    expect(filterSetToSearchParams(set)).toEqual([
      ['size', 'M'],
      ['size', '32B'],
      ['color', 'None'],
      ['style', 'Plus Size'],
      ['type', 'Co-ords'],
      ['brand', 'H&M'],
      ['brand', 'Pull & Bear'],
    ]);
  });

  it('round-trips through URLSearchParams', () => {
    const params = new URLSearchParams(filterSetToSearchParams(set));
    expect(params.toString()).toBe(
      'size=M&size=32B&color=None&style=Plus+Size&type=Co-ords&brand=H%26M&brand=Pull+%26+Bear',
    );
    expect(filterSetFromSearchParams(new URLSearchParams(params.toString()))).toEqual(set);
  });

  it('builds a query string that URLSearchParams reads back', () => {
    const query = filterSetToQueryString(set);
    expect(query).toBe(
      'size=M&size=32B&color=None&style=Plus%20Size&type=Co-ords&brand=H%26M&brand=Pull%20%26%20Bear',
    );
    expect(filterSetFromSearchParams(new URLSearchParams(query))).toEqual(set);
    expect(filterSetToQueryString(createEmptyFilterSet())).toBe('');
  });

  it('keeps Hebrew values', () => {
    const hebrew = filters({ brands: ['קסטרו'] });
    expect(filterSetFromSearchParams(new URLSearchParams(filterSetToQueryString(hebrew)))).toEqual(hebrew);
  });

  it('ignores other parameters, blanks and repeats', () => {
    const params = new URLSearchParams('swipe=1&size=M&size=m&size=%20&brand=%20Zara%20&colour=Red');
    expect(filterSetFromSearchParams(params)).toEqual(filters({ sizes: ['M'], brands: ['Zara'] }));
  });

  it('reads nothing from an empty URL', () => {
    expect(filterSetFromSearchParams(new URLSearchParams(''))).toEqual(createEmptyFilterSet());
  });
});

describe('knownFilterSet', () => {
  it('drops values that are no option and spells the others as the options do', () => {
    const filters: FilterSet = {
      sizes: ['XXXXL', 'm', 'One Size'],
      colors: ['Plaid', 'black', 'None'],
      styles: ['casual', 'Nope'],
      patterns: ['floral', 'Tartan'],
      productTypes: ['DRESS', 'Spaceship'],
      brands: ['Any Brand', 'zara'],
    };
    expect(knownFilterSet(filters)).toEqual({
      sizes: ['M', 'One Size'],
      colors: ['Black', 'None'],
      styles: ['Casual'],
      patterns: ['Floral'],
      productTypes: ['Dress'],
      brands: ['Any Brand', 'zara'],
    });
  });

  it('leaves nothing of a filter set with no real option', () => {
    expect(countSelected(knownFilterSet({ ...createEmptyFilterSet(), colors: ['Plaid'] }))).toBe(0);
  });
});
