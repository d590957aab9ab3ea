import { GoTrueAdminApi, GoTrueClient, type SupportedStorage } from '@supabase/auth-js';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { AppConfigInput } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/context.ts';
import type { MemoryOutbox } from './auth.mailer.ts';

/** Limits high enough that only the rate-limit tests meet them. */
export const RELAXED_RATE_LIMITS = {
  token: { limit: 100_000, windowSeconds: 300 },
  otp: { limit: 100_000, windowSeconds: 300 },
  email: { limit: 100_000, windowSeconds: 3600 },
};

export const SITE_URL = 'http://localhost:5173';
export const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };

export interface AuthTestApp extends TestApp {
  outbox: MemoryOutbox;
  call(options: InjectOptions & { token?: string | undefined }): Promise<LightMyRequestResponse>;
  signUp(email: string, password?: string, data?: Record<string, unknown>): Promise<SessionBody>;
  signIn(email: string, password?: string): Promise<SessionBody>;
}

export interface SessionBody {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: string;
  user: { id: string; email: string; [key: string]: unknown };
  [key: string]: unknown;
}

export const PASSWORD = 'correct horse';

/** The app on a fresh database, with an in-memory mail outbox and calls in auth-js's style. */
export async function createAuthTestApp(overrides: Partial<AppConfigInput> = {}): Promise<AuthTestApp> {
  const ctx = await createTestApp({ siteUrl: SITE_URL, authRateLimits: RELAXED_RATE_LIMITS, ...overrides });
  // Mail goes out after the answer; a call returns once it has, so tests read the outbox at once.
  const call: AuthTestApp['call'] = async ({ token, headers, ...options }) => {
    const response = await ctx.app.inject({
      ...options,
      headers: { ...API_VERSION, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    await ctx.app.services.auth.background.idle();
    return response;
  };
  const session = async (response: Awaited<ReturnType<typeof call>>) => {
    if (response.statusCode !== 200)
      throw new Error(`expected a session, got ${response.statusCode} ${response.body}`);
    return response.json() as SessionBody;
  };
  return {
    ...ctx,
    outbox: ctx.app.services.auth.mail as MemoryOutbox,
    call,
    signUp: async (email, password = PASSWORD, data = {}) =>
      session(await call({ method: 'POST', url: '/auth/v1/signup', payload: { email, password, data } })),
    signIn: async (email, password = PASSWORD) =>
      session(
        await call({
          method: 'POST',
          url: '/auth/v1/token?grant_type=password',
          payload: { email, password },
        }),
      ),
  };
}

/** The query and fragment parameters of a redirect `Location`. */
export function redirectParams(location: string) {
  const url = new URL(location);
  return {
    url,
    query: url.searchParams,
    fragment: new URLSearchParams(url.hash.replace(/^#/, '')),
  };
}

/** A browser's localStorage, one per simulated device. */
function memoryStorage(): SupportedStorage {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      data.set(key, value);
    },
    removeItem: (key: string) => {
      data.delete(key);
    },
  };
}

/**
 * The app listening on a real port, and the official @supabase/auth-js clients pointed at its /auth/v1:
 * `client()` is a new browser (own storage), `admin()` holds the service-role key.
 */
export async function listenForAuthJs(t: AuthTestApp, serviceRoleKey: string) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}/auth/v1`;
  // Mail goes out after the answer; like `call`, a request resolves once it has been sent.
  const fetchThenIdle: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    await t.app.services.auth.background.idle();
    return response;
  };
  return {
    url,
    client: () =>
      new GoTrueClient({
        url,
        storage: memoryStorage(),
        storageKey: 'sb-test-auth-token',
        autoRefreshToken: false,
        persistSession: true,
        detectSessionInUrl: false,
        fetch: fetchThenIdle,
      }),
    admin: () =>
      new GoTrueAdminApi({
        url,
        headers: { Authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey },
        fetch: fetchThenIdle,
      }),
  };
}
