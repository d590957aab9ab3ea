import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/shared/api/load-auth-client';

/** A verified TOTP factor's code raises the session to aal2 (challenge + verify). */
export async function verifySignInCode(code: string): Promise<void> {
  const client = await loadAuthClient();
  const factors = await client.mfa.listFactors();
  if (factors.error) throw factors.error;
  const factor = factors.data.totp[0];
  if (!factor) throw new Error('No authenticator app is set up for this account.');
  const { error } = await client.mfa.challengeAndVerify({ factorId: factor.id, code });
  if (error) throw error;
}

export function useVerifySignInCode() {
  return useMutation({ mutationFn: verifySignInCode });
}
