import type { WeakPasswordReasons } from '@supabase/auth-js';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/shared/ui/form-field';
import { notify } from '@/shared/ui/toast';
import { useUpdatePassword } from '../api/update-password';
import { useAuthErrorMessage, weakPasswordMinLength, weakPasswordReasons } from '../lib/auth-errors';
import { FormError } from './form-error';
import { PasswordInput } from './password-input';
import { SubmitButton } from './submit-button';
import { WeakPasswordReasonsList } from './weak-password-reasons';

export interface NewPasswordFormProps {
  /** The account's address, for password managers (they store the new password under it). */
  email: string;
  /** Called before the request: the screen keeps this form while the session changes. */
  onSubmitting: () => void;
  onFailed: () => void;
  onUpdated: () => void;
}

/** One field, the new password (PUT /user); the server's reasons when it is too weak. */
export function NewPasswordForm({ email, onSubmitting, onFailed, onUpdated }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const authErrorMessage = useAuthErrorMessage();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasons, setReasons] = useState<WeakPasswordReasons[]>([]);
  const [minLength, setMinLength] = useState<number | undefined>(undefined);
  const update = useUpdatePassword();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    setError(null);
    setReasons([]);
    onSubmitting();
    update.mutate(password, {
      onSuccess: onUpdated,
      onError: (failure) => {
        const message = authErrorMessage(failure);
        const weak = weakPasswordReasons(failure);
        // Too weak: the reasons under the field say it, once (the toast only names the failure).
        setError(weak.length > 0 ? null : message);
        setReasons(weak);
        setMinLength(weakPasswordMinLength(failure));
        notify.destructive(t('auth.reset.error'), weak.length > 0 ? {} : { description: message });
        onFailed();
      },
    });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField
        label={t('auth.newPassword')}
        describedBy={errorId}
        error={
          reasons.length > 0 ? <WeakPasswordReasonsList reasons={reasons} minLength={minLength} /> : undefined
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="new-password"
            autoComplete="new-password"
            required
            autoFocus
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
              setReasons([]);
            }}
          />
        )}
      </FormField>
      <FormError id={errorId} message={error} />
      <SubmitButton pending={update.isPending} pendingLabel={t('auth.reset.pending')}>
        {t('auth.reset.submit')}
      </SubmitButton>
    </form>
  );
}
