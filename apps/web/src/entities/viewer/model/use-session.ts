import type { Session, User } from '@supabase/auth-js';
import { useSyncExternalStore } from 'react';
import { mayHaveAuthSession } from '@/shared/api/auth-redirect';
import { loadAuthClient } from '@/shared/api/load-auth-client';
import { onboardedFlag, removeGuestProfile } from '@/shared/lib/local-storage';

export interface SessionState {
  /** The stored session, also one still waiting for its second factor. */
  session: Session | null;
  /**
   * The signed-in user: null when signed out, and also while the session waits for the code of the
   * user's authenticator app (the password alone does not sign such an account in).
   */
  user: User | null;
  /** True until the auth client has reported the stored session (INITIAL_SESSION). */
  isLoading: boolean;
}

/** The `aal` claim of an access token (a JWT), without verifying it: the server does that. */
function assuranceLevelOf(accessToken: string): string | undefined {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null && 'aal' in claims ? String(claims.aal) : undefined;
  } catch {
    return undefined;
  }
}

/** Has the user a verified second factor that this session has not been raised with (aal1 of aal2)? */
export function awaitsSecondFactor(session: Session): boolean {
  const hasFactor = session.user.factors?.some((factor) => factor.status === 'verified') ?? false;
  return hasFactor && assuranceLevelOf(session.access_token) !== 'aal2';
}

// One subscription to the auth client for the whole app; components read it through useSession.
// Nothing stored (and no redirect to read) means signed out: no need to wait for auth-js to know that.
// Storage is read when the session is first asked for, not when this module loads: what is stored then
// (a test's stored session too, written after the imports) decides.
let state: SessionState | undefined;
const listeners = new Set<() => void>();
let started = false;

function setState(next: SessionState) {
  // The same state again (a visitor's INITIAL_SESSION: still signed out) is no change. A new object would
  // make every component that reads the session render again, synchronously (useSyncExternalStore), in
  // the middle of the first screen's render (issue 20).
  if (
    state &&
    state.session === next.session &&
    state.user === next.user &&
    state.isLoading === next.isLoading
  )
    return;
  state = next;
  for (const listener of listeners) listener();
}

function start() {
  if (started) return;
  started = true;
  loadAuthClient().then(
    (client) => {
      // INITIAL_SESSION, SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, USER_UPDATED... all carry the session.
      client.onAuthStateChange((event, session) => {
        // A real sign-in ends the guest profile (spec section 4), in every tab. It also counts as
        // onboarded: someone who signs up from the onboarding header's SIGN UP (or a mail link) would
        // otherwise be sent back to /onboarding. A password-reset mail's link or code signs in too
        // (auth-js calls that PASSWORD_RECOVERY), often in a browser that never saw SYS.
        if ((event === 'SIGNED_IN' || event === 'PASSWORD_RECOVERY') && session) {
          removeGuestProfile();
          onboardedFlag.set();
        }
        const user = session && !awaitsSecondFactor(session) ? session.user : null;
        setState({ session, user, isLoading: false });
      });
    },
    (error: unknown) => {
      console.error('The auth client could not be loaded', error);
      setState({ session: null, user: null, isLoading: false });
    },
  );
}

function subscribe(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): SessionState {
  state ??= { session: null, user: null, isLoading: mayHaveAuthSession() };
  return state;
}

/** The signed-in session and user, kept up to date by the auth client's events (also across tabs). */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
