import { createContext, useContext } from 'react';

/** What a route asks of the app header (set through the route's `handle`). */
export interface HeaderOptions {
  /** A back button: `true` goes back in history, a path goes there. */
  back?: boolean | string;
  /** A search button (to Explore). */
  search?: boolean;
  /**
   * A messages button. `'signInRequired'`: for a visitor who is not signed in it shows 'Sign in
   * required' and goes to /auth instead (the own profile, where the page's Messages button does so).
   */
  messages?: boolean | 'signInRequired';
  /** Hide the SIGN UP link / sign-out button (the auth screen itself). */
  hideAccount?: boolean;
}

/**
 * How wide the screen grows from tablet width: `column` (the default) keeps the phone's column,
 * centred beside the navigation rail; `wide` takes the width (grids, the feed with its side column,
 * post detail in two panes).
 */
export type ScreenWidth = 'column' | 'wide';

export interface RouteHandle {
  header?: HeaderOptions;
  width?: ScreenWidth;
}

/**
 * The routes that match the current location, root first (AppRoutes finds them with react-router's
 * matchRoutes over the route table, as the data router's useMatches did).
 */
export const RouteMatchesContext = createContext<readonly { route: { handle?: unknown } }[]>([]);

/** What the deepest matching route that declares `key` in its handle says of it. */
function useDeepestHandle<K extends keyof RouteHandle>(key: K): RouteHandle[K] | undefined {
  const matches = useContext(RouteMatchesContext);
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const value = (matches[index]?.route.handle as RouteHandle | undefined)?.[key];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The header options of the deepest matching route that declares any. */
export function useHeaderOptions(): HeaderOptions {
  return useDeepestHandle('header') ?? {};
}

/** The screen width of the deepest matching route that declares one (else `column`). */
export function useScreenWidth(): ScreenWidth {
  return useDeepestHandle('width') ?? 'column';
}
