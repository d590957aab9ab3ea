import {
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import {
  unstable_HistoryRouter as HistoryRouter,
  type HistoryRouterProps,
  type Location,
  type NavigationType,
  parsePath,
  type To,
} from 'react-router';

type History = HistoryRouterProps['history'];

/** A navigation about to happen: from where, to where, and how (a link, a redirect, the browser's Back). */
export interface PendingNavigation {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: NavigationType;
}

/** Holds a navigation (returns true, and keeps `proceed` to let it go later) or lets it pass (false). */
type Guard = (navigation: PendingNavigation, proceed: () => void) => boolean;

/** The screens' guards; the history made by guardHistory asks them before every navigation. */
export class NavigationGuards {
  private readonly guards = new Set<Guard>();

  add(guard: Guard): () => void {
    this.guards.add(guard);
    return () => {
      this.guards.delete(guard);
    };
  }

  holds(navigation: PendingNavigation, proceed: () => void): boolean {
    for (const guard of this.guards) if (guard(navigation, proceed)) return true;
    return false;
  }
}

export interface GuardedHistory extends History {
  readonly guards: NavigationGuards;
}

function locationOf(to: To, state: unknown): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: '/', search: '', hash: '', ...path, state, key: 'pending' };
}

/**
 * Wraps a history (the browser's, or a memory one in tests) so that NavigationGuards can hold a
 * navigation: pushes and replaces (links, navigate(), <Navigate>) are not made, and a pop (the browser's
 * Back or Forward) is undone with the opposite step before the router hears of it. `proceed` makes the
 * held navigation after all. This is what the data router's useBlocker does, for the declarative router.
 */
export function guardHistory(inner: History): GuardedHistory {
  const guards = new NavigationGuards();
  let current = inner.location;
  let undoing = false;
  let passing = false;
  const attempt = (nextLocation: Location, historyAction: NavigationType, go: () => void) => {
    if (!guards.holds({ currentLocation: current, nextLocation, historyAction }, go)) go();
  };
  return {
    guards,
    get action() {
      return inner.action;
    },
    get location() {
      return inner.location;
    },
    createHref: (to) => inner.createHref(to),
    createURL: (to) => inner.createURL(to),
    encodeLocation: (to) => inner.encodeLocation(to),
    push(to, state) {
      attempt(locationOf(to, state), 'PUSH' as NavigationType, () => inner.push(to, state));
    },
    replace(to, state) {
      attempt(locationOf(to, state), 'REPLACE' as NavigationType, () => inner.replace(to, state));
    },
    go: (delta) => inner.go(delta),
    listen(listener) {
      return inner.listen((update) => {
        if (undoing) {
          // The step back to where the visitor was when a guard held their Back or Forward.
          undoing = false;
          return;
        }
        const { action, location, delta } = update;
        if (action === 'POP' && delta && !passing) {
          const proceed = () => {
            passing = true;
            inner.go(delta);
          };
          const navigation = { currentLocation: current, nextLocation: location, historyAction: action };
          if (guards.holds(navigation, proceed)) {
            undoing = true;
            inner.go(-delta);
            return;
          }
        }
        passing = false;
        const samePage = location.pathname === current.pathname;
        current = location;
        // Another screen is a transition: the screen on show stays until the next one's code is in.
        // The same screen with other search parameters (what a search box or a filter writes as the
        // visitor types) is not: as a transition, a field that shows the address's value fell behind
        // the keys and dropped some ('linenmwy0' arrived as 'lin0').
        if (samePage) listener(update);
        else startTransition(() => listener(update));
      });
    },
  };
}

const GuardsContext = createContext<NavigationGuards | null>(null);

/** The router of the app (and of tests): react-router's declarative router over a guarded history. */
export function GuardedRouter({ history, children }: { history: GuardedHistory; children: ReactNode }) {
  return (
    <GuardsContext value={history.guards}>
      {/* Transitions are chosen per update by guardHistory's listen, not for all of them. */}
      <HistoryRouter history={history} useTransitions={false}>
        {children}
      </HistoryRouter>
    </GuardsContext>
  );
}

export type Blocker =
  | { state: 'unblocked'; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; location: Location; proceed: () => void; reset: () => void };

/**
 * Holds every navigation for which `shouldBlock` says so (in-app links and navigate(), and the browser's
 * Back and Forward) until the screen answers: `proceed()` goes after all, `reset()` stays. The same shape
 * as react-router's useBlocker (a data-router hook); works under GuardedRouter, and never blocks
 * elsewhere.
 */
export function useNavigationBlocker(shouldBlock: (navigation: PendingNavigation) => boolean): Blocker {
  const guards = useContext(GuardsContext);
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  const [held, setHeld] = useState<{ location: Location; proceed: () => void } | null>(null);
  useEffect(() => {
    if (!guards) return;
    return guards.add((navigation, proceed) => {
      if (!latest.current(navigation)) return false;
      setHeld({ location: navigation.nextLocation, proceed });
      return true;
    });
  }, [guards]);
  if (!held) return { state: 'unblocked' };
  return {
    state: 'blocked',
    location: held.location,
    proceed: () => {
      setHeld(null);
      held.proceed();
    },
    reset: () => setHeld(null),
  };
}
