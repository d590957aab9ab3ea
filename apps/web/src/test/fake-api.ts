import { vi } from 'vitest';

/** What a handler answers: a JSON body (status 200), or a status with its body. */
export type FakeAnswer = unknown | { status: number; body?: unknown };

type Handler = (url: URL, init: RequestInit | undefined) => FakeAnswer | Promise<FakeAnswer>;

/** An answer with its own status (a failure, usually). */
export function withStatus(status: number, body?: unknown): { status: number; body?: unknown } {
  return Object.assign(Object.create(statusMarker), { status, body });
}
const statusMarker = {};

/** The server's error shape, as the data API sends it. */
export function apiErrorBody(code: string, message: string, details?: unknown) {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}

/**
 * Replaces fetch with a stand-in of the data API: `routes` maps "METHOD /api/v1/path" (no query) to a
 * handler; anything else answers 404 in the error shape. Returns the spy (its calls are the requests).
 */
export function fakeApi(routes: Record<string, Handler>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input), window.location.origin);
    const method = init?.method ?? 'GET';
    const handler = routes[`${method} ${url.pathname}`];
    const answer = handler
      ? await handler(url, init)
      : withStatus(404, apiErrorBody('not_found', 'Not found'));
    const { status, body } =
      answer !== null && typeof answer === 'object' && Object.getPrototypeOf(answer) === statusMarker
        ? (answer as { status: number; body?: unknown })
        : { status: 200, body: answer };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}
