import { SearchIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOptionLabel } from '@/entities/post/lib/option-label';
import { Input } from '@/shared/ui/input';
import { useSuggestionsQuery } from '../api/search-suggestions';
import { clearSearches, forgetSearch, rememberSearch, useRecentSearches } from '../model/recent-searches';
import { SUGGESTIONS_PAUSE_MS, useSettled } from '../model/use-settled';

/** One choice of the list: a recent search (fills the box) or a suggestion (opens its page). */
interface Choice {
  key: string;
  label: string;
  /** For suggestions: the page it opens. */
  to?: string;
  /** For recent searches: the text it searches. */
  recent?: string;
}

/**
 * The search box as an ARIA combobox: while typing, a list of matching people, brands and styles;
 * focused and empty, this device's recent searches (each removable, and Clear). Arrows move, Enter
 * chooses (or, with nothing chosen, keeps the search among the recent ones), Escape closes.
 */
export function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const recent = useRecentSearches();
  const text = useSettled(q.trim(), SUGGESTIONS_PAUSE_MS);
  const suggestions = useSuggestionsQuery(open ? text : '');
  const typing = q.trim() !== '';

  const choices: Choice[] = typing
    ? [
        ...(suggestions.data?.people ?? []).map((person) => ({
          key: `p:${person.id}`,
          label: person.username ? `@${person.username}` : (person.display_name ?? ''),
          to: `/profile/${encodeURIComponent(person.username ?? '')}`,
        })),
        ...(suggestions.data?.brands ?? []).map((brand) => ({
          key: `b:${brand.id}`,
          label: brand.name,
          to: `/explore/brands/${brand.id}`,
        })),
        ...(suggestions.data?.styles ?? []).map((style) => ({
          key: `s:${style}`,
          label: label('styles', style),
          to: `/explore/category/${encodeURIComponent(style.toLowerCase())}`,
        })),
      ]
    : recent.map((entry) => ({ key: `r:${entry}`, label: entry, recent: entry }));
  const expanded = open && choices.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const choose = (choice: Choice) => {
    setOpen(false);
    setActive(-1);
    if (choice.recent !== undefined) {
      rememberSearch(choice.recent);
      onSearch(choice.recent);
    } else if (choice.to) {
      rememberSearch(q);
      navigate(choice.to);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (choices.length === 0) return;
      const count = choices.length;
      setActive((index) =>
        event.key === 'ArrowDown' ? (index + 1) % count : index <= 0 ? count - 1 : index - 1,
      );
    } else if (event.key === 'Enter') {
      const choice = expanded ? choices[active] : undefined;
      if (choice) {
        event.preventDefault();
        choose(choice);
      } else {
        rememberSearch(q);
        setOpen(false);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="relative flex-1">
      <SearchIcon
        aria-hidden
        className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted"
      />
      <Input
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={
          expanded && active >= 0 && active < choices.length ? optionId(active) : undefined
        }
        value={q}
        onChange={(event) => {
          onSearch(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder={t('explore.searchPlaceholder')}
        aria-label={t('explore.searchPlaceholder')}
        className="ps-10"
      />
      <div
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-xl border border-line bg-surface shadow-lg"
      >
        {!typing ? (
          <div className="flex items-center justify-between px-3 pt-2 text-xs font-semibold text-muted">
            <span id={`${listId}-title`}>{t('explore.recent.title')}</span>
            <button
              type="button"
              className="rounded px-2 py-1 text-accent-700 hover:bg-subtle"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => clearSearches()}
            >
              {t('explore.recent.clear')}
            </button>
          </div>
        ) : null}
        <div
          id={listId}
          role="listbox"
          aria-label={typing ? t('explore.suggestions') : t('explore.recent.title')}
          className="max-h-80 overflow-y-auto py-1"
        >
          {choices.map((choice, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses through the combobox (aria-activedescendant)
            <div
              key={choice.key}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={`flex min-h-11 cursor-pointer items-center gap-2 px-3 text-sm text-ink ${index === active ? 'bg-subtle' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(choice)}
            >
              <span dir="auto" className="flex-1 truncate">
                {choice.label}
              </span>
              {choice.recent !== undefined ? (
                <button
                  type="button"
                  tabIndex={-1}
                  aria-label={t('explore.recent.remove', { text: choice.recent })}
                  className="rounded-full p-1 text-muted hover:bg-line"
                  onClick={(event) => {
                    event.stopPropagation();
                    forgetSearch(choice.recent ?? '');
                  }}
                >
                  <XIcon aria-hidden className="size-4" />
                </button>
              ) : null}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
