import type { AuthClient } from './auth-client';

let pending: Promise<AuthClient> | undefined;

/** The auth client, loaded on first use so auth-js stays out of the initial bundle. */
export function loadAuthClient(): Promise<AuthClient> {
  pending ??= import('./auth-client').then((module) => module.authClient);
  return pending;
}
