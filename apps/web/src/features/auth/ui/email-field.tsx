import { useTranslation } from 'react-i18next';
import { FormField } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';

export interface EmailFieldProps {
  value: string;
  /** Called with the new text on every keystroke (forms clear their error here). */
  onChange: (value: string) => void;
  /** The id of the form's error message, read out with the field. */
  describedBy?: string;
}

/** The 'Email' field every auth form starts with: an address, never auto-capitalised or spell-checked. */
export function EmailField({ value, onChange, describedBy }: EmailFieldProps) {
  const { t } = useTranslation();
  return (
    <FormField label={t('auth.email')} describedBy={describedBy}>
      {(control) => (
        <Input
          {...control}
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
