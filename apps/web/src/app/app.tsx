import { type DataRouter, RouterProvider } from 'react-router';
import { onboardedFlag } from '@/shared/lib/local-storage';
import { onboardingRedirect, recoveryLinkRedirect } from './onboarding-gate';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

/**
 * The router, started at the path the onboarding rule allows. OnboardingGate would redirect too, but
 * only after the first route's code had loaded: a first visit to / would download the home screen
 * and only then the onboarding screen, one after the other. Replacing the address first (as the gate's
 * <Navigate replace> would) loads the onboarding screen straight away.
 */
export function createRouterAtAllowedPath() {
  const { pathname, search } = window.location;
  const target = recoveryLinkRedirect(pathname, search) ?? onboardingRedirect(pathname, onboardedFlag.get());
  if (target) window.history.replaceState(window.history.state, '', target);
  return createAppRouter();
}

/** The app around a router made by createRouterAtAllowedPath (main.tsx makes it before React starts). */
export function App({ router }: { router: DataRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
