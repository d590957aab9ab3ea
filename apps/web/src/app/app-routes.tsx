import { Component, type ReactNode, Suspense, useContext, useMemo } from 'react';
import {
  UNSAFE_NavigationContext as NavigationContext,
  type Navigator,
  type RouteMatch,
  renderMatches,
  useLocation,
} from 'react-router';
import { RouteError } from './layout/route-error';
import { RouteLoading } from './layout/route-loading';
import { RouteMatchesContext } from './route-handle';
import { matchScreens } from './router';

interface BoundaryState {
  failed: boolean;
  error: unknown;
  resetKey: string;
}

/**
 * A screen that fails to load (a deploy replaced its chunk) or to render shows RouteError instead of the
 * app, as the data router's root errorElement did; the next navigation (a new location key) tries again.
 */
class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false, error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { failed: false, error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * A matched path as useRoutes hands it to the routes: encoded the way the history writes addresses (so
 * that relative links under a Hebrew tag resolve the same), `%`, `?` and `#` first, as react-router does.
 */
function encodedPath(navigator: Navigator, path: string): string {
  if (!navigator.encodeLocation || path === '/') return path;
  const escaped = path.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23');
  return navigator.encodeLocation(escaped).pathname;
}

/**
 * The elements of `matches`, as useRoutes renders them at the top of the tree. useRoutes would match the
 * whole table again on every render of AppRoutes (each change of the address, its search included: about
 * 20 ms on a phone the first time, issue 20); these matches were made once for the pathname.
 */
function useMatchedElements(matches: readonly RouteMatch[]): ReactNode {
  const { navigator } = useContext(NavigationContext);
  return useMemo(
    () =>
      renderMatches(
        matches.map((match) => ({
          ...match,
          pathname: encodedPath(navigator, match.pathname),
          pathnameBase: encodedPath(navigator, match.pathnameBase),
        })),
      ),
    [matches, navigator],
  );
}

/**
 * The route table rendered for the current location (react-router's declarative mode). A navigation to
 * another screen is a transition (guardHistory wraps it in startTransition), so while the next screen's
 * code loads the previous screen stays; only the first screen of a visit shows the loading screen. The matched
 * routes (matched once per pathname) go to RouteMatchesContext for their handles (header options, width).
 */
export function AppRoutes() {
  const location = useLocation();
  const matches = matchScreens(location.pathname);
  const element = useMatchedElements(matches);
  return (
    <RouteMatchesContext value={matches}>
      <RouteErrorBoundary resetKey={location.key}>
        <Suspense fallback={<RouteLoading />}>{element}</Suspense>
      </RouteErrorBoundary>
    </RouteMatchesContext>
  );
}
