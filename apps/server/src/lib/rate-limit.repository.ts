import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authRateLimits } from '../db/schema/index.ts';

export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** When the current window began. */
  windowStart: Date;
}

/**
 * Counts one request against `key` in a fixed window, in a single statement so that the count holds
 * across server instances sharing the database. The counters live in `auth.rate_limits` (the auth
 * service's clean-up deletes day-old rows of every key); keys are namespaced by their bucket.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  now: Date,
  windowSeconds: number,
): Promise<RateLimitHit> {
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  const [row] = await db
    .insert(authRateLimits)
    .values({ key, window_start: now, count: 1 })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        count: sql`case when ${authRateLimits.window_start} <= ${windowStart} then 1 else ${authRateLimits.count} + 1 end`,
        window_start: sql`case when ${authRateLimits.window_start} <= ${windowStart} then excluded.window_start else ${authRateLimits.window_start} end`,
      },
    })
    .returning({ count: authRateLimits.count, windowStart: authRateLimits.window_start });
  return { count: row?.count ?? 1, windowStart: row?.windowStart ?? now };
}

/**
 * A lockout: after `failures` failed attempts in a run, the subject is refused for `lockSeconds`,
 * doubling with every further failure up to `maxLockSeconds`. A run is forgotten once `windowSeconds`
 * pass without a failure after its lock has ended.
 */
export interface Lockout {
  failures: number;
  windowSeconds: number;
  lockSeconds: number;
  maxLockSeconds: number;
}

/** How long a run of `count` failures locks its subject: nothing below the threshold, then doubling, capped. */
export function lockoutSeconds(policy: Lockout, count: number): number {
  if (count < policy.failures) return 0;
  return Math.min(policy.maxLockSeconds, policy.lockSeconds * 2 ** Math.min(count - policy.failures, 30));
}

export type LockoutAttempt =
  | { allowed: true /** Failures in the run, this attempt included until it succeeds. */; count: number }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Lockout rows share `auth.rate_limits`: `count` is the run's failures, `window_start` when the last
 * one was counted. The row is locked for the decision, so concurrent attempts from any instance are
 * counted one after the other and a burst cannot slip past the threshold.
 */
async function withLockoutRow<T>(
  db: Db,
  key: string,
  now: Date,
  decide: (row: { count: number; lastAt: Date }) => { count?: number; result: T },
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.insert(authRateLimits).values({ key, window_start: now, count: 0 }).onConflictDoNothing();
    const [row] = await tx
      .select({ count: authRateLimits.count, lastAt: authRateLimits.window_start })
      .from(authRateLimits)
      .where(eq(authRateLimits.key, key))
      .for('update');
    const { count, result } = decide(row ?? { count: 0, lastAt: now });
    if (count !== undefined) {
      await tx.update(authRateLimits).set({ count, window_start: now }).where(eq(authRateLimits.key, key));
    }
    return result;
  });
}

/**
 * When the run's lock ends (null below the threshold), and whether the run is forgotten. A
 * concurrent attempt may have counted a moment later than `now`: that alone locks nothing.
 */
function lockoutState(policy: Lockout, row: { count: number; lastAt: Date }, now: Date) {
  const seconds = lockoutSeconds(policy, row.count);
  const end = row.lastAt.getTime() + seconds * 1000;
  return {
    lockedUntil: seconds > 0 && end > now.getTime() ? end : null,
    forgotten: end + policy.windowSeconds * 1000 <= now.getTime(),
  };
}

/**
 * One attempt of `key`: refused (and not counted) while the subject is locked, else counted as a
 * failure before it is made; a success takes it back with `clearLockout`.
 */
export function beginLockoutAttempt(
  db: Db,
  key: string,
  policy: Lockout,
  now: Date,
): Promise<LockoutAttempt> {
  return withLockoutRow<LockoutAttempt>(db, key, now, (row) => {
    const state = lockoutState(policy, row, now);
    if (state.lockedUntil !== null) {
      const retryAfterSeconds = Math.max(1, Math.ceil((state.lockedUntil - now.getTime()) / 1000));
      return { result: { allowed: false, retryAfterSeconds } };
    }
    const count = state.forgotten ? 1 : row.count + 1;
    return { count, result: { allowed: true, count } };
  });
}

/** Counts one failure of `key` whatever its lock (a subject that is only counted); returns the run's count. */
export function countLockoutFailure(db: Db, key: string, policy: Lockout, now: Date): Promise<number> {
  return withLockoutRow(db, key, now, (row) => {
    const count = lockoutState(policy, row, now).forgotten ? 1 : row.count + 1;
    return { count, result: count };
  });
}

/** Raises the run of `key` to at least `count` failures (its lock grows accordingly, from its last attempt). */
export async function raiseLockoutCount(db: Db, key: string, count: number): Promise<void> {
  await db
    .update(authRateLimits)
    .set({ count: sql`greatest(${authRateLimits.count}, ${count})` })
    .where(eq(authRateLimits.key, key));
}

/** Ends the run of `key` (a success, a new password). */
export async function clearLockout(db: Db, key: string): Promise<void> {
  await db.delete(authRateLimits).where(eq(authRateLimits.key, key));
}
