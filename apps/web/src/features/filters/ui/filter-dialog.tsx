import {
  COLORS,
  countSelected,
  createEmptyFilterSet,
  DEFAULT_BRANDS,
  DISCOVERY_LIMITS,
  type FilterCategory,
  type FilterSet,
  includesIgnoreCase,
  LIMITS,
  matchesSearch,
  NONE_VALUE,
  PATTERNS,
  POST_ITEM_SIZES,
  PRODUCT_TYPES,
  STYLES,
  uniqueIgnoreCase,
} from '@sys/shared';
import { SearchIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useOptionLabel } from '@/entities/post/lib/option-label';
import { colorSwatch } from '@/entities/post/lib/post-display';
import { useRegistrationPrompt } from '@/entities/viewer/ui/use-registration-prompt';
import { Button } from '@/shared/ui/button';
import { ToggleChip } from '@/shared/ui/chip';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/shared/ui/dialog';
import { Input } from '@/shared/ui/input';
import { filterChoiceParams, filtersInForce, readFilterChoice } from '../lib/filter-url';
import { fitsSearchParams } from '../lib/fits-params';
import { useFitsEligibility } from '../model/use-fits-eligibility';
import { FitsFilterSection } from './fits-filter-section';

type Section = { category: FilterCategory; options: readonly string[]; searchable: boolean };

export interface FilterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Brands with tagged items, added to the default list. */
  brands?: readonly string[];
  /** The values selected on open; by default the filters in force (see filtersInForce). */
  initial?: FilterSet;
}

/**
 * 'Filter By...' (spec section 2): choose values, then Apply Filters opens / with them in the URL, with the
 * search words of the page's URL (a search refined by filters keeps its words).
 */
export default function FilterDialog({ open, onOpenChange, brands = [], initial }: FilterDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [inForce] = useState(() => readFilterChoice(params));
  const [filters, setFilters] = useState<FilterSet>(
    () => initial ?? filtersInForce(params) ?? createEmptyFilterSet(),
  );
  const content = useRef<HTMLDivElement>(null);
  const [fitsOn, setFitsOn] = useState(false);
  const [tolerance, setTolerance] = useState<number>(DISCOVERY_LIMITS.fitsToleranceDefaultCm);
  const eligibility = useFitsEligibility(open);
  const { prompt, dialog } = useRegistrationPrompt();

  const sections: Section[] = [
    { category: 'sizes', options: POST_ITEM_SIZES, searchable: true },
    { category: 'colors', options: COLORS.filter((c) => c !== NONE_VALUE), searchable: true },
    { category: 'styles', options: STYLES, searchable: true },
    { category: 'patterns', options: PATTERNS.filter((p) => p !== NONE_VALUE), searchable: false },
    { category: 'productTypes', options: PRODUCT_TYPES, searchable: true },
    {
      category: 'brands',
      options: uniqueIgnoreCase([...filters.brands, ...brands, ...DEFAULT_BRANDS]),
      searchable: true,
    },
  ];

  const toggle = (category: FilterCategory, value: string) =>
    setFilters((current) => {
      const values = current[category];
      const next = includesIgnoreCase(values, value) ? values.filter((v) => v !== value) : [...values, value];
      return { ...current, [category]: next };
    });

  // 'Fits like me' compares measurements and is its own feed: while it is on, the filters wait.
  const fits = fitsOn && eligibility === 'ready';
  const apply = () => {
    const query = fits
      ? new URLSearchParams(fitsSearchParams(tolerance)).toString()
      : filterChoiceParams({ filters, q: inForce.q }).toString();
    onOpenChange(false);
    navigate(query ? `/?${query}` : '/');
  };
  const clearAll = () => {
    setFilters(createEmptyFilterSet());
    setFitsOn(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* The dialog itself takes the focus on open (its title is read out), not the Size search box: a
          text box would raise a phone's keyboard over the dialog. */}
      <DialogContent
        ref={content}
        className="flex max-h-[calc(100dvh-2rem)] flex-col p-0"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          content.current?.focus();
        }}
      >
        <DialogHeader className="px-6 pt-6">
          <DialogTitle>{t('filters.title')}</DialogTitle>
        </DialogHeader>
        <div className="flex-1 overflow-y-auto px-6 py-2">
          <FitsFilterSection
            eligibility={eligibility}
            on={fits}
            onOnChange={setFitsOn}
            tolerance={tolerance}
            onToleranceChange={setTolerance}
            onRegister={() => prompt(t('fits.registerAction'))}
          />
          <fieldset
            disabled={fits}
            aria-label={t('filters.title')}
            className="[&_button:disabled]:opacity-50 [&_input:disabled]:opacity-50"
          >
            {sections.map((section) => (
              <FilterSection
                key={section.category}
                section={section}
                selected={filters[section.category]}
                onToggle={(value) => toggle(section.category, value)}
              />
            ))}
          </fieldset>
        </div>
        <DialogFooter className="flex flex-row gap-2 border-t border-line px-6 py-4">
          <Button variant="outline" className="flex-1" onClick={clearAll}>
            {t('filters.clearAll')}
          </Button>
          <Button className="flex-1" onClick={apply}>
            {t('filters.apply')}
            {!fits && countSelected(filters) > 0 ? ` (${countSelected(filters)})` : ''}
          </Button>
        </DialogFooter>
      </DialogContent>
      {dialog}
    </Dialog>
  );
}

