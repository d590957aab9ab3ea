import { GoTrueClient } from '@supabase/auth-js';
import { AUTH_SESSION_STORAGE_KEY } from '@/shared/lib/local-storage';

/**
 * The one auth client of the app. Our server's auth service speaks the GoTrue wire format at /auth/v1,
 * so the official client handles session storage, refresh, cross-tab sync and auth events.
 *
 * auth-js is a large module: import this file lazily (see `loadAuthClient`) from code on the first
 * screen, so the initial bundle stays small.
 */
export const authClient = new GoTrueClient({
  url: `${window.location.origin}/auth/v1`,
  storageKey: AUTH_SESSION_STORAGE_KEY,
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: true,
  flowType: 'pkce',
});

export type AuthClient = typeof authClient;
