import type { WeakPasswordReasons } from '@supabase/auth-js';
import { useTranslation } from 'react-i18next';

const KNOWN_REASONS = ['length', 'characters', 'pwned'] as const;
type KnownReason = (typeof KNOWN_REASONS)[number];

const isKnown = (reason: WeakPasswordReasons): reason is KnownReason =>
  (KNOWN_REASONS as readonly string[]).includes(reason);

/** Why the server refused a password, as a short list of what to change. */
export function WeakPasswordReasonsList({ reasons }: { reasons: readonly WeakPasswordReasons[] }) {
  const { t } = useTranslation();
  const known = [...new Set(reasons)].filter(isKnown);
  if (known.length === 0) return null;
  return (
    <>
      <p className="font-medium">{t('auth.weakPassword.title')}</p>
      <ul className="mt-0.5 list-disc ps-5">
        {known.map((reason) => (
          <li key={reason}>{t(`auth.weakPassword.${reason}`)}</li>
        ))}
      </ul>
    </>
  );
}
