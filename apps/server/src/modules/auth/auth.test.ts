import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, PASSWORD, SITE_URL } from './auth.test-helpers.ts';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(() => t.close());

describe('POST /signup', () => {
  it('creates a confirmed user and answers with a GoTrue session', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'Ann@Example.com', password: PASSWORD, data: { full_name: 'Ann Lee' } },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(body.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(typeof body.refresh_token).toBe('string');
    expect(body.user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: 'ann@example.com',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Ann Lee', email: 'ann@example.com', email_verified: true },
      is_anonymous: false,
    });
    expect(body.user.identities).toHaveLength(1);
    expect(body.user.identities[0]).toMatchObject({
      provider: 'email',
      id: body.user.id,
      user_id: body.user.id,
    });
    expect(body.user.email_confirmed_at).toBeTruthy();
    expect(body.user.last_sign_in_at).toBeTruthy();
    expect(body.user.factors).toBeUndefined();

    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      sub: body.user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: 'ann@example.com',
      aal: 'aal1',
      is_anonymous: false,
      iss: `${SITE_URL}/auth/v1`,
    });
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((claims.amr as { method: string }[])[0]?.method).toBe('password');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
  });

  it('refuses a duplicate sign-up with user_already_exists (422)', async () => {
    await t.signUp('dup@example.com');
    const res = await t.call({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'DUP@example.com', password: 'another password' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses a weak password with weak_password and its reasons (422)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'w@example.com', password: '12345' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
  });

  it('answers the older error format without the API version header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'w@example.com', password: '123' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['x-supabase-api-version']).toBeUndefined();
    expect(res.json()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
  });

  it('echoes the API version header', async () => {
    const res = await t.call({ method: 'POST', url: '/auth/v1/signup', payload: {} });
    expect(res.headers['x-supabase-api-version']).toBe('2024-01-01');
  });

  it('needs an email (validation_failed) and refuses phone and anonymous sign-ups', async () => {
    const noEmail = await t.call({ method: 'POST', url: '/auth/v1/signup', payload: { password: PASSWORD } });
    expect(noEmail.statusCode).toBe(422);
    expect(noEmail.json()).toEqual({
      code: 'validation_failed',
      message: 'To signup, please provide your email',
    });

    const anonymous = await t.call({ method: 'POST', url: '/auth/v1/signup', payload: { data: {} } });
    expect(anonymous.json().code).toBe('anonymous_provider_disabled');

    const phone = await t.call({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { phone: '+15555550100', password: PASSWORD },
    });
    expect(phone.json().code).toBe('phone_provider_disabled');

    const noPassword = await t.call({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'np@example.com' },
    });
    expect(noPassword.json()).toEqual({
      code: 'validation_failed',
      message: 'Signup requires a valid password',
    });

    const badEmail = await t.call({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'not-an-email', password: PASSWORD },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
  });

  it('answers malformed JSON with bad_json', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/auth/v1/signup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_json');
  });
});

