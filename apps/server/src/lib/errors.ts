/**
 * The one error type services throw for a request that cannot be served. The central error
 * handler turns it into `{ error: { code, message, details } }` with `status`.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found', details?: unknown) =>
  new AppError(404, 'not_found', message, details);
export const unauthorized = (message = 'User not authenticated') =>
  new AppError(401, 'not_authenticated', message);
export const forbidden = (message: string, details?: unknown) =>
  new AppError(403, 'forbidden', message, details);
export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'validation_failed', message, details);
export const conflict = (message: string, details?: unknown) =>
  new AppError(409, 'conflict', message, details);
/** Over a rate limit: `Retry-After` (set by the error handler from the details) says when to try again. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, { retryAfterSeconds });
