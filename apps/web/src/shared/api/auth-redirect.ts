import { hasStoredAuthSession } from '@/shared/lib/local-storage';

/**
 * Does the address carry an auth redirect (a PKCE `?code=`, or a session or error in the fragment)?
 * auth-js turns it into a session while it starts, so the session is not known yet.
 */
export function hasAuthRedirectInUrl(): boolean {
  const { search, hash } = window.location;
  return /[?&]code=/.test(search) || /(access_token|error_description)=/.test(hash);
}

/**
 * Can there be a session? auth-js stores every session it makes (persistSession), so with nothing
 * stored and no redirect to read, the visitor is signed out: nothing needs auth-js to learn that.
 */
export function mayHaveAuthSession(): boolean {
  return hasStoredAuthSession() || hasAuthRedirectInUrl();
}
