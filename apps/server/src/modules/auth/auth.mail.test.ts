import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestApp,
  createAuthTestApp,
  PASSWORD,
  redirectParams,
  type SessionBody,
  SITE_URL,
} from './auth.test-helpers.ts';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(() => t.close());

const pkcePair = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const follow = (link: string) => {
  const url = new URL(link);
  return t.call({ method: 'GET', url: `${url.pathname}${url.search}` });
};

describe('POST /recover and the recovery link', () => {
  beforeAll(async () => {
    await t.signUp('rita@example.com');
  });

  it('answers the same for known and unknown addresses, mailing only the known one', async () => {
    const sentBefore = t.outbox.messages.length;
    const known = await t.call({
      method: 'POST',
      url: '/auth/v1/recover',
      payload: { email: 'rita@example.com' },
    });
    const unknown = await t.call({
      method: 'POST',
      url: '/auth/v1/recover',
      payload: { email: 'ghost@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(t.outbox.messages.length).toBe(sentBefore + 1);
    expect(t.outbox.latest('ghost@example.com')).toBeUndefined();
  });

  it('mails a link to the site whose token_hash POST /verify redeems, in any browser, once', async () => {
    await t.call({
      method: 'POST',
      url: `/auth/v1/recover?redirect_to=${encodeURIComponent(`${SITE_URL}/reset-password`)}`,
      payload: { email: 'rita@example.com' },
    });
    const mail = t.outbox.latest('rita@example.com', 'recovery');
    expect(mail?.subject).toBe('Reset your SYS password');
    expect(mail?.link).toMatch(new RegExp(`^${SITE_URL}/reset-password\\?token_hash=[^&]+&type=recovery$`));
    expect(mail?.text).toContain(mail!.link!);
    expect(mail?.code).toMatch(/^\d{6}$/);

    // Opening the link spends nothing (a mail scanner may fetch it first): the page redeems it.
    const tokenHash = new URL(mail!.link!).searchParams.get('token_hash')!;
    const redeem = () =>
      t.call({
        method: 'POST',
        url: '/auth/v1/verify',
        payload: { type: 'recovery', token_hash: tokenHash },
      });
    const res = await redeem();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      token_type: 'bearer',
      expires_in: 3600,
      user: { email: 'rita@example.com' },
    });

    // The recovered session sets a new password.
    const update = await t.call({
      method: 'PUT',
      url: '/auth/v1/user',
      token: res.json().access_token,
      payload: { password: 'rita new password' },
    });
    expect(update.statusCode).toBe(200);
    await t.signIn('rita@example.com', 'rita new password');

    // A link works once, and its code with it.
    const again = await redeem();
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ code: 'otp_expired', message: 'Token has expired or is invalid' });
    const code = await t.call({
      method: 'POST',
      url: '/auth/v1/verify',
      payload: { type: 'recovery', email: 'rita@example.com', token: mail!.code },
    });
    expect(code.statusCode).toBe(403);
  });

  it('mails the same kind of link when the client asked for PKCE (auth-js in the browser)', async () => {
    await t.call({
      method: 'POST',
      url: `/auth/v1/recover?redirect_to=${encodeURIComponent(`${SITE_URL}/reset-password`)}`,
      payload: {
        email: 'rita@example.com',
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 's256',
      },
    });
    const mail = t.outbox.latest('rita@example.com', 'recovery')!;
    const tokenHash = new URL(mail.link!).searchParams.get('token_hash')!;
    // No code verifier is needed: another browser than the one that asked redeems it.
    const res = await t.call({
      method: 'POST',
      url: '/auth/v1/verify',
      payload: { type: 'recovery', token_hash: tokenHash },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toBeTruthy();
  });

  it('accepts the site under another loopback name (127.0.0.1 for localhost)', async () => {
    await t.call({
      method: 'POST',
      url: `/auth/v1/recover?redirect_to=${encodeURIComponent('http://127.0.0.1:5173/reset-password')}`,
      payload: { email: 'rita@example.com' },
    });
    const mail = t.outbox.latest('rita@example.com', 'recovery')!;
    const link = new URL(mail.link!);
    expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:5173/reset-password');
  });

  it('sends redirects outside the allowed sites to the site itself', async () => {
    await t.call({
      method: 'POST',
      url: `/auth/v1/recover?redirect_to=${encodeURIComponent('https://evil.example/steal')}`,
      payload: { email: 'rita@example.com' },
    });
    const mail = t.outbox.latest('rita@example.com', 'recovery')!;
    expect(new URL(mail.link!).origin).toBe(new URL(SITE_URL).origin);
    expect(mail.link).not.toContain('evil.example');
  });
});

describe('POST /verify', () => {
  beforeAll(async () => {
    await t.signUp('vera@example.com');
  });

  it('redeems the 6-digit code sent with the link', async () => {
    await t.call({ method: 'POST', url: '/auth/v1/recover', payload: { email: 'vera@example.com' } });
    const mail = t.outbox.latest('vera@example.com', 'recovery')!;
    const wrong = await t.call({
      method: 'POST',
      url: '/auth/v1/verify',
      payload: {
        type: 'recovery',
        email: 'vera@example.com',
        token: mail.code === '000000' ? '111111' : '000000',
      },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'otp_expired', message: 'Token has expired or is invalid' });

    const res = await t.call({
      method: 'POST',
      url: '/auth/v1/verify',
      payload: { type: 'recovery', email: 'vera@example.com', token: mail.code },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('vera@example.com');
    expect(res.json().access_token).toBeTruthy();
  });

  it('redeems a token_hash (what generate_link returns)', async () => {
    await t.call({
      method: 'POST',
      url: '/auth/v1/otp',
      payload: { email: 'vera@example.com', create_user: false },
    });
    const mail = t.outbox.latest('vera@example.com', 'magiclink')!;
    const tokenHash = new URL(mail.link!).searchParams.get('token')!;
    const res = await t.call({
      method: 'POST',
      url: '/auth/v1/verify',
      payload: { type: 'magiclink', token_hash: tokenHash },
    });
    expect(res.statusCode).toBe(200);
  });

  it('needs a type and a token', async () => {
    const noType = await t.call({ method: 'POST', url: '/auth/v1/verify', payload: { token: 'x' } });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().code).toBe('validation_failed');
    const noToken = await t.call({ method: 'POST', url: '/auth/v1/verify', payload: { type: 'signup' } });
    expect(noToken.statusCode).toBe(400);
  });
});

describe('POST /otp', () => {
  beforeAll(async () => {
    await t.signUp('otto@example.com');
  });

  it('needs an email or a phone', async () => {
    const res = await t.call({ method: 'POST', url: '/auth/v1/otp', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: 'You must provide either an email or phone number.',
    });
  });

  it('mails a magic link and code to a known address', async () => {
    const res = await t.call({ method: 'POST', url: '/auth/v1/otp', payload: { email: 'otto@example.com' } });
    expect(res.statusCode).toBe(200);
    const mail = t.outbox.latest('otto@example.com', 'magiclink')!;
    expect(mail.subject).toBe('Your SYS sign-in link');
    const signIn = await t.call({
      method: 'POST',
      url: '/auth/v1/verify',
      payload: { type: 'email', email: 'otto@example.com', token: mail.code },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it("refuses an unknown address when users may not be created (GoTrue's otp_disabled)", async () => {
    const known = await t.call({
      method: 'POST',
      url: '/auth/v1/otp',
      payload: { email: 'otto@example.com', create_user: false },
    });
    expect(known.statusCode).toBe(200);
    const unknown = await t.call({
      method: 'POST',
      url: '/auth/v1/otp',
      payload: { email: 'nobody@example.com', create_user: false },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ code: 'otp_disabled', message: 'Signups not allowed for otp' });
    expect(t.outbox.latest('nobody@example.com')).toBeUndefined();
  });

  it('signs up a new address by link, in the language of its metadata', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/auth/v1/otp',
      payload: { email: 'noa@example.com', data: { locale: 'he', full_name: 'נועה' } },
    });
    expect(res.statusCode).toBe(200);
    const mail = t.outbox.latest('noa@example.com', 'signup')!;
    expect(mail.locale).toBe('he');
    expect(mail.subject).toBe('אימות החשבון שלכם ב-SYS');
    expect(mail.html).toContain('dir="rtl"');
    const verified = await follow(mail.link!);
    const { fragment } = redirectParams(verified.headers.location as string);
    expect(fragment.get('type')).toBe('signup');
    const user = await t.call({ method: 'GET', url: '/auth/v1/user', token: fragment.get('access_token')! });
    expect(user.json()).toMatchObject({
      email: 'noa@example.com',
      user_metadata: { full_name: 'נועה', email_verified: true },
    });
    expect(user.json().email_confirmed_at).toBeTruthy();
  });
});

describe('PKCE', () => {
  it('exchanges the code of a magic link for a session (grant_type=pkce)', async () => {
    await t.signUp('pia@example.com');
    const { verifier, challenge } = pkcePair();
    await t.call({
      method: 'POST',
      url: '/auth/v1/otp',
      payload: { email: 'pia@example.com', code_challenge: challenge, code_challenge_method: 's256' },
    });
    const mail = t.outbox.latest('pia@example.com', 'magiclink')!;
    expect(new URL(mail.link!).searchParams.get('token')).toMatch(/^pkce_/);
    const res = await follow(mail.link!);
    expect(res.statusCode).toBe(303);
    const { query, fragment } = redirectParams(res.headers.location as string);
    expect(fragment.get('access_token')).toBeNull();
    const code = query.get('code')!;
    expect(code).toBeTruthy();

    const badVerifier = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=pkce',
      payload: { auth_code: code, code_verifier: pkcePair().verifier },
    });
    expect(badVerifier.statusCode).toBe(400);
    expect(badVerifier.json().code).toBe('bad_code_verifier');

    const exchange = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=pkce',
      payload: { auth_code: code, code_verifier: verifier },
    });
    expect(exchange.statusCode).toBe(200);
    expect((exchange.json() as SessionBody).user.email).toBe('pia@example.com');

    const reused = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=pkce',
      payload: { auth_code: code, code_verifier: verifier },
    });
    expect(reused.statusCode).toBe(404);
    expect(reused.json().code).toBe('flow_state_not_found');
  });

  it('validates the PKCE parameters', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/auth/v1/recover',
      payload: { email: 'pia@example.com', code_challenge: 'short', code_challenge_method: 's256' },
    });
    expect(res.statusCode).toBe(400);
    const missing = await t.call({ method: 'POST', url: '/auth/v1/token?grant_type=pkce', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('validation_failed');
  });
});

