import type { Db } from '../db/client.ts';
import { hitRateLimit } from './rate-limit.repository.ts';

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** What the caller is told when a request is over its limit. */
export type RateLimitRefusal<Bucket extends string> = (bucket: Bucket, retryAfterSeconds: number) => Error;

/**
 * Fixed-window request limits counted in the database, so they hold across every server instance
 * sharing it. One limiter serves several named buckets (auth: token, otp, email; the data API:
 * messages, events); each bucket counts per subject (an IP, an address, a user id).
 */
export class RateLimiter<Bucket extends string> {
  constructor(
    private readonly db: Db,
    private readonly limits: Record<Bucket, RateLimit>,
    private readonly refuse: RateLimitRefusal<Bucket>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `subject` in `bucket` and throws the bucket's refusal over the limit. */
  async consume(bucket: Bucket, subject: string): Promise<void> {
    const { limit, windowSeconds } = this.limits[bucket];
    const now = this.now();
    const hit = await hitRateLimit(this.db, `${bucket}:${subject}`, new Date(now), windowSeconds);
    if (hit.count <= limit) return;
    const retryAfterMs = hit.windowStart.getTime() + windowSeconds * 1000 - now;
    throw this.refuse(bucket, Math.max(1, Math.ceil(retryAfterMs / 1000)));
  }
}
