import type { ErrorResponse } from '@sys/shared';
import { mayHaveAuthSession } from './auth-redirect';
import { loadAuthClient } from './load-auth-client';

/** Base path of the data API (spec: /api/v1/*). */
export const API_BASE = '/api/v1';

/** An error answered by the server in its error shape, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Send the signed-in user's access token (default true; public reads work without one). */
  auth?: boolean;
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const url = new URL(`${API_BASE}${path}`, window.location.origin);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  return `${url.pathname}${url.search}`;
}

/** The signed-in user's access token, for requests made outside apiRequest (uploads). */
export async function accessToken(): Promise<string | undefined> {
  // Signed out (nothing stored): answer at once, so a visitor's first requests do not wait for auth-js.
  if (!mayHaveAuthSession()) return undefined;
  const client = await loadAuthClient();
  const { data } = await client.getSession();
  return data.session?.access_token;
}

/*
 * The error shape (ErrorResponseSchema) checked by hand: zod would otherwise load with the first screen
 * that fetches anything (about 25 kB gzip).
 */
function isErrorResponse(body: unknown): body is ErrorResponse {
  const error = (body as Partial<ErrorResponse> | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

/** An ApiError from a failed response's status and parsed body (also used for XHR uploads). */
export function apiErrorFrom(status: number, body: unknown, statusText = ''): ApiError {
  if (isErrorResponse(body)) {
    const { code, message, details } = body.error;
    return new ApiError(status, code, message, details);
  }
  return new ApiError(status, 'http_error', statusText || `HTTP ${status}`);
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  return apiErrorFrom(response.status, body, response.statusText);
}

/**
 * Calls the data API and returns the parsed JSON body. Components never call this directly: each
 * endpoint gets a fetcher and a query hook under features/<name>/api/.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.auth !== false) {
    const token = await accessToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', error instanceof Error ? error.message : String(error));
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
