import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/shared/api/load-auth-client';
import type { Credentials } from './sign-in';

export interface SignUpResult {
  /** False when the server asks for the emailed confirmation first (no session yet). */
  signedIn: boolean;
}

/** POST /signup; mail links (confirmation) come back to this site. Throws the auth-js error on failure. */
export async function signUp({ email, password }: Credentials): Promise<SignUpResult> {
  const client = await loadAuthClient();
  const { data, error } = await client.signUp({
    email,
    password,
    options: { emailRedirectTo: window.location.origin },
  });
  if (error) throw error;
  return { signedIn: data.session !== null };
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
