import { useMatches } from 'react-router';

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

export interface RouteHandle {
  header?: HeaderOptions;
}

/** The header options of the deepest matching route that declares any. */
export function useHeaderOptions(): HeaderOptions {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.header) return handle.header;
  }
  return {};
}
