import type { WeakPasswordReasons } from '@supabase/auth-js';
import { useTranslation } from 'react-i18next';

const KNOWN_REASONS = ['length', 'characters', 'pwned'] as const;
type KnownReason = (typeof KNOWN_REASONS)[number];

const isKnown = (reason: WeakPasswordReasons): reason is KnownReason =>
  (KNOWN_REASONS as readonly string[]).includes(reason);

/**
 * Why the server refused a password, as a short list of what to change. The one place that says so: the
 * form's toast then only names the failure. Too short says how long it must be, when the server said.
 */
export function WeakPasswordReasonsList({
  reasons,
  minLength,
}: {
  reasons: readonly WeakPasswordReasons[];
  minLength?: number | undefined;
}) {
  const { t } = useTranslation();
  const known = [...new Set(reasons)].filter(isKnown);
  if (known.length === 0) return null;
  return (
    <>
      <p className="font-medium">{t('auth.weakPassword.title')}</p>
      <ul className="mt-0.5 list-disc ps-5">
        {known.map((reason) => (
          <li key={reason}>
            {reason === 'length' && minLength
              ? t('auth.errors.weak_password_length', { count: minLength })
              : t(`auth.weakPassword.${reason}`)}
          </li>
        ))}
      </ul>
    </>
  );
}