describe('POST /token', () => {
  beforeAll(async () => {
    await t.signUp('bob@example.com');
  });

  it('signs in with a password, case-insensitively on the email', async () => {
    const session = await t.signIn('BOB@example.com');
    expect(session.user.email).toBe('bob@example.com');
    expect(session.weak_password).toBeUndefined();
  });

  it('refuses a wrong password or an unknown email alike (invalid_credentials, 400)', async () => {
    for (const payload of [
      { email: 'bob@example.com', password: 'wrong password' },
      { email: 'nobody@example.com', password: PASSWORD },
    ]) {
      const res = await t.call({ method: 'POST', url: '/auth/v1/token?grant_type=password', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('accepts form-encoded grants as OAuth clients send them', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=bob%40example.com&password=${encodeURIComponent(PASSWORD)}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers provider grants SYS does not offer with GoTrue errors, never a 500', async () => {
    const idToken = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=id_token',
      payload: { provider: 'google', id_token: 'x' },
    });
    expect(idToken.statusCode).toBe(400);
    expect(idToken.json().code).toBe('provider_disabled');

    const web3 = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=web3',
      payload: { chain: 'ethereum' },
    });
    expect(web3.statusCode).toBe(422);
    expect(web3.json()).toEqual({ code: 'web3_provider_disabled', message: 'Web3 provider is disabled' });

    const other = await t.call({ method: 'POST', url: '/auth/v1/token?grant_type=magic', payload: {} });
    expect(other.statusCode).toBe(400);

    const authorize = await t.call({ method: 'GET', url: '/auth/v1/authorize?provider=google' });
    expect(authorize.statusCode).toBe(400);
    expect(authorize.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    });

    const sso = await t.call({ method: 'POST', url: '/auth/v1/sso', payload: { domain: 'example.com' } });
    expect(sso.statusCode).toBe(404);
  });

  it('answers the identity endpoints of providers SYS does not offer', async () => {
    const session = await t.signIn('bob@example.com');
    const link = await t.call({
      method: 'GET',
      url: '/auth/v1/user/identities/authorize?provider=google',
      token: session.access_token,
    });
    expect(link.statusCode).toBe(404);
    expect(link.json()).toEqual({ code: 'manual_linking_disabled', message: 'Manual linking is disabled' });

    const identityId = (session.user.identities as { identity_id: string }[])[0]!.identity_id;
    const unlink = await t.call({
      method: 'DELETE',
      url: `/auth/v1/user/identities/${identityId}`,
      token: session.access_token,
    });
    expect(unlink.statusCode).toBe(404);
    expect(unlink.json().code).toBe('manual_linking_disabled');
  });

  it('tells a client that an old password is now too weak (weak_password in the session)', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/auth/v1/admin/users',
      headers: {
        authorization: `Bearer ${await t.app.services.auth.tokens.signServiceRoleToken(Date.now(), 60)}`,
      },
      payload: { email: 'old@example.com', password: 'abc', email_confirm: true },
    });
    expect(created.statusCode).toBe(200);
    const session = await t.signIn('old@example.com', 'abc');
    expect(session.weak_password).toEqual({
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    });
  });
});

