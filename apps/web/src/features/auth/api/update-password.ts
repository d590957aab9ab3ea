import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/shared/api/load-auth-client';

/** PUT /user with the new password (the server ends the user's other sessions). */
export async function updatePassword(password: string): Promise<void> {
  const client = await loadAuthClient();
  const { error } = await client.updateUser({ password });
  if (error) throw error;
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
