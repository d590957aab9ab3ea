import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@/shared/api/load-auth-client';
import { needsSecondFactor } from './assurance-level';

export interface Credentials {
  email: string;
  password: string;
}

export interface SignInResult {
  /** The account has a verified second factor: the session is aal1 until the code is entered. */
  needsSecondFactor: boolean;
}

/** Password sign-in (POST /token?grant_type=password). Throws the auth-js error on failure. */
export async function signIn({ email, password }: Credentials): Promise<SignInResult> {
  const client = await loadAuthClient();
  const { error } = await client.signInWithPassword({ email, password });
  if (error) throw error;
  return { needsSecondFactor: await needsSecondFactor() };
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
