import type { Factor } from '@supabase/auth-js';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadAuthClient } from '@/shared/api/load-auth-client';
import { authKeys } from './auth-keys';

/** The user's MFA factors, verified or not (GET /user). */
export async function getFactors(): Promise<Factor[]> {
  const client = await loadAuthClient();
  const { data, error } = await client.mfa.listFactors();
  if (error) throw error;
  return data.all;
}

export function factorsQueryOptions(userId: string) {
  return queryOptions({ queryKey: authKeys.factors(userId), queryFn: getFactors });
}

/** The verified authenticator apps (TOTP factors) of the signed-in user. */
export function useVerifiedTotpFactors(userId: string) {
  return useQuery({
    ...factorsQueryOptions(userId),
    select: (factors) => factors.filter((f) => f.factor_type === 'totp' && f.status === 'verified'),
  });
}
