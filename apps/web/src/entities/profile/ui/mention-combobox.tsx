import { type MentionSuggestions, mentionAtCaret } from '@sys/shared';
import {
  type ChangeEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '@/entities/viewer/model/use-viewer';
import { cn } from '@/shared/ui/cn';
import { Handle, UserName } from '@/shared/ui/user-name';
import { useMentionSuggestionsQuery } from '../api/get-mention-suggestions';
import { AuthorAvatar } from './author-avatar';

type Field = HTMLInputElement | HTMLTextAreaElement;
type Suggestion = MentionSuggestions['items'][number];

export interface MentionCombobox<T extends Field> {
  /** Spread on the input or text area (it becomes the combobox). */
  fieldProps: {
    role: 'combobox';
    'aria-autocomplete': 'list';
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-activedescendant': string | undefined;
    onChange: (event: ChangeEvent<T>) => void;
    onKeyDown: (event: KeyboardEvent<T>) => void;
    onSelect: (event: SyntheticEvent<T>) => void;
    onBlur: () => void;
  };
  /** The list of people, drawn where the caller wants it (near the field); nothing while closed. */
  listbox: ReactNode;
  /** True while the list shows: a dialog around the field should leave Escape to it. */
  open: boolean;
}

/**
 * Suggestions while typing '@' in a caption or a comment (WAI-ARIA combobox with a listbox popup): the
 * field keeps the focus, the arrow keys move through the people, Enter or Tab writes the chosen
 * '@username ' in place of what was typed, Escape closes the list. People the viewer follows come first
 * (the server's order). Visitors get no suggestions.
 */
export function useMentionCombobox<T extends Field>(
  value: string,
  onValueChange: (value: string) => void,
  fieldRef: RefObject<T | null>,
): MentionCombobox<T> {
  const { t } = useTranslation();
  const { viewerId } = useViewer();
  const id = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  // Where the caret goes once the chosen name is in the field: set as the new value is committed, before
  // the browser handles another key (a frame later, the next letters typed quickly went before the caret
  // jumped: "hi @mali_k icen" for "nice", seen in CI).
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null) return;
    pendingCaret.current = null;
    fieldRef.current?.setSelectionRange(at, at);
  });

  const typing = caret === null ? null : mentionAtCaret(value, caret);
  const query = typing && dismissedAt !== typing.start ? typing.query : null;
  const suggestions = useMentionSuggestionsQuery(viewerId, query);
  const items = query !== null ? (suggestions.data?.items ?? []) : [];
  const open = items.length > 0;
  const activeIndex = Math.min(active, Math.max(items.length - 1, 0));
  const optionId = (index: number) => `${id}-option-${index}`;

  const trackCaret = (field: T) => {
    setCaret(field.selectionStart === field.selectionEnd ? field.selectionStart : null);
  };

  const choose = (person: Suggestion) => {
    if (!typing || caret === null) return;
    const inserted = `@${person.username} `;
    const next = value.slice(0, typing.start) + inserted + value.slice(caret);
    const nextCaret = typing.start + inserted.length;
    onValueChange(next);
    setCaret(nextCaret);
    setActive(0);
    // After React wrote the new value: the caret goes after the name, ready for the next word.
    pendingCaret.current = nextCaret;
  };

  const onKeyDown = (event: KeyboardEvent<T>) => {
    if (!open) return;
    const person = items[activeIndex];
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActive((activeIndex + 1) % items.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((activeIndex - 1 + items.length) % items.length);
        break;
      case 'Enter':
      case 'Tab':
        if (person) {
          event.preventDefault();
          choose(person);
        }
        break;
      case 'Escape':
        event.preventDefault();
        event.stopPropagation();
        if (typing) setDismissedAt(typing.start);
        break;
    }
  };

  const listbox = open ? (
    <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-lg">
      <div
        id={`${id}-listbox`}
        role="listbox"
        aria-label={t('mentions.label')}
        className="max-h-64 overflow-y-auto py-1"
      >
        {items.map((person, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses through the combobox (aria-activedescendant)
          <div
            key={person.id}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === activeIndex}
            // The field keeps the focus: choosing with the pointer must not blur it first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(person)}
            onMouseEnter={() => setActive(index)}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2.5 px-3 py-1.5 text-start',
              index === activeIndex && 'bg-subtle',
            )}
          >
            <AuthorAvatar url={person.avatar_url} className="size-8" />
            <span className="flex min-w-0 flex-1 flex-col">
              {person.display_name ? (
                <UserName className="truncate text-[14px] font-medium text-ink">
                  {person.display_name}
                </UserName>
              ) : null}
              <Handle username={person.username} className="truncate text-[13px] text-muted" />
            </span>
            {person.following ? (
              <span className="shrink-0 text-xs text-muted">{t('mentions.following')}</span>
            ) : null}
          </div>
        ))}
      </div>
    </div>
  ) : null;

  return {
    fieldProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': open,
      'aria-controls': `${id}-listbox`,
      'aria-activedescendant': open ? optionId(activeIndex) : undefined,
      onChange: (event) => {
        onValueChange(event.target.value);
        trackCaret(event.target);
        setActive(0);
      },
      onKeyDown,
      onSelect: (event) => trackCaret(event.currentTarget),
      onBlur: () => setCaret(null),
    },
    listbox: (
      <>
        {listbox}
        <span role="status" className="sr-only">
          {open ? t('mentions.results', { count: items.length }) : ''}
        </span>
      </>
    ),
    open,
  };
}
