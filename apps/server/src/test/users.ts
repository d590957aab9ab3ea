import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** A signed-up user of a test app, with the headers that make a request theirs. */
export interface TestUser {
  id: string;
  email: string;
  accessToken: string;
  headers: { authorization: string };
}

export const TEST_PASSWORD = 'correct horse battery';

/**
 * Signs a new user up through the real auth service (POST /auth/v1/signup) and returns their access
 * token. The email defaults to a fresh random address. Use with a test app whose auth rate limits are
 * relaxed (`TEST_RATE_LIMITS`) when a file signs up many users.
 */
export async function createUser(app: FastifyInstance, options: { email?: string } = {}): Promise<TestUser> {
  const email = options.email ?? `user-${randomBytes(5).toString('hex')}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/auth/v1/signup',
    headers: { 'x-supabase-api-version': '2024-01-01' },
    payload: { email, password: TEST_PASSWORD },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up of ${email} failed: ${response.statusCode} ${response.body}`);
  }
  const session = response.json() as { access_token?: string; user?: { id: string } };
  if (!session.access_token || !session.user) {
    throw new Error(`sign-up of ${email} gave no session (is email confirmation on?): ${response.body}`);
  }
  return {
    id: session.user.id,
    email,
    accessToken: session.access_token,
    headers: { authorization: `Bearer ${session.access_token}` },
  };
}

/** A new user who has chosen `username` (lists that name people need one), through PATCH /profiles/me. */
export async function createNamedUser(app: FastifyInstance, username: string): Promise<TestUser> {
  const user = await createUser(app);
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/v1/profiles/me',
    headers: user.headers,
    payload: { username },
  });
  if (response.statusCode !== 200)
    throw new Error(`naming ${username}: ${response.statusCode} ${response.body}`);
  return user;
}

/** Auth rate limits high enough that tests signing up many users never meet them. */
export const TEST_RATE_LIMITS = {
  token: { limit: 100_000, windowSeconds: 300 },
  otp: { limit: 100_000, windowSeconds: 300 },
  email: { limit: 100_000, windowSeconds: 3600 },
};

/**
 * Makes `user` an administrator the way an operator does: the auth admin API (authorised by the app's
 * SERVICE_ROLE_KEY) sets their role to `supabase_admin`, then they sign in again for a token that says so.
 */
export async function makeAdmin(
  app: FastifyInstance,
  user: TestUser,
  serviceRoleKey: string,
): Promise<TestUser> {
  const updated = await app.inject({
    method: 'PUT',
    url: `/auth/v1/admin/users/${user.id}`,
    headers: { authorization: `Bearer ${serviceRoleKey}` },
    payload: { role: 'supabase_admin' },
  });
  if (updated.statusCode !== 200)
    throw new Error(`role change failed: ${updated.statusCode} ${updated.body}`);
  const signIn = await app.inject({
    method: 'POST',
    url: '/auth/v1/token?grant_type=password',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  const session = signIn.json() as { access_token?: string };
  if (signIn.statusCode !== 200 || !session.access_token) {
    throw new Error(`admin sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  }
  return {
    ...user,
    accessToken: session.access_token,
    headers: { authorization: `Bearer ${session.access_token}` },
  };
}

/** A request by `user` through the app, which must succeed (a 2xx status); its response. */
export async function actAs(
  app: FastifyInstance,
  user: TestUser,
  method: 'PUT' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  const response = await app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response;
}
