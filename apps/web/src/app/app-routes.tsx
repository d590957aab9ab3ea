import { Component, type ReactNode, Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router';
import { RouteError } from './layout/route-error';
import { RouteLoading } from './layout/route-loading';
import { RouteMatchesContext } from './route-handle';
import { matchScreens, routes } from './router';

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
 * The route table rendered for the current location (react-router's declarative mode). A navigation to
 * another screen is a transition (guardHistory wraps it in startTransition), so while the next screen's
 * code loads the previous screen stays; only the first screen of a visit shows the loading screen. The matched
 * routes (matched once per pathname) go to RouteMatchesContext for their handles (header options, width).
 */
export function AppRoutes() {
  const location = useLocation();
  const matches = matchScreens(location.pathname);
  const element = useRoutes(routes, location);
  return (
    <RouteMatchesContext value={matches}>
      <RouteErrorBoundary resetKey={location.key}>
        <Suspense fallback={<RouteLoading />}>{element}</Suspense>
      </RouteErrorBoundary>
    </RouteMatchesContext>
  );
}
