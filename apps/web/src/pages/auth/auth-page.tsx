import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '@/entities/viewer/model/use-session';
import type { SignInResult } from '@/features/auth/api/sign-in';
import { signOutHere } from '@/features/auth/api/sign-out-here';
import type { SignUpResult } from '@/features/auth/api/sign-up';
import { pathAfterSignIn } from '@/features/auth/lib/after-sign-in';
import { useAssuranceLevel } from '@/features/auth/model/use-assurance-level';
import { CheckEmail } from '@/features/auth/ui/check-email';
import { CommunityFaces } from '@/features/auth/ui/community-faces';
import { SignInForm, SignUpForm } from '@/features/auth/ui/credentials-form';
import { SecondFactorForm } from '@/features/auth/ui/second-factor-form';
import { hasAccountFlag } from '@/shared/lib/local-storage';
import { RETURN_PARAM, returnPathIn } from '@/shared/lib/return-path';
import { Button } from '@/shared/ui/button';
import { EmailText } from '@/shared/ui/email-text';
import { Skeleton } from '@/shared/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/shared/ui/tabs';
import { notify } from '@/shared/ui/toast';

export type AuthTab = 'sign-in' | 'sign-up';

/** The spec's default: sign-in for someone who has had an account here, sign-up for everyone else. */
export function defaultAuthTab(): AuthTab {
  return hasAccountFlag.get() ? 'sign-in' : 'sign-up';
}

function isAuthTab(value: string | null): value is AuthTab {
  return value === 'sign-in' || value === 'sign-up';
}

function AuthSkeleton() {
  return (
    <div className="flex flex-col gap-4 px-6 pt-10" aria-busy="true">
      <Skeleton className="mx-auto h-8 w-48" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

/**
 * /auth: Sign In / Sign Up with email and password, a code step for accounts with an authenticator
 * app, and "check your email" when the server wants the address confirmed first. Signed-in visitors
 * are sent home.
 */
export default function AuthScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { session, isLoading } = useSession();
  const assurance = useAssuranceLevel(session);
  // 'submitting' and 'done': the screen itself decides where to go, whatever the session does meanwhile.
  // 'code': the password was right, the authenticator app's code comes next.
  const [phase, setPhase] = useState<'idle' | 'submitting' | 'code' | 'done'>('idle');
  const [confirmEmailTo, setConfirmEmailTo] = useState<string | null>(null);
  // One address for both tabs: someone who starts on Sign Up and switches to Sign In keeps what they typed.
  const [email, setEmail] = useState('');

  const requestedTab = searchParams.get('tab');
  const tab: AuthTab = isAuthTab(requestedTab) ? requestedTab : defaultAuthTab();
  // A shared link that led here through onboarding: landed on once signed in, kept across the tabs.
  const returnPath = returnPathIn(searchParams);
  const selectTab = (next: string) => {
    if (!isAuthTab(next)) return;
    setSearchParams(returnPath ? { tab: next, [RETURN_PARAM]: returnPath } : { tab: next }, {
      replace: true,
    });
  };

  const finish = (title: string, description?: string) => {
    setPhase('done');
    notify.success(title, description ? { description } : {});
    navigate(returnPath ?? pathAfterSignIn(), { replace: true });
  };

  const onSignedIn = (result: SignInResult) => {
    hasAccountFlag.set();
    // With a second factor, the session is aal1 until the code is entered.
    if (result.needsSecondFactor) setPhase('code');
    else finish(t('auth.signIn.success'));
  };

  const onSignedUp = (result: SignUpResult, email: string) => {
    hasAccountFlag.set();
    if (result.signedIn) {
      finish(t('auth.signUp.success'), t('auth.signUp.successDescription'));
      return;
    }
    setPhase('idle');
    setConfirmEmailTo(email);
  };

  const onCancelSecondFactor = () => {
    setPhase('idle');
    void signOutHere();
  };

  if (confirmEmailTo) {
    return (
      <div className="px-6 pt-10">
        <CheckEmail
          title={t('auth.confirmEmail.title')}
          description={<EmailText i18nKey="auth.confirmEmail.description" email={confirmEmailTo} />}
          action={
            <Button
              variant="outline"
              size="lg"
              className="w-full"
              onClick={() => {
                setConfirmEmailTo(null);
                selectTab('sign-in');
              }}
            >
              {t('auth.confirmEmail.backToSignIn')}
            </Button>
          }
        />
      </div>
    );
  }

  if (session && phase === 'idle' && assurance === undefined) return <AuthSkeleton />;
  const showCodeStep =
    session !== null && (phase === 'code' || (phase === 'idle' && assurance?.needsSecondFactor === true));
  if (showCodeStep) {
    return (
      <div className="px-6 pt-10">
        <SecondFactorForm
          errorTitle={t('auth.signIn.error')}
          onSubmitting={() => setPhase('code')}
          onVerified={() => finish(t('auth.signIn.success'))}
          onCancel={onCancelSecondFactor}
        />
      </div>
    );
  }
  if (session && phase === 'idle') return <Navigate to={returnPath ?? '/'} replace />;

  if (isLoading) return <AuthSkeleton />;

  const formEvents = {
    onSubmitting: () => setPhase('submitting'),
    onFailed: () => setPhase('idle'),
    email,
    onEmailChange: setEmail,
  };

  return (
    <div className="flex flex-col gap-7 px-6 pt-8">
      <div className="flex flex-col items-center gap-4 text-center">
        <CommunityFaces />
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink">{t('auth.title')}</h1>
          <p className="mx-auto mt-1.5 max-w-[32ch] text-[15px] text-muted">{t('app.tagline')}</p>
        </div>
      </div>
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label={t('auth.tabs.label')}>
          <TabsTrigger value="sign-in">{t('auth.tabs.signIn')}</TabsTrigger>
          <TabsTrigger value="sign-up">{t('auth.tabs.signUp')}</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in" className="pt-6">
          <SignInForm {...formEvents} onSignedIn={onSignedIn} />
        </TabsContent>
        <TabsContent value="sign-up" className="pt-6">
          <SignUpForm {...formEvents} onSignedUp={onSignedUp} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
