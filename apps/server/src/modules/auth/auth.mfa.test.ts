import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotp, totp, verifyTotp } from './auth.mfa.ts';
import { type AuthTestApp, createAuthTestApp, type SessionBody } from './auth.test-helpers.ts';

describe('TOTP (RFC 6238)', () => {
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'; // "12345678901234567890"

  it('matches the RFC test vectors (SHA-1, 8 digits)', () => {
    const key = Buffer.from('12345678901234567890');
    expect(hotp(key, 1, 8)).toBe('94287082'); // T = 59 s
    expect(hotp(key, 37037036, 8)).toBe('07081804'); // T = 1111111109 s
    expect(hotp(key, Math.floor(20000000000 / 30), 8)).toBe('65353130'); // T = 20000000000 s
  });

  it('verifies the RFC 6238 SHA-1 vectors, cut to 6 digits, at their own time only', () => {
    const vectors: [seconds: number, code: string][] = [
      [59, '287082'],
      [1111111109, '081804'],
      [1111111111, '050471'],
      [1234567890, '005924'],
      [2000000000, '279037'],
      [20000000000, '353130'],
    ];
    for (const [seconds, code] of vectors) {
      expect(totp(secret, seconds * 1000)).toBe(code);
      expect(verifyTotp(secret, code, seconds * 1000)).toBe(true);
      expect(verifyTotp(secret, code, seconds * 1000 + 3600_000)).toBe(false);
    }
  });

  it('accepts the previous, current and next 30 s step only', () => {
    const now = 1_700_000_000_000;
    const code = totp(secret, now);
    expect(verifyTotp(secret, code, now)).toBe(true);
    expect(verifyTotp(secret, code, now + 30_000)).toBe(true);
    expect(verifyTotp(secret, code, now - 30_000)).toBe(true);
    expect(verifyTotp(secret, code, now + 90_000)).toBe(false);
    expect(verifyTotp(secret, 'abcdef', now)).toBe(false);
  });
});

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(() => t.close());

const enroll = (
  token: string,
  payload: Record<string, unknown> = { factor_type: 'totp', friendly_name: 'phone' },
) => t.call({ method: 'POST', url: '/auth/v1/factors', token, payload });
const challenge = (token: string, factorId: string, headers: Record<string, string> = {}) =>
  t.call({
    method: 'POST',
    url: `/auth/v1/factors/${factorId}/challenge`,
    token,
    payload: { factorId },
    headers,
  });
const verify = (token: string, factorId: string, challengeId: string, code: string) =>
  t.call({
    method: 'POST',
    url: `/auth/v1/factors/${factorId}/verify`,
    token,
    payload: { challenge_id: challengeId, code },
  });

interface Person {
  email: string;
  session: SessionBody;
}
interface Enrolled extends Person {
  factorId: string;
  secret: string;
}

let people = 0;
/** A new user, signed up: each test has its own, so none sees another's factors, challenges or sessions. */
async function newPerson(email = `mia${++people}@example.com`): Promise<Person> {
  return { email, session: await t.signUp(email) };
}

/** `person` with a TOTP factor enrolled ('phone'), not verified yet. */
async function enrolled(person: Person): Promise<Enrolled> {
  const res = await enroll(person.session.access_token);
  expect(res.statusCode).toBe(200);
  return { ...person, factorId: res.json().id, secret: res.json().totp.secret };
}

/** `person` with the factor verified: the session raised to aal2. */
async function verified(person: Person): Promise<Enrolled & { aal2: SessionBody }> {
  const factor = await enrolled(person);
  const { id } = (await challenge(person.session.access_token, factor.factorId)).json();
  const res = await verify(person.session.access_token, factor.factorId, id, totp(factor.secret, Date.now()));
  expect(res.statusCode).toBe(200);
  return { ...factor, aal2: res.json() as SessionBody };
}

