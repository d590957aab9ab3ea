import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import pino from 'pino';
import { databaseErrorForLog, isUniqueViolation, type LoggedError } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Fastify's own client errors (body parsing, limits, media types) mapped to our codes. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_json', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid_json', message: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: 'Invalid content length' },
};

/**
 * Pino's `err` serializer for every logger of the app: a database error loses its query text and
 * parameters (see `databaseErrorForLog`); any other error is serialized as pino does.
 */
export function errorLogSerializer(error: Error): LoggedError {
  return databaseErrorForLog(error) ?? pino.stdSerializers.err(error);
}

/**
 * The one place that decides what a client sees when something fails. Client errors keep their
 * details; server errors are logged (database errors without their query and parameters, see
 * `errorLogSerializer`) and answered with a generic message.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const retryAfter = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (error.status === 429 && typeof retryAfter === 'number')
        reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: [error.validationContext, v.instancePath.replace(/^\//, '').replaceAll('/', '.')]
          .filter(Boolean)
          .join('.'),
        message: v.message,
      }));
      return reply.status(400).send(errorBody('validation_failed', 'Invalid request', details));
    }
    if (error.validation) {
      return reply.status(400).send(errorBody('validation_failed', error.message));
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) {
      return reply.status(error.statusCode ?? 400).send(errorBody(known.code, known.message));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(error.code ?? 'bad_request', error.message));
    }
    // A unique index refused a write that a concurrent request made first; services map the ones they
    // expect to their own answer, and any other is still the client's conflict, not a server failure.
    if (isUniqueViolation(error)) {
      return reply
        .status(409)
        .send(errorBody('conflict', 'This conflicts with a change made at the same time'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong'));
  });
}
