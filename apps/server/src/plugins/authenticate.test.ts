import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, type SessionBody } from '../modules/auth/auth.test-helpers.ts';
import { loadSigningKey, TokenService } from '../modules/auth/auth.tokens.ts';

let t: AuthTestApp;
let session: SessionBody;
beforeAll(async () => {
  t = await createAuthTestApp();
  session = await t.signUp('guard@example.com');
});
afterAll(() => t.close());

const me = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/profiles/me',
    headers: authorization ? { authorization } : {},
  });

const claimsOf = (s: SessionBody) => ({
  sub: s.user.id,
  aud: 'authenticated',
  role: 'authenticated',
  email: s.user.email,
  phone: '',
  app_metadata: {},
  user_metadata: {},
  aal: 'aal1' as const,
  amr: [],
  // The session the sign-up started: the data API refuses tokens of sessions that do not exist.
  session_id: decodeJwt(s.access_token).session_id as string,
  is_anonymous: false,
});

describe('the data API guard', () => {
  it('accepts a valid access token', async () => {
    const res = await me(`Bearer ${session.access_token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(session.user.id);
  });

  it('refuses an expired token', async () => {
    const { token } = await t.app.services.auth.tokens.signAccessToken(
      claimsOf(session),
      Date.now() - 2 * 3600_000,
    );
    const res = await me(`Bearer ${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_token');
  });

  it('refuses a token signed by another key, and a tampered one', async () => {
    const other = new TokenService(
      await loadSigningKey({ dataDir: null }),
      t.app.services.auth.tokens.issuer,
      3600,
    );
    const { token } = await other.signAccessToken(claimsOf(session), Date.now());
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);

    const [header, payload, signature] = session.access_token.split('.');
    const changed = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'service_role' }),
    ).toString('base64url');
    expect((await me(`Bearer ${header}.${changed}.${signature}`)).statusCode).toBe(401);
  });

  it('refuses a malformed Authorization header', async () => {
    expect((await me('Basic Zm9vOmJhcg==')).statusCode).toBe(401);
    expect((await me('Bearer not-a-jwt')).statusCode).toBe(401);
  });

  it('remembers a verified token only until it expires', async () => {
    const tokens = t.app.services.auth.tokens;
    // Issued so that it expires two seconds from now.
    const { token, expiresAt } = await tokens.signAccessToken(
      claimsOf(session),
      Date.now() - (tokens.expirySeconds - 2) * 1000,
    );
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    while (Math.floor(Date.now() / 1000) < expiresAt) await new Promise((r) => setTimeout(r, 100));
    const late = await me(`Bearer ${token}`);
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('invalid_token');
  });

  it('does not let an altered copy of a remembered token through', async () => {
    expect((await me(`Bearer ${session.access_token}`)).statusCode).toBe(200);
    const [header, payload, signature] = session.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const otherUser = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000009' }),
    ).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const altered of [
      `${header}.${otherUser}.${signature}`,
      `${header}.${payload}.${flipped}`,
      `${session.access_token}x`,
      `${header}.${payload}.`,
    ]) {
      expect((await me(`Bearer ${altered}`)).statusCode, altered).toBe(401);
    }
    expect((await me(`Bearer ${session.access_token}`)).statusCode).toBe(200);
  });

  it("refuses a signed-out session's access token at once, as the auth service does", async () => {
    const other = await t.signIn('guard@example.com');
    expect((await me(`Bearer ${other.access_token}`)).statusCode).toBe(200);
    await t.call({ method: 'POST', url: '/auth/v1/logout?scope=local', token: other.access_token });
    const user = await t.call({ method: 'GET', url: '/auth/v1/user', token: other.access_token });
    expect(user.statusCode).toBe(403);
    // The answer kept from the request above is forgotten by the sign-out.
    const res = await me(`Bearer ${other.access_token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'invalid_token',
      message: 'The session has ended; sign in again',
    });
    // The other session of the same user is untouched.
    expect((await me(`Bearer ${session.access_token}`)).statusCode).toBe(200);
  });

  it('refuses a token of a session that never existed, though its signature is good', async () => {
    const { token } = await t.app.services.auth.tokens.signAccessToken(
      { ...claimsOf(session), session_id: '00000000-0000-4000-8000-000000000002' },
      Date.now(),
    );
    expect((await me(`Bearer ${token}`)).statusCode).toBe(401);
  });
});
