import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/shared/api/load-auth-client';

/** How a recovery mail is redeemed: its link's token, or its 6-digit code with the address it went to. */
export type RecoveryProof = { tokenHash: string } | { email: string; code: string };

/**
 * POST /verify (type recovery): signs in as the mail's owner for choosing a new password. Works in
 * any browser, unlike a PKCE link, whose code only the browser that asked for the mail can exchange.
 */
export async function verifyRecovery(proof: RecoveryProof): Promise<void> {
  const client = await loadAuthClient();
  const { error } = await client.verifyOtp(
    'tokenHash' in proof
      ? { type: 'recovery', token_hash: proof.tokenHash }
      : { type: 'recovery', email: proof.email, token: proof.code },
  );
  if (error) throw error;
}

/**
 * The page may ask twice for one link (React's development double effects, a remount): a link works
 * once, so each token is sent once and every ask shares that answer.
 */
const redeemed = new Map<string, Promise<void>>();

export function verifyRecoveryLinkOnce(tokenHash: string): Promise<void> {
  let pending = redeemed.get(tokenHash);
  if (!pending) {
    pending = verifyRecovery({ tokenHash });
    redeemed.set(tokenHash, pending);
  }
  return pending;
}

export function useVerifyRecoveryCode() {
  return useMutation({ mutationFn: (proof: { email: string; code: string }) => verifyRecovery(proof) });
}
