import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';

/** The SQL text of a driver call: `query(text, values)` or `query({ text, values, name })`. */
function textOf(args: unknown[]): string {
  const [first] = args;
  if (typeof first === 'string') return first;
  return String((first as { text?: unknown } | undefined)?.text ?? '');
}

/**
 * What `work` returns, how many statements it sent to `app`'s database and their SQL, counted where they
 * reach the driver (PGlite or the pg pool): prepared statements are only executed after their first time,
 * so counting what drizzle prepares would miss them.
 */
export async function countStatements<T>(
  app: FastifyInstance,
  work: () => Promise<T>,
): Promise<{ result: T; statements: number; texts: string[] }> {
  const { client } = (
    app.database.db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }
  ).session;
  const spy = vi.spyOn(client, 'query');
  try {
    const result = await work();
    return { result, statements: spy.mock.calls.length, texts: spy.mock.calls.map(textOf) };
  } finally {
    spy.mockRestore();
  }
}
