import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/shared/api/load-auth-client';

/** Ends every session of the user but this one (POST /logout?scope=others). */
export async function signOutOtherDevices(): Promise<void> {
  const client = await loadAuthClient();
  const { error } = await client.signOut({ scope: 'others' });
  if (error) throw error;
}

export function useSignOutOtherDevices() {
  return useMutation({ mutationFn: signOutOtherDevices });
}