describe('GET and PUT /user', () => {
  it('returns the user of a valid access token', async () => {
    const session = await t.signUp('carol@example.com');
    const res = await t.call({ method: 'GET', url: '/auth/v1/user', token: session.access_token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: session.user.id, email: 'carol@example.com' });
  });

  it('refuses a missing (401 no_authorization) or bad (403 bad_jwt) token', async () => {
    const missing = await t.call({ method: 'GET', url: '/auth/v1/user' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('no_authorization');

    const bad = await t.call({ method: 'GET', url: '/auth/v1/user', token: 'not.a.jwt' });
    expect(bad.statusCode).toBe(403);
    expect(bad.json().code).toBe('bad_jwt');
  });

  it('merges data into user_metadata and removes keys set to null', async () => {
    const session = await t.signUp('dave@example.com', PASSWORD, { full_name: 'Dave', theme: 'dark' });
    const res = await t.call({
      method: 'PUT',
      url: '/auth/v1/user',
      token: session.access_token,
      payload: { data: { locale: 'he', theme: null } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user_metadata).toMatchObject({ full_name: 'Dave', locale: 'he' });
    expect(res.json().user_metadata.theme).toBeUndefined();
  });

  // Each test below signs up whom it changes: none finds another's password or address.
  it('refuses app_metadata from a user (403 not_admin)', async () => {
    const session = await t.signUp('app-meta@example.com');
    const res = await t.call({
      method: 'PUT',
      url: '/auth/v1/user',
      token: session.access_token,
      payload: { app_metadata: { role: 'admin' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_admin');
  });

  it('refuses the same password (422 same_password) and a weak one (422 weak_password)', async () => {
    const session = await t.signUp('same-password@example.com');
    const same = await t.call({
      method: 'PUT',
      url: '/auth/v1/user',
      token: session.access_token,
      payload: { password: PASSWORD },
    });
    expect(same.statusCode).toBe(422);
    expect(same.json()).toEqual({
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    const weak = await t.call({
      method: 'PUT',
      url: '/auth/v1/user',
      token: session.access_token,
      payload: { password: 'abc' },
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().weak_password.reasons).toEqual(['length']);
  });

  it("changes the password and ends the user's other sessions, keeping this one", async () => {
    await t.signUp('erin@example.com');
    const phone = await t.signIn('erin@example.com');
    const laptop = await t.signIn('erin@example.com');
    const res = await t.call({
      method: 'PUT',
      url: '/auth/v1/user',
      token: laptop.access_token,
      payload: { password: 'a brand new password' },
    });
    expect(res.statusCode).toBe(200);

    const phoneUser = await t.call({ method: 'GET', url: '/auth/v1/user', token: phone.access_token });
    expect(phoneUser.statusCode).toBe(403);
    expect(phoneUser.json().code).toBe('session_not_found');
    const phoneRefresh = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: phone.refresh_token },
    });
    expect(phoneRefresh.json().code).toBe('refresh_token_not_found');

    const laptopUser = await t.call({ method: 'GET', url: '/auth/v1/user', token: laptop.access_token });
    expect(laptopUser.statusCode).toBe(200);
    const old = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: 'erin@example.com', password: PASSWORD },
    });
    expect(old.statusCode).toBe(400);
    await t.signIn('erin@example.com', 'a brand new password');
  });

  it('refuses an email that another account has (422 email_exists)', async () => {
    await t.signUp('has-it@example.com');
    const session = await t.signUp('wants-it@example.com');
    const res = await t.call({
      method: 'PUT',
      url: '/auth/v1/user',
      token: session.access_token,
      payload: { email: 'has-it@example.com' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('email_exists');
  });
});

describe('POST /logout', () => {
  async function sessions(email: string, count: number) {
    await t.signUp(email);
    return Promise.all(Array.from({ length: count }, () => t.signIn(email)));
  }
  const alive = async (token: string) =>
    (await t.call({ method: 'GET', url: '/auth/v1/user', token })).statusCode === 200;

  it('scope=local ends only this session (204)', async () => {
    const [a, b] = await sessions('local@example.com', 2);
    const res = await t.call({ method: 'POST', url: '/auth/v1/logout?scope=local', token: a!.access_token });
    expect(res.statusCode).toBe(204);
    expect(await alive(a!.access_token)).toBe(false);
    expect(await alive(b!.access_token)).toBe(true);
  });

  it('scope=others ends every other session', async () => {
    const [a, b, c] = await sessions('others@example.com', 3);
    const res = await t.call({ method: 'POST', url: '/auth/v1/logout?scope=others', token: a!.access_token });
    expect(res.statusCode).toBe(204);
    expect(await alive(a!.access_token)).toBe(true);
    expect(await alive(b!.access_token)).toBe(false);
    expect(await alive(c!.access_token)).toBe(false);
  });

  it('scope=global (the default) ends every session, refresh tokens included', async () => {
    const [a, b] = await sessions('global@example.com', 2);
    const res = await t.call({
      method: 'POST',
      url: '/auth/v1/logout',
      token: a!.access_token,
      headers: { 'content-type': 'application/json;charset=UTF-8' },
    });
    expect(res.statusCode).toBe(204);
    expect(await alive(a!.access_token)).toBe(false);
    expect(await alive(b!.access_token)).toBe(false);
    const refresh = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: b!.refresh_token },
    });
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().code).toBe('refresh_token_not_found');
  });

  it('refuses any other scope (400 validation_failed)', async () => {
    const [a] = await sessions('scope@example.com', 1);
    const res = await t.call({
      method: 'POST',
      url: '/auth/v1/logout?scope=everywhere',
      token: a!.access_token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported logout scope "everywhere"',
    });
    expect(await alive(a!.access_token)).toBe(true);
  });
});

describe('GET /.well-known/jwks.json', () => {
  it('publishes the ES256 public key that verifies access tokens', async () => {
    const res = await t.call({ method: 'GET', url: '/auth/v1/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    const jwks = res.json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
    const session = await t.signUp('jwks@example.com');
    const { payload, protectedHeader } = await jwtVerify(session.access_token, createLocalJWKSet(jwks));
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.sub).toBe(session.user.id);
  });
});

describe('CORS', () => {
  it("allows auth-js's headers and exposes the paging and version headers", async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/auth/v1/token?grant_type=password',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'authorization,apikey,content-type,x-client-info,x-supabase-api-version',
      },
    });
    expect(res.statusCode).toBe(204);
    const allowed = String(res.headers['access-control-allow-headers']).toLowerCase();
    for (const header of [
      'authorization',
      'apikey',
      'content-type',
      'x-client-info',
      'x-supabase-api-version',
    ]) {
      expect(allowed).toContain(header);
    }
    const get = await t.app.inject({
      method: 'GET',
      url: '/auth/v1/settings',
      headers: { origin: 'http://localhost:5173' },
    });
    const exposed = String(get.headers['access-control-expose-headers']).toLowerCase();
    for (const header of ['x-total-count', 'link', 'x-supabase-api-version'])
      expect(exposed).toContain(header);
  });
});

describe('unknown routes', () => {
  it('answer 404 in the GoTrue format', async () => {
    const res = await t.call({ method: 'GET', url: '/auth/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
