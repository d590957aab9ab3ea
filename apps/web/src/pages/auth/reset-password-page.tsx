import { LinkIcon, LockKeyholeIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSession } from '@/entities/viewer/model/use-session';
import { signOutHere } from '@/features/auth/api/sign-out-here';
import { verifyRecoveryLinkOnce } from '@/features/auth/api/verify-recovery';
import { useAssuranceLevel } from '@/features/auth/model/use-assurance-level';
import { AuthHeading } from '@/features/auth/ui/auth-heading';
import { NewPasswordForm } from '@/features/auth/ui/new-password-form';
import { RecoveryCodeForm } from '@/features/auth/ui/recovery-code-form';
import { SecondFactorForm } from '@/features/auth/ui/second-factor-form';
import { hasAccountFlag } from '@/shared/lib/local-storage';
import { buttonClasses } from '@/shared/ui/button';
import { EmailText } from '@/shared/ui/email-text';
import { Skeleton } from '@/shared/ui/skeleton';
import { notify } from '@/shared/ui/toast';

/**
 * The error the auth service put in the link's redirect (expired or used link), if any. An expired or
 * used link (otp_expired) is what the heading already says in the reader's language, so the server's
 * English text is not repeated under it; any other error shows the server's words.
 */
function readLinkError(): { detail: string | null } | null {
  const fromQuery = new URLSearchParams(window.location.search);
  const fromHash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const read = (name: string) => fromQuery.get(name) ?? fromHash.get(name);
  const message = read('error_description') ?? read('error');
  if (!message) return null;
  return { detail: read('error_code') === 'otp_expired' ? null : message };
}

/** The token of a recovery mail's link (`?token_hash=…&type=recovery`), if the page was opened by one. */
function readRecoveryToken(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.get('type') === 'recovery' ? params.get('token_hash') : null;
}

/** The address the "Check your email" screen passed along (its "Enter the code" link), if any. */
function carriedEmail(state: unknown): string | undefined {
  return state && typeof state === 'object' && 'email' in state && typeof state.email === 'string'
    ? state.email
    : undefined;
}

type LinkCheck = { status: 'none' | 'checking' | 'done' } | { status: 'failed'; detail: string | null };

/**
 * Redeems the mail's link once, in whatever browser opened it, then takes the token out of the
 * address (it is spent; a reload or a shared screenshot must not carry it).
 */
function useRecoveryLink(): LinkCheck {
  const location = useLocation();
  const navigate = useNavigate();
  const [tokenHash] = useState(() => readRecoveryToken(location.search));
  const [check, setCheck] = useState<LinkCheck>({ status: tokenHash ? 'checking' : 'none' });
  useEffect(() => {
    if (!tokenHash) return;
    let live = true;
    verifyRecoveryLinkOnce(tokenHash).then(
      () => {
        if (!live) return;
        setCheck({ status: 'done' });
        navigate(location.pathname, { replace: true });
      },
      (error: unknown) => {
        if (!live) return;
        const code = (error as { code?: unknown } | null)?.code;
        const message = error instanceof Error ? error.message : null;
        setCheck({ status: 'failed', detail: code === 'otp_expired' ? null : message });
      },
    );
    return () => {
      live = false;
    };
  }, [tokenHash, navigate, location.pathname]);
  return check;
}

/** A new mail (the main action when the link failed), or back to Sign In. */
function WaysOut({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-col gap-2">
      <Link
        to="/auth/forgot"
        className={buttonClasses({
          ...(primary ? { size: 'lg' } : { variant: 'outline' }),
          className: 'w-full',
        })}
      >
        {t('auth.reset.requestNew')}
      </Link>
      <Link to="/auth?tab=sign-in" className={buttonClasses({ variant: 'ghost', className: 'w-full' })}>
        {t('auth.backToSignIn')}
      </Link>
    </div>
  );
}

function ResetSkeleton() {
  return (
    <div className="flex flex-col gap-4 px-6 pt-10" aria-busy="true">
      <Skeleton className="mx-auto size-14 rounded-full" />
      <Skeleton className="mx-auto h-8 w-56" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-12 w-full rounded-full" />
    </div>
  );
}

function InvalidLink({ detail }: { detail: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-8 px-6 pt-10">
      <AuthHeading
        icon={<LinkIcon />}
        title={t('auth.reset.invalidTitle')}
        description={
          <>
            {detail ? <span className="mb-1 block font-medium text-ink-soft">{detail}</span> : null}
            {t('auth.reset.invalidDescription')}
          </>
        }
      />
      <WaysOut primary />
    </div>
  );
}

/** No link and no session: the mail's code, with the way to a new mail. */
function EnterCode() {
  const email = carriedEmail(useLocation().state);
  return (
    <div className="flex flex-col gap-6 px-6 pt-10">
      <RecoveryCodeForm initialEmail={email} />
      <WaysOut />
    </div>
  );
}

/**
 * /auth/reset, where the recovery mail's link lands (`?token_hash=…&type=recovery`, redeemed here in
 * any browser) or where its 6-digit code is typed; an older PKCE link's code is still exchanged by
 * auth-js (PASSWORD_RECOVERY). Then the user picks a new password. Accounts with an authenticator app
 * enter its code first (the server wants aal2 to change the password). A signed-in user can use it too.
 */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session, isLoading } = useSession();
  const assurance = useAssuranceLevel(session);
  const [linkError] = useState(readLinkError);
  const link = useRecoveryLink();
  // 'code' and 'saving' keep their form on screen while the session changes under it (the code raises
  // it to aal2, the new password updates the user): only 'idle' follows the session's level.
  const [phase, setPhase] = useState<'idle' | 'code' | 'saving'>('idle');

  if (linkError) return <InvalidLink detail={linkError.detail} />;
  if (link.status === 'failed') return <InvalidLink detail={link.detail} />;
  if (isLoading || link.status === 'checking') return <ResetSkeleton />;
  if (!session) return <EnterCode />;
  if (phase === 'idle' && assurance === undefined) return <ResetSkeleton />;

  if (phase === 'code' || (phase === 'idle' && assurance?.needsSecondFactor)) {
    return (
      <div className="px-6 pt-10">
        <SecondFactorForm
          errorTitle={t('auth.reset.error')}
          onSubmitting={() => setPhase('code')}
          onVerified={() => setPhase('idle')}
          onCancel={() => {
            void signOutHere();
            navigate('/auth', { replace: true });
          }}
        />
      </div>
    );
  }

  const onUpdated = () => {
    hasAccountFlag.set();
    notify.success(t('auth.reset.success'));
    navigate('/', { replace: true });
  };

  return (
    <div className="flex flex-col gap-7 px-6 pt-10">
      <AuthHeading
        icon={<LockKeyholeIcon />}
        title={t('auth.reset.title')}
        description={<EmailText i18nKey="auth.reset.description" email={session.user.email ?? ''} />}
      />
      <NewPasswordForm
        email={session.user.email ?? ''}
        onSubmitting={() => setPhase('saving')}
        onFailed={() => setPhase('idle')}
        onUpdated={onUpdated}
      />
    </div>
  );
}
