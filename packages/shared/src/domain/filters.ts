import { z } from 'zod';
import { COLORS, NONE_VALUE, PATTERNS, POST_ITEM_SIZES, PRODUCT_TYPES, STYLES } from '../constants/lists.ts';
import { extractHashtags, tagKey } from './captions.ts';
import { foldCase, uniqueIgnoreCase } from './text.ts';

/**
 * The explore filter dialog's choice: selected values per category (section 3, 'Filter sets'). Built in a
 * function call marked pure, so that bundles which only use the filter functions below (home and explore,
 * first screens of the web app) drop the schema, and zod with it.
 */
export const FilterSetSchema = /* @__PURE__ */ filterSetSchema();
function filterSetSchema() {
  return z.object({
    sizes: z.array(z.string()).default([]),
    colors: z.array(z.string()).default([]),
    styles: z.array(z.string()).default([]),
    patterns: z.array(z.string()).default([]),
    productTypes: z.array(z.string()).default([]),
    brands: z.array(z.string()).default([]),
  });
}
export type FilterSet = z.infer<typeof FilterSetSchema>;
export type FilterCategory = keyof FilterSet;

export const FILTER_CATEGORIES = [
  'sizes',
  'colors',
  'styles',
  'patterns',
  'productTypes',
  'brands',
] as const satisfies readonly FilterCategory[];

/** URL query parameter of each category; each selected value is one repeated parameter. */
export const FILTER_SEARCH_PARAMS = {
  sizes: 'size',
  colors: 'color',
  styles: 'style',
  patterns: 'pattern',
  productTypes: 'type',
  brands: 'brand',
} as const satisfies Record<FilterCategory, string>;
export type FilterSearchParam = (typeof FILTER_SEARCH_PARAMS)[FilterCategory];

export function createEmptyFilterSet(): FilterSet {
  return { sizes: [], colors: [], styles: [], patterns: [], productTypes: [], brands: [] };
}

export function isEmptyFilterSet(filters: FilterSet): boolean {
  return countSelected(filters) === 0;
}

/** How many values are selected over all categories. */
export function countSelected(filters: FilterSet): number {
  return FILTER_CATEGORIES.reduce((sum, category) => sum + filters[category].length, 0);
}

/** The item fields the filters look at, as the API's post item has them (the columns of post_items). */
export interface FilterableItem {
  size?: string | null;
  color?: string | null;
  pattern?: string | null;
  item_type?: string | null;
  brand?: string | null;
}

/**
 * The post fields the filters look at. Its tags are the hashtags of its caption, plus `tags` when the
 * caller has them separately.
 */
export interface FilterablePost {
  caption?: string | null;
  tags?: readonly string[];
  items: readonly FilterableItem[];
}

function keySet(values: readonly string[], key: (value: string) => string): Set<string> | null {
  const keys = new Set(values.map(key).filter((k) => k !== ''));
  return keys.size === 0 ? null : keys;
}

/** An item's colour or pattern, with 'None' for an item that has none. */
function orNone(value: string | null | undefined): string {
  return value == null || value.trim() === '' ? NONE_VALUE : value;
}

function has(keys: Set<string>, value: string | null | undefined): boolean {
  return value != null && keys.has(foldCase(value));
}

/**
 * A predicate for the section 5 filter logic, built once per filter set:
 * - within a category a post matches when any of its items has one of the selected values (size; colour,
 *   'None' when empty; pattern, 'None' when empty; item type; brand), compared ignoring case;
 * - styles match the post's tags (hashtags), compared by tagKey ('Plus Size' matches '#PlusSize');
 * - every category with a selection must match; no selection at all matches every post.
 */
