import { AuthApiError, AuthWeakPasswordError, GoTrueAdminApi, type GoTrueClient } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp } from './auth.mfa.ts';
import { type AuthTestApp, createAuthTestApp, listenForAuthJs, PASSWORD } from './auth.test-helpers.ts';

/**
 * The official @supabase/auth-js client, unchanged, against the server listening on a real port:
 * the proof that SYS speaks GoTrue's wire format.
 */

const SERVICE_ROLE_KEY = 'auth-js-test-service-role-key-000';

let t: AuthTestApp;
let authUrl: string;
let newClient: () => GoTrueClient;
let admin: () => GoTrueAdminApi;

beforeAll(async () => {
  t = await createAuthTestApp({ serviceRoleKey: SERVICE_ROLE_KEY });
  ({ url: authUrl, client: newClient, admin } = await listenForAuthJs(t, SERVICE_ROLE_KEY));
});
afterAll(() => t.close());

/** Signs `email` up through auth-js: each test has an account of its own, whichever runs first. */
async function account(email: string): Promise<void> {
  const { error } = await newClient().signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
}

describe('@supabase/auth-js against SYS', () => {
  it('signUp, signInWithPassword, getUser', async () => {
    const client = newClient();
    const events: string[] = [];
    client.onAuthStateChange((event) => events.push(event));

    const signUp = await client.signUp({
      email: 'js@example.com',
      password: PASSWORD,
      options: { data: { full_name: 'J S' } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session?.access_token).toBeTruthy();
    expect(signUp.data.user?.user_metadata.full_name).toBe('J S');

    const signIn = await client.signInWithPassword({ email: 'js@example.com', password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.expires_at).toBeGreaterThan(Date.now() / 1000);

    const { data, error } = await client.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe('js@example.com');
    expect(events).toContain('SIGNED_IN');
  });

  it('reports a wrong password as an AuthApiError with invalid_credentials', async () => {
    await account('wrong-js@example.com');
    const { error } = await newClient().signInWithPassword({
      email: 'wrong-js@example.com',
      password: 'wrong password',
    });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
  });

  it('reports a duplicate sign-up with user_already_exists', async () => {
    await account('dup-js@example.com');
    const { error } = await newClient().signUp({ email: 'dup-js@example.com', password: PASSWORD });
    expect(error?.code).toBe('user_already_exists');
    expect(error?.status).toBe(422);
  });

  it('turns a weak password into AuthWeakPasswordError with its reasons', async () => {
    const { error } = await newClient().signUp({ email: 'weak@example.com', password: '123' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length']);
    expect(error?.message).toBe('Password should be at least 6 characters.');
  });

  it('updateUser and refreshSession', async () => {
    await account('update-js@example.com');
    const client = newClient();
    await client.signInWithPassword({ email: 'update-js@example.com', password: PASSWORD });
    const updated = await client.updateUser({ data: { locale: 'he' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.locale).toBe('he');

    const before = (await client.getSession()).data.session!;
    const refreshed = await client.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(before.refresh_token);
    expect(refreshed.data.session?.user.user_metadata.locale).toBe('he');

    const password = await client.updateUser({ password: 'js new password' });
    expect(password.error).toBeNull();
    const same = await client.updateUser({ password: 'js new password' });
    expect(same.error?.code).toBe('same_password');
    await client.updateUser({ password: PASSWORD });
  });

  it('signOut with scope local, others and global', async () => {
    await account('signout-js@example.com');
    const [a, b, c] = [newClient(), newClient(), newClient()];
    for (const client of [a, b, c])
      await client.signInWithPassword({ email: 'signout-js@example.com', password: PASSWORD });
    const valid = async (client: GoTrueClient) => {
      const session = (await client.getSession()).data.session;
      if (!session) return false;
      return !(await client.getUser(session.access_token)).error;
    };

    expect((await a.signOut({ scope: 'local' })).error).toBeNull();
    expect((await a.getSession()).data.session).toBeNull();
    expect(await valid(b)).toBe(true);

    expect((await b.signOut({ scope: 'others' })).error).toBeNull();
    expect(await valid(b)).toBe(true);
    expect(await valid(c)).toBe(false);

    expect((await b.signOut({ scope: 'global' })).error).toBeNull();
    expect((await b.getSession()).data.session).toBeNull();
    // Signing out an already ended session is not an error for the client.
    expect((await c.signOut()).error).toBeNull();
  });

  it('mfa.enroll, challenge and verify reach aal2', async () => {
    const client = newClient();
    await client.signUp({ email: 'mfa-js@example.com', password: PASSWORD });
    const enrolled = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator' });
    expect(enrolled.error).toBeNull();
    const factor = enrolled.data!;
    expect(factor.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
    expect(factor.totp.uri).toMatch(/^otpauth:\/\/totp\//);

    const challenge = await client.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    const verified = await client.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: totp(factor.totp.secret, Date.now()),
    });
    expect(verified.error).toBeNull();

    const aal = await client.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data?.currentLevel).toBe('aal2');
    const factors = await client.mfa.listFactors();
    expect(factors.data?.totp.map((f) => f.id)).toEqual([factor.id]);

    const removed = await client.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
  });

  it('admin listUsers, createUser and deleteUser with the service-role key', async () => {
    const api = admin();
    const created = await api.createUser({
      email: 'admin-js@example.com',
      password: PASSWORD,
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    // At least three accounts, whichever tests ran before: two pages of two.
    for (const email of ['admin-js-2@example.com', 'admin-js-3@example.com']) {
      expect((await api.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();
    }

    const page = await api.listUsers({ page: 1, perPage: 2 });
    expect(page.error).toBeNull();
    if (page.error) return;
    expect(page.data.users).toHaveLength(2);
    expect(page.data.total).toBeGreaterThanOrEqual(3);
    expect(page.data.nextPage).toBe(2);
    expect(page.data.lastPage).toBe(Math.ceil(page.data.total / 2));

    const signedIn = await newClient().signInWithPassword({
      email: 'admin-js@example.com',
      password: PASSWORD,
    });
    expect(signedIn.error).toBeNull();

    const deleted = await api.deleteUser(id);
    expect(deleted.error).toBeNull();
    const gone = await api.getUserById(id);
    expect(gone.error?.status).toBe(404);

    const refused = await new GoTrueAdminApi({ url: authUrl, headers: {} }).listUsers();
    expect(refused.error?.code).toBe('no_authorization');
  });

  it('verifies access tokens with the published key set (getClaims)', async () => {
    await account('claims-js@example.com');
    const client = newClient();
    await client.signInWithPassword({ email: 'claims-js@example.com', password: PASSWORD });
    const { data, error } = await client.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.email).toBe('claims-js@example.com');
  });
});
