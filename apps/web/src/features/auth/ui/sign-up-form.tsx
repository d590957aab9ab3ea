import type { WeakPasswordReasons } from '@supabase/auth-js';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/shared/ui/form-field';
import { notify } from '@/shared/ui/toast';
import { type SignUpResult, useSignUp } from '../api/sign-up';
import { useAuthErrorMessage, weakPasswordReasons } from '../lib/auth-errors';
import { EmailField } from './email-field';
import { FormError } from './form-error';
import { PasswordInput } from './password-input';
import { SubmitButton } from './submit-button';
import { WeakPasswordReasonsList } from './weak-password-reasons';

export interface SignUpFormProps {
  /** Called before the request: the screen holds its redirect until the outcome is known. */
  onSubmitting: () => void;
  onSignedUp: (result: SignUpResult, email: string) => void;
  onFailed: () => void;
  /** The address typed so far: the screen holds it, so switching between Sign In and Sign Up keeps it. */
  email: string;
  onEmailChange: (email: string) => void;
}

/** Email and password for a new account; 'Sign Up Error' with the server's message on failure. */
export function SignUpForm({
  onSubmitting,
  onSignedUp,
  onFailed,
  email,
  onEmailChange: setEmail,
}: SignUpFormProps) {
  const { t } = useTranslation();
  const authErrorMessage = useAuthErrorMessage();
  const errorId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reasons, setReasons] = useState<WeakPasswordReasons[]>([]);
  const signUp = useSignUp();

  const clearErrors = () => {
    setError(null);
    setReasons([]);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signUp.isPending) return;
    clearErrors();
    onSubmitting();
    const address = email.trim();
    signUp.mutate(
      { email: address, password },
      {
        onSuccess: (result) => onSignedUp(result, address),
        onError: (failure) => {
          const message = authErrorMessage(failure);
          const weak = weakPasswordReasons(failure);
          // Too weak: the reasons under the field say it in the user's language (the toast has the server's words).
          setError(weak.length > 0 ? null : message);
          setReasons(weak);
          notify.destructive(t('auth.signUp.error'), { description: message });
          if (weak.length > 0) passwordRef.current?.focus();
          onFailed();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      <EmailField
        value={email}
        onChange={(value) => {
          setEmail(value);
          clearErrors();
        }}
        describedBy={errorId}
      />
      <FormField
        label={t('auth.password')}
        describedBy={errorId}
        error={reasons.length > 0 ? <WeakPasswordReasonsList reasons={reasons} /> : undefined}
      >
        {(control) => (
          <PasswordInput
            {...control}
            ref={passwordRef}
            name="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              clearErrors();
            }}
          />
        )}
      </FormField>
      <FormError id={errorId} message={error} />
      <SubmitButton pending={signUp.isPending} pendingLabel={t('auth.signUp.pending')}>
        {t('auth.signUp.submit')}
      </SubmitButton>
    </form>
  );
}
