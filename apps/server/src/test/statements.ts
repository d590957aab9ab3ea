import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';

/** The SQL text of a driver call: `query(text, values)` or `query({ text, values, name })`. */
function textOf(args: unknown[]): string {
  const [first] = args;
  if (typeof first === 'string') return first;
  return String((first as { text?: unknown } | undefined)?.text ?? '');
}

/**
 * The parameters of a driver call: `query(text, values)`, `query({ text, name }, values)` (pg, as drizzle
 * calls it) or `query({ text, values, name })`.
 */
function valuesOf(args: unknown[]): unknown[] {
  const [first, second] = args;
  if (Array.isArray(second)) return second;
  const values = (first as { values?: unknown } | undefined)?.values;
  return Array.isArray(values) ? values : [];
}

/**
 * What `work` returns, how many statements it sent to `app`'s database, their SQL and their parameters,
 * counted where they reach the driver (PGlite or the pg pool): prepared statements are only executed
 * after their first time, so counting what drizzle prepares would miss them.
 */
export async function countStatements<T>(
  app: FastifyInstance,
  work: () => Promise<T>,
): Promise<{ result: T; statements: number; texts: string[]; values: unknown[][] }> {
  const { client } = (
    app.database.db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }
  ).session;
  const spy = vi.spyOn(client, 'query');
  try {
    const result = await work();
    return {
      result,
      statements: spy.mock.calls.length,
      texts: spy.mock.calls.map(textOf),
      values: spy.mock.calls.map(valuesOf),
    };
  } finally {
    spy.mockRestore();
  }
}
