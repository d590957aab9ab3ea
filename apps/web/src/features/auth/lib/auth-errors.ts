import { isAuthError, isAuthWeakPasswordError, type WeakPasswordReasons } from '@supabase/auth-js';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Server error codes with a text of ours (GoTrue's wording in English, translated in Hebrew). */
const KNOWN_CODES = [
  'invalid_credentials',
  'user_already_exists',
  'email_exists',
  'email_not_confirmed',
  'same_password',
  'mfa_verification_failed',
  'over_request_rate_limit',
  'over_email_send_rate_limit',
  'signup_disabled',
] as const;
type KnownCode = (typeof KNOWN_CODES)[number];

const isKnownCode = (code: unknown): code is KnownCode =>
  typeof code === 'string' && (KNOWN_CODES as readonly string[]).includes(code);

/** The server's weak-password message for a too-short password. */
const WEAK_LENGTH = /^Password should be at least (\d+) characters\.$/;

/** Keeps a left-to-right message (the server's, in English) in its order inside a right-to-left screen. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * The text to show for a failed auth call: ours for the common server errors (so Hebrew readers get
 * Hebrew), a network hint when the server could not be reached, else the server's message.
 */
export function useAuthErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (isAuthError(error)) {
        if (isKnownCode(error.code)) return t(`auth.errors.${error.code}`);
        if (error.name === 'AuthRetryableFetchError' || error.status === 0) return t('auth.errors.network');
        // GoTrue's length rule names the server's configured minimum: ours says the same, in the reader's language.
        const minLength = weakPasswordMinLength(error);
        if (minLength) return t('auth.errors.weak_password_length', { count: minLength });
      }
      if (error instanceof Error && error.message) return isolate(error.message);
      return isolate(String(error));
    },
    [t],
  );
}

/** The shortest password the server takes, when it refused one for being shorter. */
export function weakPasswordMinLength(error: unknown): number | undefined {
  const minLength = isAuthWeakPasswordError(error) ? WEAK_LENGTH.exec(error.message)?.[1] : undefined;
  return minLength ? Number(minLength) : undefined;
}

/** Why the server found a password weak (empty for any other error). */
export function weakPasswordReasons(error: unknown): WeakPasswordReasons[] {
  return isAuthWeakPasswordError(error) ? error.reasons : [];
}
