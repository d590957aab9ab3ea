import { ArrowLeftIcon, LogOutIcon, MessageCircleIcon, SearchIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '@/entities/viewer/model/use-session';
import { useSignInRequired } from '@/entities/viewer/model/use-sign-in-required';
import { useSignOut } from '@/features/auth/model/use-sign-out';
import { hasInAppHistory } from '@/shared/lib/history';
import { lazyWithPreload, usePreloadWhenIdle } from '@/shared/lib/lazy';
import { Logo } from '@/shared/ui/brand/logo';
import { buttonClasses } from '@/shared/ui/button';
import { IconButton } from '@/shared/ui/icon-button';
import { type HeaderOptions, useHeaderOptions } from '../route-handle';
import { LanguageButton } from './language-button';

const SignOutDialog = lazyWithPreload(() => import('./sign-out-dialog'));
// Unread messages on the messages icon: its code (query, events stream) loads only for signed-in users.
const UnreadBadge = lazy(() => import('@/features/messages/ui/unread-badge'));
// The activity bell (its query and events stream) loads only for signed-in users too.
const ActivityBell = lazy(() => import('@/features/activity/ui/activity-bell'));
// The badge describes the messages icon ("3 unread messages"); with no unread message there is none.
const UNREAD_BADGE_ID = 'header-unread-messages';

function AccountAction() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  const signOut = useSignOut();
  const [confirming, setConfirming] = useState(false);
  const [asked, setAsked] = useState(false);
  const signUpLink = useRef<HTMLAnchorElement>(null);
  const focusSignUp = useRef(false);
  usePreloadWhenIdle(SignOutDialog.preload);

  // The sign-out button that opened the dialog is gone once signed out: the keyboard focus moves to
  // SIGN UP, which takes its place, rather than falling back to the top of the page.
  useEffect(() => {
    if (!user && focusSignUp.current && signUpLink.current) {
      focusSignUp.current = false;
      signUpLink.current.focus();
    }
  }, [user]);

  const confirmSignOut = () => {
    setConfirming(false);
    focusSignUp.current = true;
    void signOut();
  };

  // Keep the space while a stored session is being read, so nothing jumps.
  if (isLoading) return <span aria-hidden className="inline-block h-9 w-[76px]" />;
  if (user) {
    return (
      <>
        <IconButton
          aria-label={t('header.signOut')}
          aria-haspopup="dialog"
          onClick={() => {
            setAsked(true);
            setConfirming(true);
          }}
        >
          <LogOutIcon aria-hidden className="rtl:-scale-x-100" />
        </IconButton>
        {asked ? (
          <Suspense fallback={null}>
            <SignOutDialog open={confirming} onOpenChange={setConfirming} onConfirm={confirmSignOut} />
          </Suspense>
        ) : null}
      </>
    );
  }
  return (
    <Link
      ref={signUpLink}
      to="/auth"
      className={buttonClasses({ size: 'sm', className: 'ms-1 px-3.5 tracking-wide' })}
    >
      {t('header.signUp')}
    </Link>
  );
}

/**
 * The header on every screen: optional back button, the logo, optional search and other icon buttons,
 * the language menu, and SIGN UP (signed out) or a sign-out button (signed in) that asks first.
 */
export function AppHeader({ options: override }: { options?: HeaderOptions }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fromRoute = useHeaderOptions();
  const { back, search, messages, hideAccount } = override ?? fromRoute;
  const { user, isLoading } = useSession();
  const signInRequired = useSignInRequired();

  const goBack = () => {
    if (typeof back === 'string') navigate(back);
    else if (hasInAppHistory()) navigate(-1);
    else navigate('/', { replace: true });
  };

  return (
    <header className="sticky top-0 z-40 border-b border-line/70 bg-surface/90 backdrop-blur-md supports-[backdrop-filter]:bg-surface/80">
      <div className="flex h-header items-center gap-1 px-2">
        {back ? (
          <IconButton aria-label={t('common.back')} onClick={goBack}>
            <ArrowLeftIcon aria-hidden className="rtl:-scale-x-100" />
          </IconButton>
        ) : null}
        <Link
          to="/"
          aria-label={t('header.home')}
          // From tablet width the navigation rail carries the logo.
          className="flex h-11 items-center rounded-lg px-2 text-[26px] text-ink md:hidden"
        >
          <Logo />
        </Link>
        <div className="ms-auto flex items-center gap-0.5">
          {search ? (
            <IconButton aria-label={t('common.search')} asChild>
              <Link to="/explore">
                <SearchIcon aria-hidden />
              </Link>
            </IconButton>
          ) : null}
          {/* From tablet width Messages is in the navigation rail. */}
          {messages === 'signInRequired' && !user && !isLoading ? (
            <IconButton aria-label={t('header.messages')} onClick={signInRequired} className="md:hidden">
              <MessageCircleIcon aria-hidden className="rtl:-scale-x-100" />
            </IconButton>
          ) : messages ? (
            <IconButton
              aria-label={t('header.messages')}
              aria-describedby={user ? UNREAD_BADGE_ID : undefined}
              className="relative md:hidden"
              asChild
            >
              <Link to="/messages">
                <MessageCircleIcon aria-hidden className="rtl:-scale-x-100" />
                {user ? (
                  <Suspense fallback={null}>
                    <UnreadBadge id={UNREAD_BADGE_ID} className="top-1 end-0.5" />
                  </Suspense>
                ) : null}
              </Link>
            </IconButton>
          ) : null}
          {user ? (
            <Suspense fallback={<span aria-hidden className="inline-block size-11" />}>
              <ActivityBell />
            </Suspense>
          ) : null}
          <LanguageButton />
          {hideAccount ? null : <AccountAction />}
        </div>
      </div>
    </header>
  );
}
