import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/shared/api/load-auth-client';

/** The path of the reset screen the recovery mail links back to. */
export const RESET_PASSWORD_PATH = '/auth/reset';

/**
 * POST /recover: mails a recovery link if the address has an account. The server answers the same
 * for every address, so nothing here tells whether it has one.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const client = await loadAuthClient();
  const { error } = await client.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${RESET_PASSWORD_PATH}`,
  });
  if (error) throw error;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
