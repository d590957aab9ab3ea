import { MailOpenIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVerifyRecoveryCode } from '../api/verify-recovery';
import { AuthHeading } from './auth-heading';
import { CodeField, useCodeField } from './code-field';
import { EmailField } from './email-field';
import { SubmitButton } from './submit-button';

export interface RecoveryCodeFormProps {
  /** The address the mail went to, when this browser knows it (it asked for the mail). */
  initialEmail?: string;
}

/**
 * The reset mail's "Or enter this code": the address and the 6-digit code sign in for choosing a new
 * password, in any browser. The session that follows brings the new-password form.
 */
export function RecoveryCodeForm({ initialEmail = '' }: RecoveryCodeFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(initialEmail);
  const field = useCodeField();
  const verify = useVerifyRecoveryCode();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (verify.isPending || !field.validate()) return;
    verify.mutate(
      { email: email.trim(), code: field.code },
      { onError: (failure) => field.refuse(failure, t('auth.reset.codeError')) },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <AuthHeading
        icon={<MailOpenIcon />}
        title={t('auth.reset.codeTitle')}
        description={t('auth.reset.codeDescription')}
      />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <EmailField value={email} onChange={setEmail} />
        <CodeField label={t('auth.reset.code')} field={field} autoFocus={initialEmail !== ''} />
        <SubmitButton pending={verify.isPending} pendingLabel={t('auth.reset.codePending')}>
          {t('auth.reset.codeSubmit')}
        </SubmitButton>
      </form>
    </div>
  );
}
