import { addCustomValue, equalsIgnoreCase, LIMITS, STYLES } from '@sys/shared';
import { PlusIcon } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionLabel } from '@/entities/post/lib/option-label';
import { Button } from '@/shared/ui/button';
import { ToggleChip } from '@/shared/ui/chip';
import { Input } from '@/shared/ui/input';

export interface StylePickerProps {
  selected: string[];
  custom: string[];
  onChange: (next: { selected: string[]; custom: string[] }) => void;
  error?: string;
}

/** Style: chips of the style list and the user's own styles, at most 3 chosen. */
export function StylePicker({ selected, custom, onChange, error }: StylePickerProps) {
  const { t } = useTranslation();
  const label = useOptionLabel();
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const limitId = useId();
  const max = LIMITS.styleCategoriesPerPostMax;
  const full = selected.length >= max;

  const toggle = (style: string) => {
    const isSelected = selected.some((s) => equalsIgnoreCase(s, style));
    if (isSelected) onChange({ selected: selected.filter((s) => !equalsIgnoreCase(s, style)), custom });
    else if (!full) onChange({ selected: [...selected, style], custom });
  };

  const addCustom = () => {
    const value = draft.trim();
    if (value === '') return;
    const nextCustom = addCustomValue(custom, value, STYLES) as string[];
    const spelled = [...STYLES, ...nextCustom].find((s) => equalsIgnoreCase(s, value)) ?? value;
    const alreadyChosen = selected.some((s) => equalsIgnoreCase(s, spelled));
    onChange({
      custom: nextCustom,
      selected: alreadyChosen || full ? selected : [...selected, spelled],
    });
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      addCustom();
    }
  };

  return (
    <div className="flex flex-col gap-3">
      {/* Read out as it changes: with the third style chosen it also says why the others are off. */}
      <p className="text-[13px] text-muted" aria-live="polite">
        {t('postForm.stylesCount', { count: selected.length, max })}
        {full ? (
          <>
            {' · '}
            <span id={limitId} className="font-medium text-ink-soft">
              {t('postForm.stylesLimit', { max })}
            </span>
          </>
        ) : null}
      </p>
      <ul className="flex flex-wrap gap-2">
        {[...STYLES, ...custom].map((style) => {
          const isSelected = selected.some((s) => equalsIgnoreCase(s, style));
          return (
            <li key={style}>
              <ToggleChip
                selected={isSelected}
                disabled={!isSelected && full}
                aria-describedby={!isSelected && full ? limitId : undefined}
                onClick={() => toggle(style)}
              >
                {label('styles', style)}
              </ToggleChip>
            </li>
          );
        })}
      </ul>
      <div className="flex items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('postForm.customStyle')}
        </label>
        <Input
          id={inputId}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('postForm.customStyle')}
          maxLength={40}
          enterKeyHint="done"
        />
        <Button variant="outline" onClick={addCustom} disabled={draft.trim() === ''}>
          <PlusIcon aria-hidden />
          {t('postForm.addStyle')}
        </Button>
      </div>
      {error ? (
        <p className="text-[13px] text-danger" data-invalid="true" tabIndex={-1}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
