import { loadAuthClient } from '@/shared/api/load-auth-client';

/**
 * Does the current session still need the second factor? True when the user has a verified factor
 * (next level aal2) but signed in with the password only (current level aal1). auth-js reads this
 * from the session itself, without a request.
 */
export async function needsSecondFactor(): Promise<boolean> {
  const client = await loadAuthClient();
  const { data, error } = await client.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return data.currentLevel === 'aal1' && data.nextLevel === 'aal2';
}
