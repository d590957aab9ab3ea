import { ShieldCheckIcon } from 'lucide-react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/shared/ui/button';
import { useVerifySignInCode } from '../api/verify-sign-in-code';
import { AuthHeading } from './auth-heading';
import { CodeField, useCodeField } from './code-field';
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
  const field = useCodeField();
  const verify = useVerifySignInCode();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending || !field.validate()) return;
    onSubmitting?.();
    verify.mutate(field.code, {
      onSuccess: onVerified,
      onError: (failure) => {
        field.refuse(failure, errorTitle);
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
        <CodeField label={t('auth.mfa.code')} field={field} autoFocus />
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
