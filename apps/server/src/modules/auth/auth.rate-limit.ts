import { tooManyRequests } from './auth.errors.ts';
import type { AuthRepository } from './auth.repository.ts';

/**
 * Buckets, in the spirit of GoTrue's defaults: `token` for /token grants, `otp` for each of
 * signup, recover, otp, verify, resend and MFA verification, `email` for mail sent to one address.
 */
export type RateLimitBucket = 'token' | 'otp' | 'email';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export const DEFAULT_RATE_LIMITS: Record<RateLimitBucket, RateLimit> = {
  token: { limit: 150, windowSeconds: 300 },
  otp: { limit: 30, windowSeconds: 300 },
  email: { limit: 30, windowSeconds: 3600 },
};

/** Counts requests in the database, so the limits hold across every server instance. */
export class RateLimiter {
  constructor(
    private readonly repo: AuthRepository,
    private readonly limits: Record<RateLimitBucket, RateLimit>,
    private readonly now: () => number,
  ) {}

  /** Counts one request of `subject` (an IP, an address) and refuses it over the limit. */
  async consume(bucket: RateLimitBucket, subject: string): Promise<void> {
    const { limit, windowSeconds } = this.limits[bucket];
    const count = await this.repo.hitRateLimit(`${bucket}:${subject}`, new Date(this.now()), windowSeconds);
    if (count <= limit) return;
    throw bucket === 'email'
      ? tooManyRequests('over_email_send_rate_limit', 'Email rate limit exceeded')
      : tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  }
}
