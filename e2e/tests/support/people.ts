import { type APIRequestContext, expect } from '@playwright/test';
import { PASSWORD, uniqueEmail } from './auth';

export interface ApiUser {
  email: string;
  token: string;
  id: string;
  username: string;
}

/** A confirmed user made through the API, with a unique username set on their profile. */
export async function createApiUser(request: APIRequestContext, prefix = 'user'): Promise<ApiUser> {
  const email = uniqueEmail();
  const signUp = await request.post('/auth/v1/signup', { data: { email, password: PASSWORD } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const { access_token: token } = (await signUp.json()) as { access_token: string };
  const username = `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  const patched = await request.patch('/api/v1/profiles/me', {
    headers: { authorization: `Bearer ${token}` },
    data: { username },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const { id } = (await patched.json()) as { id: string };
  return { email, token, id, username };
}

/** `follower` follows `followed` through the API. */
export async function followThroughApi(request: APIRequestContext, follower: ApiUser, followed: ApiUser) {
  const response = await request.put(`/api/v1/follows/${followed.id}`, {
    headers: { authorization: `Bearer ${follower.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Makes `user` an administrator through the admin API (with the server's SERVICE_ROLE_KEY); they sign
 * in afterwards for a token with the new role. */
export async function makeAdministrator(request: APIRequestContext, user: ApiUser): Promise<void> {
  const key = process.env.E2E_SERVICE_ROLE_KEY;
  if (!key) throw new Error('E2E_SERVICE_ROLE_KEY is not set (see playwright.config.ts)');
  const role = await request.put(`/auth/v1/admin/users/${user.id}`, {
    headers: { authorization: `Bearer ${key}` },
    data: { role: 'supabase_admin' },
  });
  expect(role.status(), await role.text()).toBe(200);
}
