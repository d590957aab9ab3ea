import { SearchIcon, XIcon } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOptionLabel } from '@/entities/post/lib/option-label';
import { cn } from '@/shared/ui/cn';
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

/** Whether a key moves toward the end of a line in the box's writing direction (right in English). */
function towardEnd(key: string, element: HTMLElement): boolean {
  const rtl = element.closest('[dir]')?.getAttribute('dir') === 'rtl';
  return key === (rtl ? 'ArrowLeft' : 'ArrowRight');
}

/**
 * The search box as an ARIA combobox: while typing, a listbox of matching people, brands, styles and hashtags;
 * focused and empty, a grid of this device's recent searches, each row the search and its Remove button
 * (the APG's combobox with a grid popup). Up and down move between rows, the arrow toward the line's end
 * reaches Remove and back; Enter chooses the active cell (or, with nothing chosen, keeps the search
 * among the recent ones), Delete removes the active recent search, Escape closes. Tab reaches Clear.
 */
export function SearchBox({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const navigate = useNavigate();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // In the recent-searches grid: whether the active cell is the row's Remove button.
  const [onRemove, setOnRemove] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
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
        ...(suggestions.data?.tags ?? []).map((tag) => ({
          key: `t:${tag.tag}`,
          label: `#${tag.tag}`,
          to: `/tag/${encodeURIComponent(tag.tag)}`,
        })),
      ]
    : recent.map((entry) => ({ key: `r:${entry}`, label: entry, recent: entry }));
  const expanded = open && choices.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;
  const removeId = (index: number) => `${listId}-${index}-remove`;
  const hintId = `${listId}-hint`;
  const activeId =
    expanded && active >= 0 && active < choices.length
      ? !typing && onRemove
        ? removeId(active)
        : optionId(active)
      : undefined;

  const moveTo = (index: number, remove = false) => {
    setActive(index);
    setOnRemove(remove);
  };

  /** Removes the recent search in row `index`; the row that takes its place stays active. */
  const remove = (index: number) => {
    const entry = recent[index];
    if (entry === undefined) return;
    forgetSearch(entry);
    const left = recent.length - 1;
    if (left === 0) moveTo(-1);
    else if (active >= 0) setActive(Math.min(index, left - 1));
  };

  const choose = (choice: Choice) => {
    setOpen(false);
    moveTo(-1);
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
    } else if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && !typing && activeId) {
      // Only over the recent searches, when the box is empty: there is no text to move through.
      event.preventDefault();
      setOnRemove(towardEnd(event.key, event.currentTarget));
    } else if (event.key === 'Delete' && !typing && activeId) {
      event.preventDefault();
      remove(active);
    } else if (event.key === 'Enter') {
      const choice = expanded ? choices[active] : undefined;
      if (choice && !typing && onRemove) {
        event.preventDefault();
        remove(active);
      } else if (choice) {
        event.preventDefault();
        choose(choice);
      } else {
        rememberSearch(q);
        setOpen(false);
      }
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      moveTo(-1);
    }
  };

  // The list stays open while focus moves between the box and its popup (Tab to Clear), and closes when it
  // leaves both.
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && (inputRef.current === next || popupRef.current?.contains(next))) return;
    setOpen(false);
  };

  return (
    <div className="relative flex-1">
      <SearchIcon
        aria-hidden
        className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-muted"
      />
      <Input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-haspopup={typing ? 'listbox' : 'grid'}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-describedby={expanded && !typing ? hintId : undefined}
        value={q}
        onChange={(event) => {
          onSearch(event.target.value);
          setOpen(true);
          moveTo(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={onBlur}
        onKeyDown={onKeyDown}
        placeholder={t('explore.searchPlaceholder')}
        aria-label={t('explore.searchPlaceholder')}
        className="ps-10"
      />
      <div
        ref={popupRef}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-xl border border-line bg-surface shadow-lg"
      >
        {!typing ? (
          <>
            <div className="flex items-center justify-between px-3 pt-2 text-xs font-semibold text-muted">
              <span id={`${listId}-title`}>{t('explore.recent.title')}</span>
              <button
                type="button"
                className="rounded px-2 py-1 text-accent-700 hover:bg-subtle"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  clearSearches();
                  moveTo(-1);
                  inputRef.current?.focus();
                }}
                onBlur={onBlur}
                onKeyDown={(event) => {
                  if (event.key !== 'Escape') return;
                  setOpen(false);
                  inputRef.current?.focus();
                }}
              >
                {t('explore.recent.clear')}
              </button>
            </div>
            <span id={hintId} className="sr-only">
              {t('explore.recent.hint')}
            </span>
            {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG's combobox grid popup; focus stays in the box */}
            <table id={listId} role="grid" aria-labelledby={`${listId}-title`} className="w-full">
              <tbody className="block max-h-80 overflow-y-auto py-1">
                {recent.map((entry, index) => (
                  <tr
                    key={entry}
                    className={`flex min-h-11 items-center gap-2 px-3 text-sm text-ink ${index === active ? 'bg-subtle' : ''}`}
                  >
                    {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses through the combobox (aria-activedescendant) */}
                    <td
                      id={optionId(index)}
                      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the grid popup
                      role="gridcell"
                      tabIndex={-1}
                      aria-selected={index === active && !onRemove}
                      dir="auto"
                      className="min-w-0 flex-1 cursor-pointer self-stretch content-center truncate"
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose({ key: entry, label: entry, recent: entry })}
                    >
                      {entry}
                    </td>
                    <td
                      id={removeId(index)}
                      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the grid popup
                      role="gridcell"
                      tabIndex={-1}
                      aria-selected={index === active && onRemove}
                    >
                      <button
                        type="button"
                        tabIndex={-1}
                        aria-label={t('explore.recent.remove', { text: entry })}
                        className={cn(
                          'rounded-full p-1 text-muted hover:bg-line',
                          index === active && onRemove && 'bg-line text-ink outline-2 outline-accent-600',
                        )}
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => remove(index)}
                      >
                        <XIcon aria-hidden className="size-4" />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        ) : (
          <div
            id={listId}
            role="listbox"
            aria-label={t('explore.suggestions')}
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
              </div>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}