function FilterSection({
  section,
  selected,
  onToggle,
}: {
  section: Section;
  selected: readonly string[];
  onToggle: (value: string) => void;
}) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(false);
  const preview = section.category === 'sizes' ? LIMITS.filterPreviewSizes : LIMITS.filterPreviewOther;
  const title = t(`filters.sections.${section.category}`);
  const list =
    section.category === 'colors'
      ? 'colors'
      : section.category === 'patterns'
        ? 'patterns'
        : section.category === 'styles'
          ? 'styles'
          : section.category === 'productTypes'
            ? 'types'
            : null;
  const shownLabel = (option: string) => (list ? label(list, option) : option);
  // The search finds the label on screen (Hebrew 'שח' finds 'שחור') and the stored value too.
  const matches = section.options.filter(
    (option) => matchesSearch(shownLabel(option), query) || matchesSearch(option, query),
  );
  const shown = expanded ? matches : matches.slice(0, preview);
  const hidden = matches.length - shown.length;

  return (
    <fieldset className="border-b border-line py-4 last:border-b-0">
      <legend className="float-start mb-2 w-full text-base font-semibold text-ink">{title}</legend>
      {section.searchable ? (
        <div className="relative clear-both mb-3">
          <SearchIcon
            aria-hidden
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
          />
          <Input
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-label={t('filters.searchIn', { section: title })}
            placeholder={t('filters.searchIn', { section: title })}
            className="h-10 ps-9"
          />
        </div>
      ) : null}
      {/* clear-both: the floated legend must not share a line with the chips (without a search box in
          between, Pattern's chips were squeezed into a strip beside it). */}
      {matches.length === 0 ? (
        <p className="clear-both text-sm text-muted">{t('filters.noMatches')}</p>
      ) : null}
      <div className="clear-both flex flex-wrap gap-2">
        {shown.map((option) => (
          <ToggleChip
            key={option}
            selected={includesIgnoreCase(selected, option)}
            swatch={section.category === 'colors' ? colorSwatch(option) : undefined}
            onClick={() => onToggle(option)}
          >
            {shownLabel(option)}
          </ToggleChip>
        ))}
      </div>
      {hidden > 0 || (expanded && matches.length > preview) ? (
        <button
          type="button"
          className="mt-2 min-h-11 text-sm font-semibold text-accent-700"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('filters.showLess') : t('filters.showMore', { count: hidden })}
        </button>
      ) : null}
    </fieldset>
  );
}
