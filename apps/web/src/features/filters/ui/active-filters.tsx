import { FILTER_CATEGORIES, type FilterCategory, type FilterSet } from '@sys/shared';
import { FilterIcon, SlidersHorizontalIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type OptionList, useOptionLabel } from '@/entities/post/lib/option-label';
import { formatNumber } from '@/shared/lib/intl';
import { Button } from '@/shared/ui/button';
import { RemovableChip } from '@/shared/ui/chip';

/** The translated option list of each filter category (sizes and brands are names, shown as they are). */
const OPTION_LISTS: Record<FilterCategory, OptionList | null> = {
  sizes: null,
  colors: 'colors',
  styles: 'styles',
  patterns: 'patterns',
  productTypes: 'types',
  brands: null,
};

export interface ActiveFiltersProps {
  filters: FilterSet;
  /** The search words the filters refine ('' for none), shown as a chip of their own. */
  q?: string;
  /** The filtered feed's total, once known. */
  total: number | undefined;
  /** The server stopped counting at `total`: there are more ('Showing 10,000+ filtered results'). */
  totalCapped?: boolean;
  /** Removes one value (its chip's ×). */
  onRemove: (category: FilterCategory, value: string) => void;
  /** Removes the search words (their chip's ×). */
  onRemoveSearch?: () => void;
  onClear: () => void;
  /** Opens 'Filter By...' with these filters selected. */
  onChange?: () => void;
}

/**
 * Home's Active Filters panel: the chosen values, each removable on its own, and 'Showing N filtered
 * results' (spec section 2).
 */
export function ActiveFilters({
  filters,
  q = '',
  total,
  totalCapped = false,
  onRemove,
  onRemoveSearch,
  onClear,
  onChange,
}: ActiveFiltersProps) {
  const { t, i18n } = useTranslation();
  const label = useOptionLabel();
  // The value as the filter dialog named it (in Hebrew 'צבע: שחור', not 'צבע: Black'); sizes and brands are names.
  const valueLabel = (category: FilterCategory, value: string) => {
    const list = OPTION_LISTS[category];
    return list ? label(list, value) : value;
  };
  return (
    <section
      aria-labelledby="active-filters"
      className="mx-4 flex flex-col gap-3 rounded-2xl border border-line bg-subtle/50 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="active-filters" className="flex items-center gap-2 font-semibold text-ink">
          <FilterIcon aria-hidden className="size-4" />
          {t('filters.active')}
        </h2>
        <div className="flex items-center gap-1">
          {onChange ? (
            <Button variant="ghost" size="sm" onClick={onChange} aria-haspopup="dialog">
              <SlidersHorizontalIcon aria-hidden className="size-4" />
              {t('filters.change')}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={onClear}>
            {t('filters.clearAll')}
          </Button>
        </div>
      </div>
      <ul className="flex flex-wrap gap-1.5">
        {q ? (
          <li>
            <RemovableChip
              dir="auto"
              aria-label={t('filters.remove', { value: t('filters.searchWords', { q }) })}
              onClick={onRemoveSearch}
            >
              {t('filters.searchWords', { q })}
            </RemovableChip>
          </li>
        ) : null}
        {FILTER_CATEGORIES.flatMap((category) =>
          filters[category].map((value) => {
            const text = `${t(`filters.sections.${category}`)}: ${valueLabel(category, value)}`;
            return (
              <li key={`${category}:${value}`}>
                <RemovableChip
                  aria-label={t('filters.remove', { value: text })}
                  onClick={() => onRemove(category, value)}
                >
                  {text}
                </RemovableChip>
              </li>
            );
          }),
        )}
      </ul>
      <p role="status" className="text-sm text-muted">
        {total === undefined
          ? '\u00a0'
          : totalCapped
            ? t('filters.showingCapped', {
                formatted: formatNumber(i18n.resolvedLanguage, total),
              })
            : t('filters.showing', { count: total })}
      </p>
    </section>
  );
}
