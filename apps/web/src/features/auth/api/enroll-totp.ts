import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadAuthClient } from '@/shared/api/load-auth-client';
import { totpQrImageSrc } from '../lib/totp-qr';
import { authKeys } from './auth-keys';

export interface TotpEnrollment {
  factorId: string;
  /** The QR code, ready for an <img>. */
  qrImageSrc: string;
  /** The key to type into an authenticator app that cannot scan. */
  secret: string;
}

/** The name authenticator apps show next to the codes. */
const TOTP_ISSUER = 'SYS';

/**
 * Starts adding an authenticator app (POST /factors). Set-ups started earlier and never finished are
 * removed first: they would count against the user's factor limit.
 */
export async function enrollTotp(): Promise<TotpEnrollment> {
  const client = await loadAuthClient();
  const listed = await client.mfa.listFactors();
  if (listed.error) throw listed.error;
  for (const factor of listed.data.all) {
    if (factor.factor_type === 'totp' && factor.status === 'unverified') {
      await client.mfa.unenroll({ factorId: factor.id });
    }
  }
  const { data, error } = await client.mfa.enroll({ factorType: 'totp', issuer: TOTP_ISSUER });
  if (error) throw error;
  return {
    factorId: data.id,
    qrImageSrc: await totpQrImageSrc(data.totp),
    secret: data.totp.secret,
  };
}

export function useEnrollTotp(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollTotp,
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.factors(userId) }),
  });
}
