import type { AuthError, GoTrueAdminApi, GoTrueClient } from '@supabase/auth-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, listenForAuthJs, PASSWORD } from './auth.test-helpers.ts';

/**
 * Answers where SYS used to differ from GoTrue (Supabase Auth), checked through the unchanged
 * @supabase/auth-js client: status, error code and message as GoTrue gives them.
 */

const SERVICE_ROLE_KEY = 'auth-js-parity-service-role-key-0';

/** What a client can tell of an error: its class name, HTTP status, GoTrue code and message. */
function answer(error: AuthError | null) {
  return error && { name: error.name, status: error.status, code: error.code, message: error.message };
}

const apiError = (status: number, code: string, message: string) => ({
  name: 'AuthApiError',
  status,
  code,
  message,
});

const INVALID_EMAIL = apiError(400, 'validation_failed', 'Unable to validate email address: invalid format');
const SIGNUP_DISABLED = apiError(422, 'signup_disabled', 'Signups not allowed for this instance');
const OTP_DISABLED = apiError(422, 'otp_disabled', 'Signups not allowed for otp');

describe('GoTrue parity (signups allowed)', () => {
  let t: AuthTestApp;
  let client: () => GoTrueClient;
  let admin: () => GoTrueAdminApi;

  beforeAll(async () => {
    t = await createAuthTestApp({ serviceRoleKey: SERVICE_ROLE_KEY });
    ({ client, admin } = await listenForAuthJs(t, SERVICE_ROLE_KEY));
  });
  afterAll(() => t.close());

  async function signedIn(email: string) {
    const c = client();
    const { error } = await c.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    return c;
  }

  it('keeps exactly the user_metadata an admin gives (the identity carries sub and email)', async () => {
    const api = admin();
    const created = await api.createUser({
      email: 'meta@example.com',
      password: PASSWORD,
      user_metadata: { full_name: 'Meta Data', locale: 'he' },
    });
    expect(created.error).toBeNull();
    const user = created.data.user!;
    expect(user.user_metadata).toEqual({ full_name: 'Meta Data', locale: 'he' });
    expect(user.identities?.[0]?.identity_data).toMatchObject({ sub: user.id, email: 'meta@example.com' });
    expect((await api.getUserById(user.id)).data.user?.user_metadata).toEqual({
      full_name: 'Meta Data',
      locale: 'he',
    });

    // Confirming the address records that it is verified, as GoTrue's confirmation does.
    const confirmed = await api.createUser({
      email: 'meta-confirmed@example.com',
      email_confirm: true,
      user_metadata: { full_name: 'Con Firmed' },
    });
    expect(confirmed.data.user?.user_metadata).toEqual({ full_name: 'Con Firmed', email_verified: true });

    const invited = await api.inviteUserByEmail('meta-invited@example.com', { data: { locale: 'he' } });
    expect(invited.error).toBeNull();
    expect(invited.data.user?.user_metadata).toEqual({ locale: 'he' });

    const signupLink = await api.generateLink({
      type: 'signup',
      email: 'meta-link@example.com',
      password: PASSWORD,
      options: { data: { plan: 'free' } },
    });
    expect(signupLink.error).toBeNull();
    expect(signupLink.data.user?.user_metadata).toEqual({ plan: 'free' });

    const inviteLink = await api.generateLink({ type: 'invite', email: 'meta-link-invite@example.com' });
    expect(inviteLink.data.user?.user_metadata).toEqual({});

    // A public sign-up still copies the identity's claims into user_metadata, as GoTrue's does.
    const signUp = await client().signUp({ email: 'meta-public@example.com', password: PASSWORD });
    expect(signUp.data.user?.user_metadata).toEqual({
      email: 'meta-public@example.com',
      email_verified: true,
      phone_verified: false,
      sub: signUp.data.user?.id,
    });
  });

  it("refuses a malformed address on every endpoint that takes one, with GoTrue's answer", async () => {
    const bad = 'xx:;x@x.x';
    const api = admin();
    const someone = (await api.createUser({ email: 'someone@example.com', email_confirm: true })).data.user!;
    const c = await signedIn('changer@example.com');
    const before = (await api.listUsers({ perPage: 1000 })).data.users.length;

    const refusals = {
      signUp: await client().signUp({ email: bad, password: PASSWORD }),
      signInWithOtp: await client().signInWithOtp({ email: bad }),
      resetPasswordForEmail: await client().resetPasswordForEmail(bad),
      resend: await client().resend({ type: 'signup', email: bad }),
      updateUser: await c.updateUser({ email: bad }),
      createUser: await api.createUser({ email: bad, password: PASSWORD }),
      inviteUserByEmail: await api.inviteUserByEmail(bad),
      generateLinkSignup: await api.generateLink({ type: 'signup', email: bad, password: PASSWORD }),
      generateLinkInvite: await api.generateLink({ type: 'invite', email: bad }),
      generateLinkNewEmail: await api.generateLink({
        type: 'email_change_new',
        email: 'someone@example.com',
        newEmail: bad,
      }),
      updateUserById: await api.updateUserById(someone.id, { email: bad }),
    };
    for (const [call, { error }] of Object.entries(refusals)) {
      expect({ call, error: answer(error) }).toEqual({ call, error: INVALID_EMAIL });
    }
    // GoTrue's /verify words the same refusal as a 422.
    const verify = await client().verifyOtp({ email: bad, token: '123456', type: 'email' });
    expect(answer(verify.error)).toEqual(apiError(422, 'validation_failed', 'Invalid email format'));

    expect((await api.listUsers({ perPage: 1000 })).data.users).toHaveLength(before);
    expect((await api.getUserById(someone.id)).data.user?.email).toBe('someone@example.com');
    expect(t.outbox.messages.some((m) => m.to.includes(':'))).toBe(false);
  });

  it('takes the addresses GoTrue takes and refuses the ones it refuses', async () => {
    const accepted = [
      "o'brien+tag@mail.example.co",
      'First.Last@Example.COM',
      'a!#$%&*/=?^_`{|}~-@x-y.example',
      'user@localhost',
    ];
    const refused = [
      'not-an-email',
      'a b@example.com',
      'a@b@example.com',
      'user@-example.com',
      'user@example-.com',
      'user@exa_mple.com',
      'user@example..com',
      'user@.example.com',
      'jürgen@example.com',
      'user@bücher.de',
      `user@${'a'.repeat(64)}.com`,
      '"quoted"@example.com',
      'user@[127.0.0.1]',
    ];
    const api = admin();
    for (const email of accepted) {
      const { data, error } = await api.createUser({ email });
      expect({ email, error: answer(error) }).toEqual({ email, error: null });
      expect(data.user?.email).toBe(email.toLowerCase());
    }
    for (const email of refused) {
      const { error } = await api.createUser({ email });
      expect({ email, error: answer(error) }).toEqual({ email, error: INVALID_EMAIL });
    }
  });

  it('answers an OTP request for an unknown address that may not sign up with 422 otp_disabled', async () => {
    const unknown = await client().signInWithOtp({
      email: 'otp-nobody@example.com',
      options: { shouldCreateUser: false },
    });
    expect(answer(unknown.error)).toEqual(OTP_DISABLED);
    expect(t.outbox.latest('otp-nobody@example.com')).toBeUndefined();
    const { data } = await admin().listUsers({ perPage: 1000 });
    expect(data.users.some((u) => u.email === 'otp-nobody@example.com')).toBe(false);

    await signedIn('otp-known@example.com');
    const known = await client().signInWithOtp({
      email: 'otp-known@example.com',
      options: { shouldCreateUser: false },
    });
    expect(known.error).toBeNull();
    expect(t.outbox.latest('otp-known@example.com', 'magiclink')).toBeDefined();
  });

  it('answers identity linking and unlinking with 404 manual_linking_disabled', async () => {
    const c = await signedIn('linker@example.com');
    const linking = await c.linkIdentity({ provider: 'google' });
    expect(answer(linking.error)).toEqual(
      apiError(404, 'manual_linking_disabled', 'Manual linking is disabled'),
    );

    const identities = await c.getUserIdentities();
    const identity = identities.data!.identities[0]!;
    const unlinking = await c.unlinkIdentity(identity);
    expect(answer(unlinking.error)).toEqual(
      apiError(404, 'manual_linking_disabled', 'Manual linking is disabled'),
    );
    expect((await c.getUserIdentities()).data?.identities).toHaveLength(1);

    // Without a session the caller is told to authenticate first, as by GoTrue.
    const anonymous = await t.call({
      method: 'DELETE',
      url: `/auth/v1/user/identities/${identity.identity_id}`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('no_authorization');
  });

  it('answers a phone verification as GoTrue does when no account has that number', async () => {
    const badNumber = await client().verifyOtp({ phone: '12ab', token: '123456', type: 'sms' });
    expect(answer(badNumber.error)).toEqual(
      apiError(400, 'validation_failed', 'Invalid phone number format (E.164 required)'),
    );
    const expired = apiError(403, 'otp_expired', 'Token has expired or is invalid');
    const sms = await client().verifyOtp({ phone: '+972 50 123 4567', token: '123456', type: 'sms' });
    expect(answer(sms.error)).toEqual(expired);
    const change = await client().verifyOtp({ phone: '15555550100', token: '123456', type: 'phone_change' });
    expect(answer(change.error)).toEqual(expired);

    // A phone type has no link token to redeem (auth-js types do not allow sending one).
    const hashed = await t.call({
      method: 'POST',
      url: '/auth/v1/verify',
      payload: { type: 'sms', token_hash: 'abc' },
    });
    expect(hashed.statusCode).toBe(400);
    expect(hashed.json()).toEqual({ code: 'validation_failed', message: 'Invalid email verification type' });
  });

  it('reports disable_signup false in /settings', async () => {
    const settings = await t.call({ method: 'GET', url: '/auth/v1/settings' });
    expect(settings.json().disable_signup).toBe(false);
  });
});

describe('GoTrue parity with sign-ups turned off (AUTH_DISABLE_SIGNUP)', () => {
  let t: AuthTestApp;
  let client: () => GoTrueClient;
  let admin: () => GoTrueAdminApi;

  beforeAll(async () => {
    t = await createAuthTestApp({ serviceRoleKey: SERVICE_ROLE_KEY, authDisableSignup: true });
    ({ client, admin } = await listenForAuthJs(t, SERVICE_ROLE_KEY));
  });
  afterAll(() => t.close());

  it('refuses sign-up by password and by one-time link or code, and says so in /settings', async () => {
    // The other test here adds users and mail: nothing is added by these refusals.
    const usersBefore = (await admin().listUsers({ perPage: 1000 })).data.users.length;
    const sentBefore = t.outbox.messages.length;
    const signUp = await client().signUp({ email: 'closed@example.com', password: PASSWORD });
    expect(answer(signUp.error)).toEqual(SIGNUP_DISABLED);

    const otp = await client().signInWithOtp({ email: 'closed@example.com' });
    expect(answer(otp.error)).toEqual(SIGNUP_DISABLED);
    const noCreate = await client().signInWithOtp({
      email: 'closed@example.com',
      options: { shouldCreateUser: false },
    });
    expect(answer(noCreate.error)).toEqual(OTP_DISABLED);

    expect((await admin().listUsers({ perPage: 1000 })).data.users).toHaveLength(usersBefore);
    expect(t.outbox.messages).toHaveLength(sentBefore);

    const settings = await t.call({ method: 'GET', url: '/auth/v1/settings' });
    expect(settings.json().disable_signup).toBe(true);
  });

  it('still lets an admin create and invite users, and existing users sign in by link', async () => {
    const api = admin();
    const created = await api.createUser({
      email: 'made@example.com',
      password: PASSWORD,
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const signIn = await client().signInWithPassword({ email: 'made@example.com', password: PASSWORD });
    expect(signIn.error).toBeNull();
    const link = await client().signInWithOtp({ email: 'made@example.com' });
    expect(link.error).toBeNull();
    expect(t.outbox.latest('made@example.com', 'magiclink')).toBeDefined();

    const invited = await api.inviteUserByEmail('guest@example.com');
    expect(invited.error).toBeNull();
    // An invited address that has not accepted yet is not signed up: a link request is refused...
    const early = await client().signInWithOtp({ email: 'guest@example.com' });
    expect(answer(early.error)).toEqual(SIGNUP_DISABLED);
    // ...but the invitation itself works.
    const mail = t.outbox.latest('guest@example.com', 'invite')!;
    const accepted = await client().verifyOtp({
      email: 'guest@example.com',
      token: mail.code!,
      type: 'invite',
    });
    expect(accepted.error).toBeNull();
    expect(accepted.data.session?.user.email).toBe('guest@example.com');

    const generated = await api.generateLink({
      type: 'signup',
      email: 'linked@example.com',
      password: PASSWORD,
    });
    expect(generated.error).toBeNull();
  });
});