describe('email change', () => {
  it('mails the new address and changes the email once confirmed', async () => {
    const session = await t.signUp('old-address@example.com');
    const res = await t.call({
      method: 'PUT',
      url: '/auth/v1/user',
      token: session.access_token,
      payload: { email: 'new-address@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'old-address@example.com',
      new_email: 'new-address@example.com',
    });
    const mail = t.outbox.latest('new-address@example.com', 'email_change')!;
    expect(mail.text).toContain('new-address@example.com');

    const resend = await t.call({
      method: 'POST',
      url: '/auth/v1/resend',
      payload: { type: 'email_change', email: 'new-address@example.com' },
    });
    expect(resend.statusCode).toBe(200);
    const latest = t.outbox.latest('new-address@example.com', 'email_change')!;
    expect(latest).not.toBe(mail);

    const verified = await follow(latest.link!);
    expect(redirectParams(verified.headers.location as string).fragment.get('type')).toBe('email_change');
    const user = await t.call({ method: 'GET', url: '/auth/v1/user', token: session.access_token });
    expect(user.json().email).toBe('new-address@example.com');
    expect(user.json().new_email).toBeUndefined();
    await t.signIn('new-address@example.com');
  });
});

describe('GET /reauthenticate', () => {
  it('mails a code that PUT /user accepts as the nonce of a password change', async () => {
    const session = await t.signUp('rae@example.com');
    const res = await t.call({ method: 'GET', url: '/auth/v1/reauthenticate', token: session.access_token });
    expect(res.statusCode).toBe(200);
    const mail = t.outbox.latest('rae@example.com', 'reauthentication')!;
    expect(mail.link).toBeUndefined();
    const wrong = await t.call({
      method: 'PUT',
      url: '/auth/v1/user',
      token: session.access_token,
      payload: { password: 'rae new password', nonce: '12345x' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('reauthentication_not_valid');
    const ok = await t.call({
      method: 'PUT',
      url: '/auth/v1/user',
      token: session.access_token,
      payload: { password: 'rae new password', nonce: mail.code },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await t.call({ method: 'GET', url: '/auth/v1/reauthenticate' });
    expect(res.statusCode).toBe(401);
  });
});

describe('with AUTH_CONFIRM_EMAIL=true', () => {
  let c: AuthTestApp;
  beforeAll(async () => {
    c = await createAuthTestApp({ authConfirmEmail: true });
  });
  afterAll(() => c.close());

  it('signs up without a session until the emailed link is followed', async () => {
    const res = await c.call({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'cleo@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user.access_token).toBeUndefined();
    expect(user.email).toBe('cleo@example.com');
    expect(user.confirmation_sent_at).toBeTruthy();
    expect(user.email_confirmed_at).toBeUndefined();

    const early = await c.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: 'cleo@example.com', password: PASSWORD },
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ code: 'email_not_confirmed', message: 'Email not confirmed' });

    const mail = c.outbox.latest('cleo@example.com', 'signup')!;
    expect(mail.subject).toBe('Confirm your SYS account');
    const confirm = await c.call({
      method: 'GET',
      url: new URL(mail.link!).pathname + new URL(mail.link!).search,
    });
    expect(redirectParams(confirm.headers.location as string).fragment.get('type')).toBe('signup');
    await c.signIn('cleo@example.com');
  });

  it('answers a repeated sign-up like a new one (no enumeration) and resends the link', async () => {
    // An address with an account already (of this test: the one above signs up its own).
    await c.call({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'edna@example.com', password: PASSWORD },
    });
    const fresh = await c.call({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'dora@example.com', password: PASSWORD },
    });
    const first = c.outbox.latest('dora@example.com', 'signup')!;
    const again = await c.call({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'edna@example.com', password: 'whatever password' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().email).toBe('edna@example.com');
    // Same shape as a new account's answer: nothing tells the two apart.
    const shape = (user: Record<string, unknown>) => ({
      keys: Object.keys(user).sort(),
      identities: (user.identities as unknown[]).length,
      metadata: Object.keys(user.user_metadata as object).sort(),
    });
    expect(shape(again.json())).toEqual(shape(fresh.json()));

    const resend = await c.call({
      method: 'POST',
      url: '/auth/v1/resend',
      payload: { type: 'signup', email: 'dora@example.com' },
    });
    expect(resend.statusCode).toBe(200);
    const second = c.outbox.latest('dora@example.com', 'signup')!;
    expect(second).not.toBe(first);
    // Only the newest link works.
    const old = await c.call({
      method: 'GET',
      url: new URL(first.link!).pathname + new URL(first.link!).search,
    });
    expect(redirectParams(old.headers.location as string).fragment.get('error_code')).toBe('otp_expired');
  });

  it('confirms a PKCE sign-up through ?code=', async () => {
    const { verifier, challenge } = pkcePair();
    await c.call({
      method: 'POST',
      url: `/auth/v1/signup?redirect_to=${encodeURIComponent(`${SITE_URL}/welcome`)}`,
      payload: {
        email: 'pkce-signup@example.com',
        password: PASSWORD,
        code_challenge: challenge,
        code_challenge_method: 's256',
      },
    });
    const mail = c.outbox.latest('pkce-signup@example.com', 'signup')!;
    const res = await c.call({
      method: 'GET',
      url: new URL(mail.link!).pathname + new URL(mail.link!).search,
    });
    const { url, query } = redirectParams(res.headers.location as string);
    expect(url.pathname).toBe('/welcome');
    const exchange = await c.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=pkce',
      payload: { auth_code: query.get('code'), code_verifier: verifier },
    });
    expect(exchange.statusCode).toBe(200);
    expect(exchange.json().user.email_confirmed_at).toBeTruthy();
  });
});
