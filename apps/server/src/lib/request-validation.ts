import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
}

export interface ThrowIfInvalidOptions {
  /** Answer an invalid path parameter (a malformed id) with 404 and this message instead of 400. */
  paramsNotFound?: string;
}

/**
 * For routes declared with `config.access` (plugins/route-access.ts). Fastify has checked the request
 * against the shared zod schemas but left the answer to the access hook, which first checks the caller
 * (an anonymous write is a 401 whatever its body) and then calls this. The first failing rule's message
 * becomes the error message, so clients can show the spec's texts ('Please add at least one image or
 * video') as they are; `details` lists every failing field, in the central error handler's shape.
 */
export function throwIfInvalid(request: FastifyRequest, options: ThrowIfInvalidOptions = {}): void {
  const error = request.validationError;
  if (!error) return;
  const context = error.validationContext;
  if (context === 'params' && options.paramsNotFound) {
    throw new AppError(404, 'not_found', options.paramsNotFound);
  }
  const issues: ValidationIssue[] = Array.isArray(error.validation) ? error.validation : [];
  const details = issues.map((issue) => ({
    field: [context, (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.')]
      .filter(Boolean)
      .join('.'),
    message: issue.message ?? 'Invalid value',
  }));
  throw badRequest(details[0]?.message ?? error.message, details);
}
