import { sql } from 'drizzle-orm';
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
