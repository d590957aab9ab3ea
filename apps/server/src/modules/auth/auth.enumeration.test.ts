import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, PASSWORD } from './auth.test-helpers.ts';

/**
 * Whether an email address has an account must not show in the answers of the requests anyone can
 * make about it: same status, same headers, same bytes (timing is measured outside the tests: the
 * mail of a known address goes out after the answer).
 */

type Answer = Awaited<ReturnType<AuthTestApp['call']>>;

/** What a client sees of an answer, but for the headers that differ on every request. */
const visible = (res: Answer) => ({
  status: res.statusCode,
  type: res.headers['content-type'],
  length: res.headers['content-length'],
  version: res.headers['x-supabase-api-version'],
  body: res.body,
});

/** The same without the body. */
const head = (res: Answer) => {
  const { body: _, ...rest } = visible(res);
  return rest;
};

describe('/recover, /otp and /resend when the mail cannot be sent', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    // A real SMTP transport to a port where nothing listens: every send fails.
    t = await createAuthTestApp({ smtpUrl: 'smtp://127.0.0.1:9', authConfirmEmail: true });
    await t.app.services.auth.admin.createUser({
      email: 'kim@example.com',
      password: PASSWORD,
      email_confirm: true,
    });
    await t.app.services.auth.admin.createUser({ email: 'uri@example.com', password: PASSWORD });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) => t.call({ method: 'POST', url, payload });

  it('answers a known address exactly as an unknown one', async () => {
    const requests: [string, (email: string) => object][] = [
      ['/auth/v1/recover', (email) => ({ email })],
      // With create_user false GoTrue tells an unknown address apart (422 otp_disabled, see
      // auth-js.parity.test.ts); an OTP that may sign up answers both alike.
      ['/auth/v1/otp', (email) => ({ email })],
    ];
    for (const [url, payload] of requests) {
      const known = visible(await post(url, payload('kim@example.com')));
      const unknown = visible(await post(url, payload(`ghost-${Math.random()}@example.com`)));
      expect(known).toEqual(unknown);
      expect(known.status).toBe(200);
    }
    const resendKnown = visible(await post('/auth/v1/resend', { type: 'signup', email: 'uri@example.com' }));
    const resendUnknown = visible(
      await post('/auth/v1/resend', { type: 'signup', email: 'nope@example.com' }),
    );
    expect(resendKnown).toEqual(resendUnknown);
  });
});

describe('POST /signup with email confirmation on', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp({ authConfirmEmail: true });
    await t.app.services.auth.admin.createUser({
      email: 'old-conf@example.com',
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { locale: 'he' },
    });
    await t.call({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: 'old-unco@example.com', password: PASSWORD },
    });
  });
  afterAll(() => t.close());

  const signUp = (email: string) =>
    t.call({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: {
        email,
        password: 'another password',
        data: { locale: 'en', display_name: 'Dana', zeta: { b: 1, a: [1, { yy: 2, x: 3 }] } },
      },
    });

  const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  const TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g;
  /** The answer's bytes with its ids, times and address (all of one length each) blanked out. */
  const skeleton = (res: Answer, email: string) =>
    res.body.replace(UUID, '<id>').replace(TIME, '<time>').replaceAll(email, '<email>');

  it('answers an existing address with the bytes a new one gets, bar fresh ids and times', async () => {
    const startedAt = Date.now();
    const fresh = await signUp('new-addr@example.com');
    const users = async () =>
      (await t.app.database.query<{ n: number }>('select count(*)::int as n from auth.users'))[0]!.n;
    const before = await users();
    for (const email of ['old-conf@example.com', 'old-unco@example.com']) {
      const existing = await signUp(email);
      expect(head(existing)).toEqual(head(fresh));
      expect(skeleton(existing, email)).toBe(skeleton(fresh, 'new-addr@example.com'));
      for (const res of [fresh, existing]) {
        const user = res.json();
        expect(user.updated_at).toBe(user.confirmation_sent_at);
        expect(Date.parse(user.created_at)).toBeLessThanOrEqual(Date.parse(user.updated_at));
        expect(user.identities[0].created_at).toBe(user.created_at);
        expect(Date.parse(user.created_at)).toBeGreaterThanOrEqual(startedAt);
      }
      expect(existing.json().id).not.toBe(fresh.json().id);
    }
    // The existing addresses' answers cost a new account's database work, but nothing was kept.
    expect(await users()).toBe(before);
  });

  it('mails the existing owner instead: a notice if confirmed, the link again if not', async () => {
    const sent = t.outbox.messages.length;
    for (const email of ['old-conf@example.com', 'old-unco@example.com']) {
      expect((await signUp(email)).statusCode).toBe(200);
    }
    const mailed = t.outbox.messages.slice(sent);
    expect(mailed.map((m) => [m.to, m.kind])).toEqual([
      ['old-conf@example.com', 'signup_existing'],
      ['old-unco@example.com', 'signup'],
    ]);
    const notice = mailed[0]!;
    expect(notice.locale).toBe('he');
    expect(notice.subject).toBe('ניסיון הרשמה עם כתובת האימייל שלכם');
  });
});
