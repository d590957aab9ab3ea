import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/shared/api/load-auth-client';
import type { Credentials } from './sign-in';

export interface SignUpResult {
  /** False when the server asks for the emailed confirmation first (no session yet). */
  signedIn: boolean;
}

export interface SignUpCredentials extends Credentials {
  /** The optional name: user_metadata.full_name, which the server copies into the new profile. */
  fullName?: string;
}

/** POST /signup; mail links (confirmation) come back to this site. Throws the auth-js error on failure. */
export async function signUp({ email, password, fullName }: SignUpCredentials): Promise<SignUpResult> {
  const client = await loadAuthClient();
  const name = fullName?.trim();
  const { data, error } = await client.signUp({
    email,
    password,
    options: { emailRedirectTo: window.location.origin, ...(name ? { data: { full_name: name } } : {}) },
  });
  if (error) throw error;
  return { signedIn: data.session !== null };
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
