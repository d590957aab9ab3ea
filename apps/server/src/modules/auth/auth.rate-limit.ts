import type { Db } from '../../db/client.ts';
import { type RateLimit, RateLimiter } from '../../lib/rate-limit.ts';
import { tooManyRequests } from './auth.errors.ts';

/**
 * Buckets, in the spirit of GoTrue's defaults: `token` for /token grants, `otp` for each of
 * signup, recover, otp, verify, resend and MFA verification, `email` for mail sent to one address.
 */
export type RateLimitBucket = 'token' | 'otp' | 'email';

export type AuthRateLimiter = RateLimiter<RateLimitBucket>;

export const DEFAULT_RATE_LIMITS: Record<RateLimitBucket, RateLimit> = {
  token: { limit: 150, windowSeconds: 300 },
  otp: { limit: 30, windowSeconds: 300 },
  email: { limit: 30, windowSeconds: 3600 },
};

/** The auth limits (counted in the database, so they hold across every server instance), with GoTrue's errors. */
export function createAuthRateLimiter(
  db: Db,
  limits: Record<RateLimitBucket, RateLimit>,
  now: () => number,
): AuthRateLimiter {
  return new RateLimiter<RateLimitBucket>(
    db,
    limits,
    (bucket) =>
      bucket === 'email'
        ? tooManyRequests('over_email_send_rate_limit', 'Email rate limit exceeded')
        : tooManyRequests('over_request_rate_limit', 'Request rate limit reached'),
    now,
  );
}
