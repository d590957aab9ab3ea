import type { ReactNode } from 'react';
import { startTransition, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { onboardedFlag, subscribeToStorage } from '@/shared/lib/local-storage';
import { returnPathIn, safeReturnPath, withReturnPath } from '@/shared/lib/return-path';

const ONBOARDING_PATH = '/onboarding';
const AUTH_PATH = '/auth';

/**
 * The spec's onboarding rule: without the onboarded flag, every path but /onboarding and /auth leads to
 * /onboarding; with the flag, /onboarding leads home. Returns where to go, or null to stay. /auth
 * includes its sub-screens (/auth/forgot, /auth/reset: a recovery link must open without the flag).
 * The address the visitor came for (a shared post or profile) rides along as ?next=, so onboarding
 * (and sign-in from it) can land there afterwards; only a safe in-app path is ever carried.
 */
export function onboardingRedirect(pathname: string, onboarded: boolean, search = ''): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const isOnboarding = path === ONBOARDING_PATH;
  const isAuth = path === AUTH_PATH || path.startsWith(`${AUTH_PATH}/`);
  if (!onboarded && !isOnboarding && !isAuth) {
    return withReturnPath(ONBOARDING_PATH, safeReturnPath(`${pathname}${search}`));
  }
  if (onboarded && isOnboarding) return returnPathIn(search) ?? '/';
  return null;
}

const RESET_PATH = '/auth/reset';

/**
 * A recovery mail's link that lands elsewhere than the reset screen (a client that asked for the mail
 * without a redirect gets the site's root): the reset screen, with the link's token. Null otherwise.
 */
export function recoveryLinkRedirect(pathname: string, search: string): string | null {
  const params = new URLSearchParams(search);
  if (params.get('type') !== 'recovery' || !params.get('token_hash')) return null;
  return pathname.replace(/\/+$/, '') === RESET_PATH ? null : `${RESET_PATH}${search}`;
}

function subscribeToOnboarded(onChange: () => void): () => void {
  return subscribeToStorage((key) => {
    if (key === null || key === onboardedFlag.key) onChange();
  });
}

/**
 * The onboarded flag, updated as a transition: the router's navigations are transitions too, so a flag
 * set in the same event as a navigation ('Sign in' on /onboarding sets it and leaves for /auth) renders
 * together with that navigation's start, never before it. (As an urgent update it rendered first, while
 * the visitor still seemed to stay on /onboarding, and the gate sent them home.)
 */
function useOnboarded(): boolean {
  const [onboarded, setOnboarded] = useState(onboardedFlag.get);
  useEffect(() => {
    const update = () => startTransition(() => setOnboarded(onboardedFlag.get()));
    const unsubscribe = subscribeToOnboarded(update);
    update(); // a change between the first render and this subscription
    return unsubscribe;
  }, []);
  return onboarded;
}

/**
 * Renders its children, or redirects when the onboarding rule says so. The rule is judged by where the
 * visitor is going: a navigation renders (as a transition, while a lazily loaded screen is on its way)
 * with the new location, and the screen they are leaving stays on screen as it was.
 */
export function OnboardingGate({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const onboarded = useOnboarded();
  const target = recoveryLinkRedirect(pathname, search) ?? onboardingRedirect(pathname, onboarded, search);
  if (target) return <Navigate to={target} replace />;
  return children;
}
