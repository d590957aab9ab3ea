import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadAuthClient } from '@/shared/api/load-auth-client';
import { authKeys } from './auth-keys';

/**
 * Removes a factor (DELETE /factors/{id}). The server lowers the sessions that used it to aal1, so the
 * session is refreshed to carry the new level.
 */
export async function unenrollFactor(factorId: string): Promise<void> {
  const client = await loadAuthClient();
  const { error } = await client.mfa.unenroll({ factorId });
  if (error) throw error;
  await client.refreshSession();
}

export function useUnenrollFactor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unenrollFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.factors(userId) }),
  });
}
