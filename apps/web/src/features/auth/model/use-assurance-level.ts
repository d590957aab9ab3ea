import type { Session } from '@supabase/auth-js';
import { useEffect, useState } from 'react';
import { needsSecondFactor } from '../api/assurance-level';

export interface AssuranceLevel {
  /** The account has a verified factor but this session was opened with the password only. */
  needsSecondFactor: boolean;
}

/**
 * The assurance level of `session` (auth-js's getAuthenticatorAssuranceLevel, read from the session
 * itself), or undefined while it is being read or without a session.
 */
export function useAssuranceLevel(session: Session | null): AssuranceLevel | undefined {
  const [result, setResult] = useState<{ session: Session; level: AssuranceLevel }>();
  useEffect(() => {
    if (!session) return;
    let current = true;
    needsSecondFactor().then(
      (needed) => {
        if (current) setResult({ session, level: { needsSecondFactor: needed } });
      },
      () => {
        // Unreadable: treat as complete; the server still checks the level where it matters.
        if (current) setResult({ session, level: { needsSecondFactor: false } });
      },
    );
    return () => {
      current = false;
    };
  }, [session]);
  return session && result?.session === session ? result.level : undefined;
}