export function compileFilters(filters: FilterSet): (post: FilterablePost) => boolean {
  const sizes = keySet(filters.sizes, foldCase);
  const colors = keySet(filters.colors, foldCase);
  const patterns = keySet(filters.patterns, foldCase);
  const types = keySet(filters.productTypes, foldCase);
  const brands = keySet(filters.brands, foldCase);
  const styles = keySet(filters.styles, tagKey);

  return (post) => {
    const items = post.items;
    if (sizes && !items.some((item) => has(sizes, item.size))) return false;
    if (colors && !items.some((item) => has(colors, orNone(item.color)))) return false;
    if (patterns && !items.some((item) => has(patterns, orNone(item.pattern)))) return false;
    if (types && !items.some((item) => has(types, item.item_type))) return false;
    if (brands && !items.some((item) => has(brands, item.brand))) return false;
    if (styles && !postTags(post).some((tag) => styles.has(tagKey(tag)))) return false;
    return true;
  };
}

export function matchesFilters(post: FilterablePost, filters: FilterSet): boolean {
  return compileFilters(filters)(post);
}

/** The posts matching the filters, in their original order. */
export function filterPosts<P extends FilterablePost>(posts: readonly P[], filters: FilterSet): P[] {
  const matches = compileFilters(filters);
  return posts.filter(matches);
}

/** A post's tags: the hashtags of its caption followed by any separately given tags. */
export function postTags(post: Pick<FilterablePost, 'caption' | 'tags'>): string[] {
  return [...extractHashtags(post.caption), ...(post.tags ?? [])];
}

/**
 * The category page's rule (section 3): a post belongs to a style category when one of its tags equals or
 * contains the category, ignoring case (and, like every tag comparison, spaces and underscores).
 */
export function matchesCategory(post: Pick<FilterablePost, 'caption' | 'tags'>, category: string): boolean {
  const key = tagKey(category);
  if (key === '') return false;
  return postTags(post).some((tag) => tagKey(tag).includes(key));
}

/**
 * The filters as URL query parameters, for shareable filtered feeds: one [name, value] pair per selected
 * value, in category order. Pass the result to `new URLSearchParams(...)`.
 */
export function filterSetToSearchParams(filters: FilterSet): Array<[FilterSearchParam, string]> {
  const entries: Array<[FilterSearchParam, string]> = [];
  for (const category of FILTER_CATEGORIES) {
    for (const value of uniqueIgnoreCase(filters[category])) {
      entries.push([FILTER_SEARCH_PARAMS[category], value]);
    }
  }
  return entries;
}

/** The filters as a query string without '?', '' when nothing is selected. */
export function filterSetToQueryString(filters: FilterSet): string {
  return filterSetToSearchParams(filters)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
}

/** What filterSetFromSearchParams needs of a URLSearchParams. */
export interface SearchParamsReader {
  getAll(name: string): string[];
}

/**
 * The filters a URL carries. Blank values and case-insensitive repeats are dropped, values are trimmed;
 * unrelated parameters are ignored.
 */
export function filterSetFromSearchParams(params: SearchParamsReader): FilterSet {
  const filters = createEmptyFilterSet();
  for (const category of FILTER_CATEGORIES) {
    filters[category] = uniqueIgnoreCase(params.getAll(FILTER_SEARCH_PARAMS[category]));
  }
  return filters;
}

/**
 * The options the filter dialog offers per category; brands are open (any tagged brand can be chosen), so
 * they have no fixed list.
 */
export const FILTER_OPTIONS = {
  sizes: POST_ITEM_SIZES,
  colors: COLORS,
  styles: STYLES,
  patterns: PATTERNS,
  productTypes: PRODUCT_TYPES,
  brands: null,
} as const satisfies Record<FilterCategory, readonly string[] | null>;

/**
 * The filters with only real options (a hand-edited or stale link's ?color=Plaid or size=XXXXL is dropped),
 * each in the option's own spelling ('black' -> 'Black'); brands are kept as they are.
 */
export function knownFilterSet(filters: FilterSet): FilterSet {
  const known = createEmptyFilterSet();
  for (const category of FILTER_CATEGORIES) {
    const options: readonly string[] | null = FILTER_OPTIONS[category];
    if (options === null) {
      known[category] = [...filters[category]];
      continue;
    }
    const byKey = new Map(options.map((option) => [foldCase(option), option]));
    known[category] = uniqueIgnoreCase(
      filters[category].flatMap((value) => byKey.get(foldCase(value)) ?? []),
    );
  }
  return known;
}
