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

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** Fields of a server error that name things (never values) and help an operator. */
const NAMING_FIELDS = ['severity', 'constraint', 'schema', 'table', 'column', 'routine'] as const;

/** An error as the log shows it (pino's shape). */
export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * A database error as a log line may show it, or undefined for any other error. Drizzle wraps driver
 * errors in one whose message and fields carry the query text and every parameter (on sign-up, the
 * password hash), and the driver error repeats them (PGlite) and adds `detail`, which quotes the
 * conflicting key. What is kept: the SQLSTATE, the names of the constraint, table and column, and the
 * server's message, with quoted values blanked for data exceptions (class 22: `invalid input syntax
 * for type uuid: "..."`), and the stack frames.
 */
export function databaseErrorForLog(error: unknown): LoggedError | undefined {
  const chain: Record<string, unknown>[] = [];
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    chain.push(current as Record<string, unknown>);
    current = (current as { cause?: unknown }).cause;
  }
  const isQuery = (e: Record<string, unknown>) => 'params' in e || typeof e.query === 'string';
  const driver = chain.find((e) => typeof e.code === 'string' && SQLSTATE.test(e.code));
  if (!driver && !chain.some(isQuery)) return undefined;
  // A failure below the server (a dropped connection) has no SQLSTATE; its message holds no query.
  const innermost = chain.at(-1);
  const source = driver ?? (innermost && !isQuery(innermost) ? innermost : undefined);
  let message = typeof source?.message === 'string' ? source.message : 'no message';
  const code = typeof driver?.code === 'string' ? driver.code : undefined;
  if (code?.startsWith('22')) message = message.replace(/"[^"]*"/g, '"[redacted]"');
  const outer = chain[0]!;
  const frames =
    typeof outer.stack === 'string' ? outer.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  const logged: LoggedError = {
    type: 'DatabaseError',
    message: `Database query failed: ${message}`,
    stack: [`DatabaseError: Database query failed: ${message}`, ...frames].join('\n'),
  };
  if (code) logged.code = code;
  for (const field of NAMING_FIELDS) {
    if (typeof driver?.[field] === 'string') logged[field] = driver[field];
  }
  return logged;
}
