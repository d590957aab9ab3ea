import type { Db } from '../../db/client.ts';
import {
  beginLockoutAttempt,
  clearLockout,
  countLockoutFailure,
  type Lockout,
  raiseLockoutCount,
} from '../../lib/rate-limit.repository.ts';
import { tooManyRequests } from './auth.errors.ts';
import { sha256Hex } from './auth.tokens.ts';

/**
 * The per-account lockouts (AUTH_LOCKOUT): `password` for password sign-ins to one email address,
 * `mfa` for TOTP codes. Counted in the database like the per-address limits, so they hold across
 * every server instance.
 */
export type LockoutName = 'password' | 'mfa';

export const DEFAULT_LOCKOUTS: Record<LockoutName, Lockout> = {
  password: { failures: 5, windowSeconds: 3600, lockSeconds: 60, maxLockSeconds: 900 },
  mfa: { failures: 5, windowSeconds: 3600, lockSeconds: 30, maxLockSeconds: 300 },
};

/** A locked subject's answer: the same whether the account exists or not. */
const locked = () => tooManyRequests('over_request_rate_limit', 'Request rate limit reached');

/** A password attempt under way: what `passwordFailed` needs to know. */
export interface PasswordAttempt {
  key: string;
  count: number;
}

/**
 * Guessing limits that follow the account rather than the client address, so that spreading the
 * guesses over many addresses gains nothing.
 *
 * Passwords: failures are counted per email address, known or not (an unknown address is locked
 * exactly like a known one, so the answers tell nothing). Once locked, even the right password is
 * refused until the lock ends; a new password (recover, verify, update) ends the run at once.
 *
 * TOTP codes: someone who has the password must not be able to lock the owner out of their second
 * factor. Wrong codes lock the session they were entered in, never the factor: a session's lock is
 * as long as the longer of its own run and its user's (so many sessions do not buy an attacker many
 * free guesses), and it is capped, while another session (the owner signing in) gets its attempt.
 */
export class AccountThrottle {
  constructor(
    private readonly db: Db,
    private readonly lockouts: Record<LockoutName, Lockout>,
    private readonly now: () => number,
  ) {}

  private static passwordKey(email: string) {
    return `lockout:password:${sha256Hex(email.trim().toLowerCase())}`;
  }

  /** Counts a password attempt for `email` before it is checked; throws 429 while the address is locked. */
  async beginPassword(email: string): Promise<PasswordAttempt> {
    const key = AccountThrottle.passwordKey(email);
    const attempt = await beginLockoutAttempt(this.db, key, this.lockouts.password, new Date(this.now()));
    if (!attempt.allowed) throw locked();
    return { key, count: attempt.count };
  }

  /** The attempt was wrong; true when it started the lock, the moment to tell the owner (once a run). */
  passwordFailed(attempt: PasswordAttempt): boolean {
    return attempt.count === this.lockouts.password.failures;
  }

  /** A right password or a new one: the run of failures for `email` ends. */
  async clearPassword(email: string): Promise<void> {
    await clearLockout(this.db, AccountThrottle.passwordKey(email));
  }

  /** Counts a TOTP attempt in `sessionId` before it is checked; throws 429 while that session is locked. */
  async beginTotp(sessionId: string): Promise<void> {
    const attempt = await beginLockoutAttempt(
      this.db,
      `lockout:mfa-session:${sessionId}`,
      this.lockouts.mfa,
      new Date(this.now()),
    );
    if (!attempt.allowed) throw locked();
  }

  /** A wrong code: counted for the user too, and the session's lock made at least as long as the user's run. True when the user's run reaches the threshold (tell the owner, once a run). */
  async totpFailed(userId: string, sessionId: string): Promise<boolean> {
    const count = await countLockoutFailure(
      this.db,
      `lockout:mfa-user:${userId}`,
      this.lockouts.mfa,
      new Date(this.now()),
    );
    await raiseLockoutCount(this.db, `lockout:mfa-session:${sessionId}`, count);
    return count === this.lockouts.mfa.failures;
  }

  /** A right code ends the runs of the session and the user. */
  async totpPassed(userId: string, sessionId: string): Promise<void> {
    await clearLockout(this.db, `lockout:mfa-session:${sessionId}`);
    await clearLockout(this.db, `lockout:mfa-user:${userId}`);
  }
}
