import type { ReactElement, ReactNode } from 'react';
import {
  UNSAFE_createMemoryHistory as createMemoryHistory,
  type Location,
  type NavigationType,
} from 'react-router';
import { GuardedRouter, guardHistory } from '@/shared/lib/navigation-blocker';

export interface TestRouter {
  /** Where the router is (a held navigation has not moved it). */
  readonly location: Location;
  /** How the router got there: PUSH, REPLACE or POP. */
  readonly action: NavigationType;
  /** Navigates as a link would, or with a number back or forward as the browser's buttons would (guards may hold it). */
  navigate: (to: string | number) => void;
  /** `children` under this router (the app's own kind: declarative, over a guarded history). */
  wrap: (children: ReactNode) => ReactElement;
}

/** A router in memory for tests, started at the last of `initialEntries`. */
export function createTestRouter(initialEntries: string[] = ['/']): TestRouter {
  const history = guardHistory(
    createMemoryHistory({ initialEntries, initialIndex: initialEntries.length - 1, v5Compat: true }),
  );
  return {
    get location() {
      return history.location;
    },
    get action() {
      return history.action;
    },
    navigate: (to) => (typeof to === 'number' ? history.go(to) : history.push(to)),
    wrap: (children) => <GuardedRouter history={history}>{children}</GuardedRouter>,
  };
}
