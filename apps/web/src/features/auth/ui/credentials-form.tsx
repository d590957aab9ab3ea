import type { WeakPasswordReasons } from '@supabase/auth-js';
import { PROFILE_LIMITS } from '@sys/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormField } from '@/shared/ui/form-field';
import { Input } from '@/shared/ui/input';
import { notify } from '@/shared/ui/toast';
import { type SignInResult, useSignIn } from '../api/sign-in';
import { type SignUpCredentials, type SignUpResult, useSignUp } from '../api/sign-up';
import { useAuthErrorMessage, weakPasswordMinLength, weakPasswordReasons } from '../lib/auth-errors';
import { EmailField } from './email-field';
import { FormError } from './form-error';
import { PasswordInput } from './password-input';
import { SubmitButton } from './submit-button';
import { WeakPasswordReasonsList } from './weak-password-reasons';

interface CredentialsFormFields {
  /** Called before the request: the screen holds its redirect until the outcome is known. */
  onSubmitting: () => void;
  onFailed: () => void;
  /** The address typed so far: the screen holds it, so switching between Sign In and Sign Up keeps it. */
  email: string;
  onEmailChange: (email: string) => void;
}

/** Email and password, sent by `submit`; '{Sign In|Sign Up} Error' with the server's message on failure. */
function CredentialsForm<Result>({
  mode,
  submit,
  onDone,
  passwordAction,
  onSubmitting,
  onFailed,
  email,
  onEmailChange: setEmail,
}: CredentialsFormFields & {
  mode: 'signIn' | 'signUp';
  submit: UseMutationResult<Result, Error, SignUpCredentials>;
  onDone: (result: Result, email: string) => void;
  /** Next to the password's label (Sign In: 'Forgot password?'). */
  passwordAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const authErrorMessage = useAuthErrorMessage();
  const errorId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  // Sign Up only: the optional name others see on the profile (else the username).
  const [fullName, setFullName] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Sign Up only: why the server found the password too weak.
  const [reasons, setReasons] = useState<WeakPasswordReasons[]>([]);
  const [minLength, setMinLength] = useState<number | undefined>(undefined);

  const clearErrors = () => {
    setError(null);
    setReasons([]);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    clearErrors();
    onSubmitting();
    const address = email.trim();
    submit.mutate(mode === 'signUp' ? { email: address, password, fullName } : { email: address, password }, {
      onSuccess: (result) => onDone(result, address),
      onError: (failure) => {
        const message = authErrorMessage(failure);
        const weak = mode === 'signUp' ? weakPasswordReasons(failure) : [];
        // Too weak: the reasons under the field say it, once (the toast only names the failure).
        setError(weak.length > 0 ? null : message);
        setReasons(weak);
        setMinLength(weakPasswordMinLength(failure));
        notify.destructive(t(`auth.${mode}.error`), weak.length > 0 ? {} : { description: message });
        if (mode === 'signIn') passwordRef.current?.select();
        else if (weak.length > 0) passwordRef.current?.focus();
        onFailed();
      },
    });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4">
      {mode === 'signUp' ? (
        <FormField label={t('auth.signUp.name')} hint={t('auth.signUp.nameHint')}>
          {(control) => (
            <Input
              {...control}
              name="name"
              autoComplete="name"
              dir="auto"
              maxLength={PROFILE_LIMITS.displayNameMaxChars}
              value={fullName}
              onChange={(event) => setFullName(event.target.value)}
            />
          )}
        </FormField>
      ) : null}
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
        labelAction={passwordAction}
        error={
          reasons.length > 0 ? <WeakPasswordReasonsList reasons={reasons} minLength={minLength} /> : undefined
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            ref={passwordRef}
            name="password"
            autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
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
      <SubmitButton pending={submit.isPending} pendingLabel={t(`auth.${mode}.pending`)}>
        {t(`auth.${mode}.submit`)}
      </SubmitButton>
    </form>
  );
}

export interface SignInFormProps extends CredentialsFormFields {
  onSignedIn: (result: SignInResult) => void;
}

/** Email and password; 'Sign In Error' with the server's message on failure. */
export function SignInForm({ onSignedIn, ...fields }: SignInFormProps) {
  const { t } = useTranslation();
  const signIn = useSignIn();
  return (
    <CredentialsForm
      {...fields}
      mode="signIn"
      submit={signIn}
      onDone={onSignedIn}
      passwordAction={
        <Link
          to="/auth/forgot"
          state={{ email: fields.email }}
          className="rounded text-[13px] font-medium text-accent-700 underline-offset-2 hover:underline"
        >
          {t('auth.signIn.forgot')}
        </Link>
      }
    />
  );
}

export interface SignUpFormProps extends CredentialsFormFields {
  onSignedUp: (result: SignUpResult, email: string) => void;
}

/** Email and password for a new account; 'Sign Up Error' with the server's message on failure. */
export function SignUpForm({ onSignedUp, ...fields }: SignUpFormProps) {
  const signUp = useSignUp();
  return <CredentialsForm {...fields} mode="signUp" submit={signUp} onDone={onSignedUp} />;
}
