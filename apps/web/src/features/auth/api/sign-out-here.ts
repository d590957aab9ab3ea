import { loadAuthClient } from '@/shared/api/load-auth-client';

/** Ends this browser's session only (used to leave a half-finished two-step sign-in). */
export async function signOutHere(): Promise<void> {
  const client = await loadAuthClient();
  await client.signOut({ scope: 'local' });
}
