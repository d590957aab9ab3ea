import { randomBytes } from 'node:crypto';

/** Headers the auth service (GoTrue-compatible, /auth/v1) expects from its clients. */
export const AUTH_HEADERS = { 'x-supabase-api-version': '2024-01-01', 'content-type': 'application/json' };

/**
 * Signs up a fresh user on a running server (address `baseUrl`) and returns its access token. Addresses
 * are under `.invalid` (never mailed) and unique per call, so benchmarks can run again on one database.
 */
export async function signUp(baseUrl: string): Promise<string> {
  const email = `bench-viewer-${Date.now()}-${randomBytes(3).toString('hex')}@bench.invalid`;
  const res = await fetch(`${baseUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: AUTH_HEADERS,
    body: JSON.stringify({ email, password: 'bench password 1' }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error('sign-up gave no access token (is AUTH_CONFIRM_EMAIL on?)');
  return body.access_token;
}
