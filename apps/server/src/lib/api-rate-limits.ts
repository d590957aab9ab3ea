import { EVENTS_MESSAGES, MESSAGE_MESSAGES } from '@sys/shared';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { tooManyRequests } from './errors.ts';
import { type RateLimit, RateLimiter } from './rate-limit.ts';

/**
 * The data API's limits: `messages` sent per user, `events` streams opened per user (per IP for a
 * visitor). Both are counted in the database (the auth limits' table and code), so several instances
 * behind a load balancer share one count. Configured by API_RATE_LIMITS.
 */
export type ApiRateLimitBucket = 'messages' | 'events';

export type ApiRateLimiter = RateLimiter<ApiRateLimitBucket>;

export const DEFAULT_API_RATE_LIMITS: Record<ApiRateLimitBucket, RateLimit> = {
  // A brisk chat is a message every few seconds; a script is not.
  messages: { limit: 30, windowSeconds: 60 },
  // A page load opens one or two streams, and the browser reconnects every few seconds at worst.
  events: { limit: 60, windowSeconds: 60 },
};

const REFUSALS: Record<ApiRateLimitBucket, string> = {
  messages: MESSAGE_MESSAGES.tooManyMessages,
  events: EVENTS_MESSAGES.tooManyStreams,
};

export function createApiRateLimiter(db: Db, config: Pick<AppConfig, 'apiRateLimits'>): ApiRateLimiter {
  return new RateLimiter<ApiRateLimitBucket>(
    db,
    { ...DEFAULT_API_RATE_LIMITS, ...config.apiRateLimits },
    // The bucket prefix keeps these counters apart from auth's (token, otp, email).
    (bucket, retryAfterSeconds) => tooManyRequests(REFUSALS[bucket], retryAfterSeconds),
  );
}
