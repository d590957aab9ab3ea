import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import { onboardedFlag } from '@/shared/lib/local-storage';
import { type GuardedHistory, GuardedRouter, guardHistory } from '@/shared/lib/navigation-blocker';
import { AppRoutes } from './app-routes';
import { onboardingRedirect, recoveryLinkRedirect } from './onboarding-gate';
import { AppProviders } from './providers';

/**
 * The browser history, started at the path the onboarding rule allows. OnboardingGate would redirect
 * too, but only after the first route's code had loaded: a first visit to / would download the home
 * screen and only then the onboarding screen, one after the other. Replacing the address first (as the
 * gate's <Navigate replace> would) loads the onboarding screen straight away: main.tsx starts its code
 * (preloadScreens) right after, in a task of its own.
 */
export function createHistoryAtAllowedPath(): GuardedHistory {
  const { pathname, search } = window.location;
  const target = recoveryLinkRedirect(pathname, search) ?? onboardingRedirect(pathname, onboardedFlag.get());
  if (target) window.history.replaceState(window.history.state, '', target);
  return guardHistory(createBrowserHistory({ v5Compat: true }));
}

/** The app over a history made by createHistoryAtAllowedPath (main.tsx makes it before React starts). */
export function App({ history }: { history: GuardedHistory }) {
  return (
    <AppProviders>
      <GuardedRouter history={history}>
        <AppRoutes />
      </GuardedRouter>
    </AppProviders>
  );
}