describe('MFA with TOTP', () => {
  it('enrolls a factor: id, type, friendly_name and the QR code, secret and URI', async () => {
    const { session } = await newPerson('mia@example.com');
    const res = await enroll(session.access_token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ type: 'totp', friendly_name: 'phone' });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.totp.uri).toMatch(/^otpauth:\/\/totp\/localhost%3A5173:mia%40example\.com\?secret=/);
    // auth-js prefixes it with `data:image/svg+xml;utf-8,`: raw SVG without `#`.
    expect(body.totp.qr_code).toMatch(/^<svg /);
    expect(body.totp.qr_code).not.toContain('#');

    const user = await t.call({ method: 'GET', url: '/auth/v1/user', token: session.access_token });
    expect(user.json().factors).toMatchObject([{ id: body.id, factor_type: 'totp', status: 'unverified' }]);
  });

  it('refuses a second factor with the same friendly name', async () => {
    const { session } = await enrolled(await newPerson());
    const res = await enroll(session.access_token);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('mfa_factor_name_conflict');
  });

  it('refuses factor types SYS does not offer', async () => {
    const { session } = await newPerson();
    const phone = await enroll(session.access_token, { factor_type: 'phone', phone: '+15555550100' });
    expect(phone.statusCode).toBe(422);
    const unknown = await enroll(session.access_token, { factor_type: 'sms' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('validation_failed');
  });

  it('challenges the factor: id, type and expiry', async () => {
    const { session, factorId } = await enrolled(await newPerson());
    const res = await challenge(session.access_token, factorId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'totp' });
    expect(res.json().expires_at).toBeGreaterThan(Date.now() / 1000);
  });

  it('refuses a wrong code (422 mfa_verification_failed)', async () => {
    const { session, factorId, secret } = await enrolled(await newPerson());
    const { id } = (await challenge(session.access_token, factorId)).json();
    const code = totp(secret, Date.now());
    const wrong = String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');
    const res = await verify(session.access_token, factorId, id, wrong);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });
  });

  it('refuses a challenge made from another address', async () => {
    const { session, factorId, secret } = await enrolled(await newPerson());
    const { id } = (
      await challenge(session.access_token, factorId, { 'x-forwarded-for': '203.0.113.9' })
    ).json();
    const res = await verify(session.access_token, factorId, id, totp(secret, Date.now()));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('mfa_ip_address_mismatch');
  });

  it('verifies a code computed from the secret: an aal2 session, the factor verified', async () => {
    const { session, factorId, secret } = await enrolled(await newPerson());
    const { id } = (await challenge(session.access_token, factorId)).json();
    const res = await verify(session.access_token, factorId, id, totp(secret, Date.now()));
    expect(res.statusCode).toBe(200);
    const aal2 = res.json() as SessionBody;
    expect(aal2.token_type).toBe('bearer');
    const claims = decodeJwt(aal2.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(
      expect.arrayContaining(['totp', 'password']),
    );
    expect(claims.session_id).toBe(decodeJwt(session.access_token).session_id);
    expect(aal2.user.factors).toMatchObject([{ id: factorId, status: 'verified' }]);

    // A used challenge cannot be used again.
    const again = await verify(aal2.access_token, factorId, id, totp(secret, Date.now()));
    expect(again.statusCode).toBe(422);
  });

  it("ends the user's other single-factor sessions, as GoTrue does", async () => {
    const person = await newPerson();
    const other = await t.signIn(person.email);
    await verified(person);
    const res = await t.call({ method: 'GET', url: '/auth/v1/user', token: other.access_token });
    expect(res.statusCode).toBe(403);
  });

  it('keeps a password-only session anonymous on the data API until the code is verified', async () => {
    const { email, aal2 } = await verified(await newPerson());
    const passwordOnly = await t.signIn(email);
    expect(decodeJwt(passwordOnly.access_token)).toMatchObject({ aal: 'aal1', mfa_pending: true });
    const me = await t.call({ method: 'GET', url: '/api/v1/profiles/me', token: passwordOnly.access_token });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.message).toBe('User not authenticated');

    const raised = await t.call({ method: 'GET', url: '/api/v1/profiles/me', token: aal2.access_token });
    expect(raised.statusCode).toBe(200);
    expect(decodeJwt(aal2.access_token).mfa_pending).toBeUndefined();
  });

  it('replaces the refresh token of the raised session', async () => {
    const { session, aal2 } = await verified(await newPerson());
    const old = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: session.refresh_token },
    });
    expect(old.statusCode).toBe(400);
    const current = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: aal2.refresh_token },
    });
    expect(current.statusCode).toBe(200);
    expect(decodeJwt(current.json().access_token).aal).toBe('aal2');
  });

  it('needs aal2 for a new factor, an email or password change, and removing a verified factor', async () => {
    const { email, factorId } = await verified(await newPerson());
    const aal1 = await t.signIn(email);
    expect(decodeJwt(aal1.access_token).aal).toBe('aal1');

    const second = await enroll(aal1.access_token, { factor_type: 'totp', friendly_name: 'tablet' });
    expect(second.statusCode).toBe(403);
    expect(second.json().code).toBe('insufficient_aal');

    const password = await t.call({
      method: 'PUT',
      url: '/auth/v1/user',
      token: aal1.access_token,
      payload: { password: 'another password' },
    });
    expect(password.statusCode).toBe(401);
    expect(password.json().code).toBe('insufficient_aal');

    const remove = await t.call({
      method: 'DELETE',
      url: `/auth/v1/factors/${factorId}`,
      token: aal1.access_token,
    });
    expect(remove.statusCode).toBe(422);
    expect(remove.json().code).toBe('insufficient_aal');
  });

  it('answers unknown factors with 404', async () => {
    const { aal2 } = await verified(await newPerson());
    const unknown = await challenge(aal2.access_token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('mfa_factor_not_found');
    const malformed = await challenge(aal2.access_token, 'not-a-uuid');
    expect(malformed.statusCode).toBe(404);
  });

  it('unenrolls the factor from an aal2 session, which falls back to aal1', async () => {
    const { factorId, aal2 } = await verified(await newPerson());
    const res = await t.call({
      method: 'DELETE',
      url: `/auth/v1/factors/${factorId}`,
      token: aal2.access_token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: factorId });
    const refreshed = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      payload: { refresh_token: aal2.refresh_token },
    });
    expect(decodeJwt(refreshed.json().access_token).aal).toBe('aal1');
    expect(refreshed.json().user.factors).toBeUndefined();
  });
});
