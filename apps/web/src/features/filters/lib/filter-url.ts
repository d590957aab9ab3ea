import {
  countSelected,
  type FilterCategory,
  type FilterSet,
  filterSetFromSearchParams,
  filterSetToSearchParams,
  knownFilterSet,
} from '@sys/shared';

/** The search words' URL parameter, as on /explore (`?q=`), kept together with the filters. */
export const SEARCH_PARAM = 'q';

/** What Home shows through the filters: their values and the search words they refine. */
export interface FilterChoice {
  filters: FilterSet;
  q: string;
}

/**
 * The filters and search words a URL carries. A value that is no option ('?color=Plaid', 'size=XXXXL') is
 * ignored: it is neither shown as active nor sent to the server.
 */
export function readFilterChoice(params: URLSearchParams): FilterChoice {
  return {
    filters: knownFilterSet(filterSetFromSearchParams(params)),
    q: (params.get(SEARCH_PARAM) ?? '').trim(),
  };
}

/** The choice as URL parameters (the words first, then each value), for Home's URL and the server. */
export function filterChoiceParams({ filters, q }: FilterChoice): URLSearchParams {
  const params = new URLSearchParams(q ? [[SEARCH_PARAM, q]] : []);
  for (const [name, value] of filterSetToSearchParams(filters)) params.append(name, value);
  return params;
}

/** The choice without one value of a category. */
export function withoutValue(choice: FilterChoice, category: FilterCategory, value: string): FilterChoice {
  return {
    ...choice,
    filters: { ...choice.filters, [category]: choice.filters[category].filter((v) => v !== value) },
  };
}

/** Home's filters while the app runs (none: null), for 'Filter By...' opened on another page. */
let homeFilters: FilterSet | null = null;

/** Home tells which filters its feed shows: they are the filters in force until it shows others. */
export function rememberFiltersInForce(filters: FilterSet): void {
  homeFilters = countSelected(filters) > 0 ? filters : null;
}

/**
 * The filters in force for 'Filter By...': those of the page's URL (Home's, or a link's), otherwise the
 * ones Home last showed (opened on Explore after a filtered Home, it shows them selected).
 */
export function filtersInForce(params: URLSearchParams): FilterSet | null {
  const fromUrl = readFilterChoice(params).filters;
  return countSelected(fromUrl) > 0 ? fromUrl : homeFilters;
}
