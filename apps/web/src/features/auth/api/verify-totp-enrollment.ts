import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadAuthClient } from '@/shared/api/load-auth-client';
import { authKeys } from './auth-keys';

export interface VerifyTotpEnrollmentInput {
  factorId: string;
  code: string;
}

/** Finishes adding an authenticator app: its first code verifies the factor (and raises the session to aal2). */
export async function verifyTotpEnrollment({ factorId, code }: VerifyTotpEnrollmentInput): Promise<void> {
  const client = await loadAuthClient();
  const { error } = await client.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

export function useVerifyTotpEnrollment(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotpEnrollment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.factors(userId) }),
  });
}
