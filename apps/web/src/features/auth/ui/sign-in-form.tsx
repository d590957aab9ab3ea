import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '@/shared/ui/form-field';
import { notify } from '@/shared/ui/toast';
import { type SignInResult, useSignIn } from '../api/sign-in';
import { useAuthErrorMessage } from '../lib/auth-errors';
import { EmailField } from './email-field';
import { FormError } from './form-error';
import { PasswordInput } from './password-input';
import { SubmitButton } from './submit-button';

export interface SignInFormProps {
  /** Called before the request: the screen holds its redirect until the outcome is known. */
  onSubmitting: () => void;
  onSignedIn: (result: SignInResult) => void;
  onFailed: () => void;
  /** The address typed so far: the screen holds it, so switching between Sign In and Sign Up keeps it. */
  email: string;
  onEmailChange: (email: string) => void;
}

/** Email and password; 'Sign In Error' with the server's message on failure. */
export function SignInForm({
  onSubmitting,
  onSignedIn,
  onFailed,
  email,
  onEmailChange: setEmail,
}: SignInFormProps) {
  const { t } = useTranslation();
  const authErrorMessage = useAuthErrorMessage();
  const errorId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signIn = useSignIn();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    setError(null);
    onSubmitting();
    signIn.mutate(
      { email: email.trim(), password },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          const message = authErrorMessage(failure);
          setError(message);
          notify.destructive(t('auth.signIn.error'), { description: message });
          passwordRef.current?.select();
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
          setError(null);
        }}
        describedBy={errorId}
      />
      <FormField
        label={t('auth.password')}
        describedBy={errorId}
        labelAction={
          <Link
            to="/auth/forgot"
            state={{ email }}
            className="rounded text-[13px] font-medium text-accent-700 underline-offset-2 hover:underline"
          >
            {t('auth.signIn.forgot')}
          </Link>
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            ref={passwordRef}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
          />
        )}
      </FormField>
      <FormError id={errorId} message={error} />
      <SubmitButton pending={signIn.isPending} pendingLabel={t('auth.signIn.pending')}>
        {t('auth.signIn.submit')}
      </SubmitButton>
    </form>
  );
}
