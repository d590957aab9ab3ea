import { equalsIgnoreCase, uniqueIgnoreCase } from '@sys/shared';
import { CheckIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/shared/ui/form-field';
import { IconButton } from '@/shared/ui/icon-button';
import { Input } from '@/shared/ui/input';
import { Select } from '@/shared/ui/select';

/** The select option that switches the field to typing a custom value. */
const ADD_CUSTOM = '__add_custom__';

export interface OptionFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The shared list's values. */
  options: readonly string[];
  /** Values users added in this form. */
  custom: readonly string[];
  /** Adds a custom value to the form's list (ignored when blank or already present). */
  onAddCustom: (value: string) => void;
  /** 'Add custom brand' and the like. */
  addLabel: string;
  placeholder: string;
  customPlaceholder: string;
  optionLabel?: (value: string) => string;
}

/**
 * A select of a shared list plus the user's own values. Its last option switches the field to a text
 * input: Enter confirms the new value, Escape goes back to the list (spec section 2).
 */
export function OptionField({
  label,
  value,
  onChange,
  options,
  custom,
  onAddCustom,
  addLabel,
  placeholder,
  customPlaceholder,
  optionLabel = (v) => v,
}: OptionFieldProps) {
  const { t } = useTranslation();
  const [typing, setTyping] = useState(false);
  const [draft, setDraft] = useState('');

  // Each name once, ignoring case: a custom value the shared list also has (it was published meanwhile,
  // or a scrape found it) would otherwise be two options, and the field would show both of them.
  // The field's own value keeps its spelling; one in neither list (a post made elsewhere) still shows.
  const values = uniqueIgnoreCase([...options, ...custom]).map((known) =>
    value && equalsIgnoreCase(known, value) ? value : known,
  );
  if (value && !values.includes(value)) values.push(value);

  const confirm = () => {
    const trimmed = draft.trim();
    if (trimmed !== '') {
      const known = values.find((existing) => equalsIgnoreCase(existing, trimmed));
      if (!known) onAddCustom(trimmed);
      onChange(known ?? trimmed);
    }
    setTyping(false);
    setDraft('');
  };
  const cancel = () => {
    setTyping(false);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      confirm();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };

  return (
    // While typing, the field takes the whole row of the product editor's two-column grid: beside its
    // confirm and cancel buttons, half a row left the input about 65 px and cut its placeholder.
    // min-w-0: a grid cell otherwise grows to a long value's width and pushes out of the product's box.
    <FormField label={label} className={typing ? 'col-span-2 min-w-0' : 'min-w-0'}>
      {(control) =>
        typing ? (
          <div className="flex items-center gap-1">
            <Input
              {...control}
              autoFocus
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              placeholder={customPlaceholder}
              maxLength={60}
              enterKeyHint="done"
            />
            <IconButton aria-label={t('postForm.confirmCustom')} onClick={confirm}>
              <CheckIcon aria-hidden />
            </IconButton>
            <IconButton aria-label={t('postForm.cancelCustom')} onClick={cancel}>
              <XIcon aria-hidden />
            </IconButton>
          </div>
        ) : (
          <Select
            id={control.id}
            value={value}
            placeholder={placeholder}
            onValueChange={(next) => {
              if (next === ADD_CUSTOM) setTyping(true);
              else onChange(next);
            }}
            options={[
              ...values.map((option) => ({ value: option, label: optionLabel(option) })),
              { value: ADD_CUSTOM, label: `+ ${addLabel}` },
            ]}
          />
        )
      }
    </FormField>
  );
}
