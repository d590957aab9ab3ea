import { ShieldCheckIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { notify } from '@/components/ui/toast';
import { useVerifySignInCode } from '../api/verify-sign-in-code';
import { useAuthErrorMessage } from '../utils/auth-errors';
import { AuthHeading } from './auth-heading';
import { CODE_LENGTH, CodeInput } from './code-input';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';

export interface SecondFactorFormProps {
  /** Called before the request: the screen holds its redirect until the outcome is known. */
  onSubmitting?: () => void;
  onVerified: () => void;
  onFailed?: () => void;
  /** Leave without the code (signs this browser out). */
  onCancel: () => void;
  /** The toast title of a failed code ('Sign In Error' on the sign-in screen). */
  errorTitle: string;
}

/** The second step of a sign-in for accounts with an authenticator app: its 6-digit code. */
export function SecondFactorForm({
  onSubmitting,
  onVerified,
  onFailed,
  onCancel,
  errorTitle,
}: SecondFactorFormProps) {
  const { t } = useTranslation();
  const authErrorMessage = useAuthErrorMessage();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifySignInCode();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending) return;
    setError(null);
    if (code.length !== CODE_LENGTH) {
      setInvalid(true);
      return;
    }
    onSubmitting?.();
    verify.mutate(code, {
      onSuccess: onVerified,
      onError: (failure) => {
        const message = authErrorMessage(failure);
        setError(message);
        setCode('');
        notify.destructive(errorTitle, { description: message });
        onFailed?.();
      },
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <AuthHeading
        icon={<ShieldCheckIcon />}
        title={t('auth.mfa.title')}
        description={t('auth.mfa.description')}
      />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <FormField
          label={t('auth.mfa.code')}
          describedBy={errorId}
          error={invalid ? t('auth.mfa.invalid') : undefined}
        >
          {(control) => (
            <CodeInput
              {...control}
              name="code"
              autoFocus
              required
              value={code}
              onValueChange={(next) => {
                setCode(next);
                setInvalid(false);
                setError(null);
              }}
            />
          )}
        </FormField>
        <FormError id={errorId} message={error} />
        <SubmitButton pending={verify.isPending} pendingLabel={t('auth.mfa.pending')}>
          {t('auth.mfa.submit')}
        </SubmitButton>
        <Button variant="ghost" onClick={onCancel}>
          {t('auth.mfa.cancel')}
        </Button>
      </form>
    </div>
  );
}
