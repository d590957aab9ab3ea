import { matchWebRoute, WEB_ROUTES } from '@sys/shared';

/** The query parameter that carries where to land after onboarding and sign-in. */
export const RETURN_PARAM = 'next';

// Any origin works as a base: only paths that stay on it are kept.
const BASE = 'https://sys.invalid';

// Screens that are steps on the way, never a place to come back to.
const WAYPOINTS: readonly string[] = [
  WEB_ROUTES.onboarding,
  WEB_ROUTES.auth,
  WEB_ROUTES.authForgot,
  WEB_ROUTES.authReset,
];

/**
 * `value` as an in-app address to land on (path, query and hash), or null when it is anything else:
 * another origin ('//evil.com', 'https://…', '/\evil.com'), another scheme ('javascript:…'), a path
 * of no page, or onboarding and sign-in themselves. Only this may be handed to navigate().
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//')) return null;
  // Browsers read '\' as '/' ('/\evil.com' is '//evil.com') and drop tabs and newlines; a real path has
  // neither, nor raw spaces (they arrive percent-encoded).
  if (value.includes('\\') || [...value].some((char) => char <= ' ' || char === '\u007f')) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const page = matchWebRoute(url.pathname);
  if (!page || WAYPOINTS.includes(page.pattern)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The safe return path a location's query carries, or null. */
export function returnPathIn(search: string | URLSearchParams): string | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return safeReturnPath(params.get(RETURN_PARAM));
}

/** `path` with the return path added to its query (unchanged when there is none, or it is home). */
export function withReturnPath(path: string, returnPath: string | null): string {
  if (!returnPath || returnPath === '/') return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${RETURN_PARAM}=${encodeURIComponent(returnPath)}`;
}
