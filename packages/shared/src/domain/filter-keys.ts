import { NONE_VALUE } from '../constants/lists.ts';
import { tagKey } from './captions.ts';
import { type FilterablePost, type FilterCategory, type FilterSet, postTags } from './filters.ts';
import { foldCase } from './text.ts';

/*
 * The filter logic of section 5 (compileFilters) restated as set overlap, so that a database can answer it
 * with one array index: a post is described by its filter keys, a filter set by one key list per selected
 * category, and the post matches when it shares at least one key with every list. A key is the category's
 * prefix plus the value's comparison key, e.g. 'c:black' or 'g:plussize'. The keys are computed here, by
 * the same comparison functions the matcher uses, so the server's answer and matchesFilters agree by
 * construction (a server test checks it on generated data).
 */

export const FILTER_KEY_PREFIXES = {
  sizes: 's',
  colors: 'c',
  patterns: 'p',
  productTypes: 't',
  brands: 'b',
  styles: 'g',
} as const satisfies Record<FilterCategory, string>;

function prefixed(category: FilterCategory, key: string): string {
  return `${FILTER_KEY_PREFIXES[category]}:${key}`;
}

/** An item's colour or pattern, 'None' when it has none (as the matcher reads it). */
function orNone(value: string | null | undefined): string {
  return value == null || value.trim() === '' ? NONE_VALUE : value;
}

/** The filter key of one brand name ('b:pull & bear'); null for a blank name. */
export function brandFilterKey(brand: string): string | null {
  const key = foldCase(brand);
  return key === '' ? null : prefixed('brands', key);
}

/** Every filter key of a post, each once, in a stable order. */
export function postFilterKeys(post: FilterablePost): string[] {
  const keys = new Set<string>();
  const add = (category: FilterCategory, key: string) => {
    if (key !== '') keys.add(prefixed(category, key));
  };
  for (const item of post.items) {
    if (item.size != null) add('sizes', foldCase(item.size));
    add('colors', foldCase(orNone(item.color)));
    add('patterns', foldCase(orNone(item.pattern)));
    if (item.item_type != null) add('productTypes', foldCase(item.item_type));
    if (item.brand != null) add('brands', foldCase(item.brand));
  }
  for (const tag of postTags(post)) add('styles', tagKey(tag));
  return [...keys];
}

/**
 * One list of keys per category that has a selection (categories whose values are all blank count as
 * unselected, as in compileFilters). An empty result means "no filter": every post matches.
 */
export function filterSetKeys(filters: FilterSet): string[][] {
  const lists: string[][] = [];
  const categories: FilterCategory[] = ['sizes', 'colors', 'patterns', 'productTypes', 'brands', 'styles'];
  for (const category of categories) {
    const compare = category === 'styles' ? tagKey : foldCase;
    const keys = new Set(
      filters[category]
        .map(compare)
        .filter((key) => key !== '')
        .map((key) => prefixed(category, key)),
    );
    if (keys.size > 0) lists.push([...keys]);
  }
  return lists;
}

/** matchesFilters over precomputed keys: what the server's array query computes. */
export function matchesFilterKeys(
  postKeys: readonly string[],
  filterKeys: readonly (readonly string[])[],
): boolean {
  const own = new Set(postKeys);
  return filterKeys.every((list) => list.some((key) => own.has(key)));
}
