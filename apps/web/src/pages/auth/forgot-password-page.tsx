import { KeyRoundIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import { useAuthErrorMessage } from '@/features/auth/lib/auth-errors';
import { AuthHeading } from '@/features/auth/ui/auth-heading';
import { CheckEmail } from '@/features/auth/ui/check-email';
import { EmailField } from '@/features/auth/ui/email-field';
import { FormError } from '@/features/auth/ui/form-error';
import { SubmitButton } from '@/features/auth/ui/submit-button';
import { buttonClasses } from '@/shared/ui/button';
import { EmailText } from '@/shared/ui/email-text';
import { notify } from '@/shared/ui/toast';

const SIGN_IN_PATH = '/auth?tab=sign-in';

/**
 * /auth/forgot: asks for the account's email and mails a recovery link. The answer is the same whether
 * or not the address has an account, so the screen cannot be used to find out who is registered.
 */
export default function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const authErrorMessage = useAuthErrorMessage();
  const errorId = useId();
  // The address already typed on Sign In comes along (Forgot password? passes it in the link's state).
  const carried: unknown = useLocation().state;
  const [email, setEmail] = useState(() =>
    carried && typeof carried === 'object' && 'email' in carried && typeof carried.email === 'string'
      ? carried.email
      : '',
  );
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    setError(null);
    const address = email.trim();
    request.mutate(address, {
      onSuccess: () => setSentTo(address),
      onError: (failure) => {
        const message = authErrorMessage(failure);
        setError(message);
        notify.destructive(t('auth.forgot.error'), { description: message });
      },
    });
  };

  const backToSignIn = (
    <Link
      to={SIGN_IN_PATH}
      className={buttonClasses({ variant: 'outline', size: 'lg', className: 'w-full' })}
    >
      {t('auth.backToSignIn')}
    </Link>
  );

  if (sentTo) {
    return (
      <div className="px-6 pt-10">
        <CheckEmail
          title={t('auth.forgot.sentTitle')}
          description={<EmailText i18nKey="auth.forgot.sentDescription" email={sentTo} />}
          action={
            <div className="flex w-full flex-col gap-2">
              <Link
                to="/auth/reset"
                state={{ email: sentTo }}
                className={buttonClasses({ size: 'lg', className: 'w-full' })}
              >
                {t('auth.forgot.enterCode')}
              </Link>
              {backToSignIn}
            </div>
          }
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-7 px-6 pt-10">
      <AuthHeading
        icon={<KeyRoundIcon />}
        title={t('auth.forgot.title')}
        description={t('auth.forgot.description')}
      />
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <EmailField
          value={email}
          onChange={(value) => {
            setEmail(value);
            setError(null);
          }}
          describedBy={errorId}
        />
        <FormError id={errorId} message={error} />
        <SubmitButton pending={request.isPending} pendingLabel={t('auth.forgot.pending')}>
          {t('auth.forgot.submit')}
        </SubmitButton>
        <Link
          to={SIGN_IN_PATH}
          className={buttonClasses({ variant: 'ghost', size: 'md', className: 'self-center' })}
        >
          {t('auth.backToSignIn')}
        </Link>
      </form>
    </div>
  );
}
