import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/shared/ui/form-field';
import { notify } from '@/shared/ui/toast';
import { useAuthErrorMessage } from '../lib/auth-errors';
import { CODE_LENGTH, CodeInput } from './code-input';
import { FormError } from './form-error';

/** What the user typed into an authenticator-code field, and what is wrong with it. */
export function useCodeField() {
  const authErrorMessage = useAuthErrorMessage();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return {
    code,
    invalid,
    error,
    change: (next: string) => {
      setCode(next);
      setInvalid(false);
      setError(null);
    },
    /** Before sending: clears the last server error; false (and 'invalid' shown) unless all digits are in. */
    validate: () => {
      setError(null);
      if (code.length === CODE_LENGTH) return true;
      setInvalid(true);
      return false;
    },
    /** The server refused the code: say why, under the field and in a toast titled `title`, and clear it. */
    refuse: (failure: unknown, title: string) => {
      const message = authErrorMessage(failure);
      setError(message);
      setCode('');
      notify.destructive(title, { description: message });
    },
  };
}

export type CodeFieldState = ReturnType<typeof useCodeField>;

export interface CodeFieldProps {
  label: string;
  field: CodeFieldState;
  autoFocus?: boolean;
}

/** The labelled 6-digit code input of a form, with its 'invalid code' hint and the server's error below. */
export function CodeField({ label, field, autoFocus }: CodeFieldProps) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <>
      <FormField
        label={label}
        describedBy={errorId}
        error={field.invalid ? t('auth.mfa.invalid') : undefined}
      >
        {(control) => (
          <CodeInput
            {...control}
            name="code"
            autoFocus={autoFocus}
            required
            value={field.code}
            onValueChange={field.change}
          />
        )}
      </FormField>
      <FormError id={errorId} message={field.error} />
    </>
  );
}
