import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';

/**
 * What `work` returns and how many statements it sent to `app`'s database, counted where they reach the
 * driver (PGlite or the pg pool): prepared statements are only executed after their first time, so
 * counting what drizzle prepares would miss them.
 */
export async function countStatements<T>(
  app: FastifyInstance,
  work: () => Promise<T>,
): Promise<{ result: T; statements: number }> {
  const { client } = (
    app.database.db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }
  ).session;
  const spy = vi.spyOn(client, 'query');
  try {
    const result = await work();
    return { result, statements: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}
