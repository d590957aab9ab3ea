/**
 * Postgres error codes as node-postgres and PGlite report them. Drizzle wraps driver errors (the
 * original is its `cause`), so the chain is searched.
 */
function postgresError(error: unknown): { code?: string; constraint?: string } | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        ...(typeof candidate.constraint === 'string' ? { constraint: candidate.constraint } : {}),
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** A unique index refused the write (23505), optionally a particular one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = postgresError(error);
  if (found?.code !== '23505') return false;
  return constraint === undefined || found.constraint === undefined || found.constraint === constraint;
}

/** A foreign key refused the write (23503): the row it points at is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresError(error)?.code === '23503';
}
