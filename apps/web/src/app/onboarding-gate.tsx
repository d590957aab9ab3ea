import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { Navigate, useLocation } from 'react-router';
import { onboardedFlag, subscribeToStorage } from '@/lib/local-storage';

const ONBOARDING_PATH = '/onboarding';
const AUTH_PATH = '/auth';

/**
 * The spec's onboarding rule: without the onboarded flag, every path but /onboarding and /auth leads to
 * /onboarding; with the flag, /onboarding leads home. Returns where to go, or null to stay. /auth
 * includes its sub-screens (/auth/forgot, /auth/reset: a recovery link must open without the flag).
 */
export function onboardingRedirect(pathname: string, onboarded: boolean): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  const isOnboarding = path === ONBOARDING_PATH;
  const isAuth = path === AUTH_PATH || path.startsWith(`${AUTH_PATH}/`);
  if (!onboarded && !isOnboarding && !isAuth) return ONBOARDING_PATH;
  if (onboarded && isOnboarding) return '/';
  return null;
}

function subscribeToOnboarded(onChange: () => void): () => void {
  return subscribeToStorage((key) => {
    if (key === null || key === onboardedFlag.key) onChange();
  });
}

function useOnboarded(): boolean {
  return useSyncExternalStore(subscribeToOnboarded, onboardedFlag.get, onboardedFlag.get);
}

/** Renders its children, or redirects when the onboarding rule says so. */
export function OnboardingGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const onboarded = useOnboarded();
  const target = onboardingRedirect(pathname, onboarded);
  if (target) return <Navigate to={target} replace />;
  return children;
}
