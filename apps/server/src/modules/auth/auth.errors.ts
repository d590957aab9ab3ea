import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Errors of the auth service, answered in GoTrue's wire format so that `@supabase/auth-js` turns
 * them into its typed errors. The codes are GoTrue's error codes (auth-js `ErrorCode`).
 */
export class AuthError extends Error {
  override name = 'AuthError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra top-level fields of the body, e.g. `weak_password: { reasons }`. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const unauthorized = (code: string, message: string) => new AuthError(401, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message);
export const validationFailed = (message: string) => badRequest('validation_failed', message);

export class WeakPasswordError extends AuthError {
  constructor(
    message: string,
    readonly reasons: string[],
  ) {
    super(422, 'weak_password', message, { weak_password: { reasons } });
  }
}

export const API_VERSION_HEADER = 'x-supabase-api-version';
const API_VERSION_2024 = '2024-01-01';

/**
 * GoTrue answers errors in the `{ code, message }` shape only to clients that announce API version
 * 2024-01-01 or later (auth-js always does); older clients get `{ code: <status>, error_code, msg }`.
 * Returns the version to echo, or null for the initial (legacy) version.
 */
export function requestApiVersion(request: FastifyRequest): string | null {
  const raw = request.headers[API_VERSION_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(time) || time < Date.parse(`${API_VERSION_2024}T00:00:00Z`)) return null;
  return API_VERSION_2024;
}

export function authErrorBody(error: AuthError, version: string | null): Record<string, unknown> {
  if (version) return { code: error.code, message: error.message, ...error.extra };
  return { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
}

export function sendAuthError(request: FastifyRequest, reply: FastifyReply, error: AuthError) {
  const version = requestApiVersion(request);
  if (version) reply.header('X-Supabase-Api-Version', version);
  return reply.status(error.status).send(authErrorBody(error, version));
}

/** Fastify's own request errors, in GoTrue's words. */
function fromFastifyError(error: FastifyError): AuthError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badRequest('bad_json', `Could not parse request body as JSON: ${error.message}`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AuthError(413, 'request_too_large', 'Request body too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return badRequest('bad_json', 'Unsupported content type');
    default:
      return null;
  }
}

/**
 * Unique indexes a concurrent request can fill first (the services check before they write, and the
 * check cannot see a write still in progress), with the answer the services give when the row was
 * there before: an address taken during admin create or update, invite or email change.
 */
const UNIQUE_CONFLICTS: Record<string, () => AuthError> = {
  users_email_lower_key: () =>
    unprocessable('email_exists', 'A user with this email address has already been registered'),
  mfa_factors_user_friendly_name_key: () =>
    unprocessable(
      'mfa_factor_name_conflict',
      'A factor with this friendly name for this user already exists',
    ),
};

/**
 * The auth plugin's own error handler: what a client of /auth/v1 sees. Server failures are logged
 * in full and answered with GoTrue's generic `unexpected_failure`.
 */
export function authErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AuthError) return sendAuthError(request, reply, error);
  // Refusals of the app-wide request checks (e.g. text PostgreSQL cannot store), in GoTrue's shape.
  if (error instanceof AppError && error.status < 500) {
    return sendAuthError(request, reply, new AuthError(error.status, error.code, error.message));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext;
    const message = first ? `Invalid ${field}: ${first.message}` : 'Invalid request';
    return sendAuthError(request, reply, validationFailed(message));
  }
  const known = fromFastifyError(error);
  if (known) return sendAuthError(request, reply, known);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return sendAuthError(request, reply, new AuthError(status, 'validation_failed', error.message));
  }
  // A write that lost a race to a unique index is the client's conflict, never a server failure.
  if (isUniqueViolation(error)) {
    const known = Object.entries(UNIQUE_CONFLICTS).find(([index]) => isUniqueViolation(error, index));
    return sendAuthError(
      request,
      reply,
      known ? known[1]() : new AuthError(409, 'conflict', 'Conflict, please try again'),
    );
  }
  request.log.error({ err: error }, 'auth request failed');
  return sendAuthError(
    request,
    reply,
    new AuthError(
      500,
      'unexpected_failure',
      'Unexpected failure, please check server logs for more information',
    ),
  );
}
