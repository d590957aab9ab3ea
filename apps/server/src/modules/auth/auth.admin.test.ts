import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totp } from './auth.mfa.ts';
import { type AuthTestApp, createAuthTestApp, PASSWORD, redirectParams } from './auth.test-helpers.ts';

const SERVICE_ROLE_KEY = 'test-service-role-key-0123456789';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ serviceRoleKey: SERVICE_ROLE_KEY });
});
afterAll(() => t.close());

const admin = (options: Parameters<AuthTestApp['call']>[0]) =>
  t.call({ ...options, headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}`, ...options.headers } });

const createUser = async (payload: Record<string, unknown>) => {
  const res = await admin({ method: 'POST', url: '/auth/v1/admin/users', payload });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json();
};

describe('the admin guard', () => {
  it('refuses a request without a token (401 no_authorization)', async () => {
    const res = await t.call({ method: 'GET', url: '/auth/v1/admin/users' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('no_authorization');
  });

  it("refuses a user's token (403 not_admin) and a forged one (403 bad_jwt)", async () => {
    const session = await t.signUp('notadmin@example.com');
    const user = await t.call({ method: 'GET', url: '/auth/v1/admin/users', token: session.access_token });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });

    const forged = await t.call({
      method: 'GET',
      url: '/auth/v1/admin/users',
      token: 'eyJhbGciOiJIUzI1NiJ9.e30.x',
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('bad_jwt');
  });

  it('accepts SERVICE_ROLE_KEY as a bearer or apikey, and a service_role JWT', async () => {
    expect((await admin({ method: 'GET', url: '/auth/v1/admin/users' })).statusCode).toBe(200);
    const apikey = await t.call({
      method: 'GET',
      url: '/auth/v1/admin/users',
      headers: { apikey: SERVICE_ROLE_KEY },
    });
    expect(apikey.statusCode).toBe(200);
    const jwt = await t.app.services.auth.tokens.signServiceRoleToken(Date.now(), 60);
    expect((await t.call({ method: 'GET', url: '/auth/v1/admin/users', token: jwt })).statusCode).toBe(200);
  });
});

describe('GET /admin/users', () => {
  it('pages with X-Total-Count and Link headers as auth-js reads them', async () => {
    // Five of its own, so that there are three pages of two whichever tests ran before.
    for (let i = 0; i < 5; i++) await createUser({ email: `page${i}@example.com`, password: PASSWORD });
    const first = await admin({ method: 'GET', url: '/auth/v1/admin/users?page=1&per_page=2' });
    expect(first.statusCode).toBe(200);
    const total = Number(first.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(5);
    expect(first.json().aud).toBe('authenticated');
    expect(first.json().users).toHaveLength(2);
    const lastPage = Math.ceil(total / 2);
    expect(first.headers.link).toBe(
      `</auth/v1/admin/users?page=2&per_page=2>; rel="next", </auth/v1/admin/users?page=${lastPage}&per_page=2>; rel="last"`,
    );

    const last = await admin({ method: 'GET', url: `/auth/v1/admin/users?page=${lastPage}&per_page=2` });
    expect(last.headers.link).toBe(`</auth/v1/admin/users?page=${lastPage}&per_page=2>; rel="last"`);

    // Newest first, no page overlaps.
    const all = await admin({ method: 'GET', url: '/auth/v1/admin/users?per_page=100' });
    const ids = all.json().users.map((u: { id: string }) => u.id);
    expect(new Set(ids).size).toBe(total);
    expect(all.json().users[0].email).toBe('page4@example.com');
  });

  it('refuses bad paging parameters', async () => {
    const res = await admin({ method: 'GET', url: '/auth/v1/admin/users?page=0' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
  });
});

describe('POST, GET, PUT /admin/users', () => {
  it('creates a user, unconfirmed unless email_confirm', async () => {
    const pending = await createUser({
      email: 'pending@example.com',
      password: PASSWORD,
      user_metadata: { full_name: 'Pen' },
    });
    expect(pending).toMatchObject({ email: 'pending@example.com', user_metadata: { full_name: 'Pen' } });
    const signIn = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: 'pending@example.com', password: PASSWORD },
    });
    expect(signIn.json().code).toBe('email_not_confirmed');

    const confirmed = await createUser({
      email: 'confirmed@example.com',
      password: PASSWORD,
      email_confirm: true,
      app_metadata: { plan: 'pro' },
    });
    expect(confirmed.app_metadata).toMatchObject({ provider: 'email', providers: ['email'], plan: 'pro' });
    await t.signIn('confirmed@example.com');
  });

  it('refuses an existing email (422 email_exists) and a user without email', async () => {
    await createUser({ email: 'taken@example.com', password: PASSWORD });
    const dup = await admin({
      method: 'POST',
      url: '/auth/v1/admin/users',
      payload: { email: 'Taken@example.com' },
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
    const none = await admin({ method: 'POST', url: '/auth/v1/admin/users', payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('validation_failed');
  });

  it('gets a user by id; malformed ids are refused and unknown ones not found', async () => {
    const user = await createUser({ email: 'getme@example.com' });
    const res = await admin({ method: 'GET', url: `/auth/v1/admin/users/${user.id}` });
    expect(res.json().email).toBe('getme@example.com');
    const malformed = await admin({ method: 'GET', url: '/auth/v1/admin/users/42' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('validation_failed');
    const unknown = await admin({
      method: 'GET',
      url: '/auth/v1/admin/users/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('user_not_found');
  });

  it('updates metadata, confirms, sets a password (ending sessions) and bans', async () => {
    const session = await t.signUp('update@example.com');
    const res = await admin({
      method: 'PUT',
      url: `/auth/v1/admin/users/${session.user.id}`,
      payload: {
        password: 'admin set password',
        user_metadata: { full_name: 'Upd' },
        app_metadata: { role_hint: 'x' },
        role: 'authenticated',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user_metadata.full_name).toBe('Upd');
    expect(res.json().app_metadata.role_hint).toBe('x');
    const old = await t.call({ method: 'GET', url: '/auth/v1/user', token: session.access_token });
    expect(old.statusCode).toBe(403);
    await t.signIn('update@example.com', 'admin set password');

    const weak = await admin({
      method: 'PUT',
      url: `/auth/v1/admin/users/${session.user.id}`,
      payload: { password: '1' },
    });
    expect(weak.json().code).toBe('weak_password');

    const ban = await admin({
      method: 'PUT',
      url: `/auth/v1/admin/users/${session.user.id}`,
      payload: { ban_duration: '24h' },
    });
    expect(ban.json().banned_until).toBeTruthy();
    const banned = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: 'update@example.com', password: 'admin set password' },
    });
    expect(banned.json().code).toBe('user_banned');
    const unban = await admin({
      method: 'PUT',
      url: `/auth/v1/admin/users/${session.user.id}`,
      payload: { ban_duration: 'none' },
    });
    expect(unban.json().banned_until).toBeUndefined();
    const badBan = await admin({
      method: 'PUT',
      url: `/auth/v1/admin/users/${session.user.id}`,
      payload: { ban_duration: 'forever' },
    });
    expect(badBan.statusCode).toBe(400);
  });
});

describe('DELETE /admin/users/{id}', () => {
  it('deletes a user and, through the foreign key, their profile', async () => {
    const session = await t.signUp('gone@example.com');
    await t.call({ method: 'GET', url: '/api/v1/profiles/me', token: session.access_token });
    const res = await admin({
      method: 'DELETE',
      url: `/auth/v1/admin/users/${session.user.id}`,
      payload: { should_soft_delete: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    const [profiles] = await t.app.database.query<{ n: number }>(
      'select count(*)::int as n from profiles where id = $1',
      [session.user.id],
    );
    expect(profiles?.n).toBe(0);
    expect((await admin({ method: 'GET', url: `/auth/v1/admin/users/${session.user.id}` })).statusCode).toBe(
      404,
    );
  });

  it('soft-deletes: the account stays on record, cannot sign in, its profile is removed', async () => {
    const session = await t.signUp('soft@example.com');
    await t.call({ method: 'GET', url: '/api/v1/profiles/me', token: session.access_token });
    const res = await admin({
      method: 'DELETE',
      url: `/auth/v1/admin/users/${session.user.id}`,
      payload: { should_soft_delete: true },
    });
    expect(res.statusCode).toBe(200);
    const user = (await admin({ method: 'GET', url: `/auth/v1/admin/users/${session.user.id}` })).json();
    expect(user.deleted_at).toBeTruthy();
    expect(user.email).not.toBe('soft@example.com');
    const signIn = await t.call({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      payload: { email: 'soft@example.com', password: PASSWORD },
    });
    expect(signIn.json().code).toBe('invalid_credentials');
    // The still-valid access token is refused at once and does not bring the profile back.
    const me = await t.call({ method: 'GET', url: '/api/v1/profiles/me', token: session.access_token });
    expect(me.statusCode).toBe(401);
    const [profiles] = await t.app.database.query<{ n: number }>(
      'select count(*)::int as n from profiles where id = $1',
      [session.user.id],
    );
    expect(profiles?.n).toBe(0);
    // The address is free again.
    await t.signUp('soft@example.com');
  });
});

describe('factors of a user', () => {
  it('lists and deletes them', async () => {
    const session = await t.signUp('factors@example.com');
    const enrolled = await t.call({
      method: 'POST',
      url: '/auth/v1/factors',
      token: session.access_token,
      payload: { factor_type: 'totp', friendly_name: 'app' },
    });
    const factor = enrolled.json();
    const ch = await t.call({
      method: 'POST',
      url: `/auth/v1/factors/${factor.id}/challenge`,
      token: session.access_token,
    });
    await t.call({
      method: 'POST',
      url: `/auth/v1/factors/${factor.id}/verify`,
      token: session.access_token,
      payload: { challenge_id: ch.json().id, code: totp(factor.totp.secret, Date.now()) },
    });

    const list = await admin({ method: 'GET', url: `/auth/v1/admin/users/${session.user.id}/factors` });
    expect(list.json()).toMatchObject([
      { id: factor.id, factor_type: 'totp', status: 'verified', friendly_name: 'app' },
    ]);
    const del = await admin({
      method: 'DELETE',
      url: `/auth/v1/admin/users/${session.user.id}/factors/${factor.id}`,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().id).toBe(factor.id);
    expect(
      (await admin({ method: 'GET', url: `/auth/v1/admin/users/${session.user.id}/factors` })).json(),
    ).toEqual([]);
    const again = await admin({
      method: 'DELETE',
      url: `/auth/v1/admin/users/${session.user.id}/factors/${factor.id}`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('mfa_factor_not_found');
  });
});

describe('POST /admin/generate_link', () => {
  const generate = (payload: Record<string, unknown>) =>
    admin({ method: 'POST', url: '/auth/v1/admin/generate_link', payload });

  it('makes signup, magic link and recovery links without sending mail', async () => {
    const sent = t.outbox.messages.length;
    const signup = await generate({
      type: 'signup',
      email: 'gen@example.com',
      password: PASSWORD,
      data: { full_name: 'Gen' },
    });
    expect(signup.statusCode).toBe(200);
    const body = signup.json();
    expect(body).toMatchObject({
      email: 'gen@example.com',
      verification_type: 'signup',
      redirect_to: 'http://localhost:5173',
    });
    expect(body.email_otp).toMatch(/^\d{6}$/);
    expect(body.action_link).toContain('/auth/v1/verify?token=');
    expect(t.outbox.messages.length).toBe(sent);

    const verified = await t.call({
      method: 'POST',
      url: '/auth/v1/verify',
      payload: { type: 'signup', token_hash: body.hashed_token },
    });
    expect(verified.statusCode).toBe(200);

    const magic = (await generate({ type: 'magiclink', email: 'gen@example.com' })).json();
    const link = new URL(magic.action_link);
    const follow = await t.call({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(redirectParams(follow.headers.location as string).fragment.get('type')).toBe('magiclink');

    const recovery = (await generate({ type: 'recovery', email: 'gen@example.com' })).json();
    expect(recovery.verification_type).toBe('recovery');

    const change = (
      await generate({ type: 'email_change_new', email: 'gen@example.com', new_email: 'gen2@example.com' })
    ).json();
    expect(change.verification_type).toBe('email_change');
    expect(change.new_email).toBe('gen2@example.com');
  });

  it('refuses unknown users, taken addresses and unknown types', async () => {
    await createUser({ email: 'gen-taken@example.com', password: PASSWORD, email_confirm: true });
    expect((await generate({ type: 'recovery', email: 'nobody@example.com' })).statusCode).toBe(404);
    expect(
      (await generate({ type: 'signup', email: 'gen-taken@example.com', password: PASSWORD })).json().code,
    ).toBe('email_exists');
    expect((await generate({ type: 'teleport', email: 'gen-taken@example.com' })).statusCode).toBe(400);
  });
});

describe('POST /invite', () => {
  it('invites a new user by mail; the link signs them in and they set a password', async () => {
    const res = await admin({
      method: 'POST',
      url: '/auth/v1/invite',
      payload: { email: 'ivy@example.com', data: { full_name: 'Ivy' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'ivy@example.com' });
    expect(res.json().invited_at).toBeTruthy();
    const mail = t.outbox.latest('ivy@example.com', 'invite')!;
    expect(mail.subject).toBe("You're invited to SYS");
    const link = new URL(mail.link!);
    const follow = await t.call({ method: 'GET', url: `${link.pathname}${link.search}` });
    const fragment = redirectParams(follow.headers.location as string).fragment;
    expect(fragment.get('type')).toBe('invite');
    const set = await t.call({
      method: 'PUT',
      url: '/auth/v1/user',
      token: fragment.get('access_token')!,
      payload: { password: 'ivy chose this' },
    });
    expect(set.statusCode).toBe(200);
    await t.signIn('ivy@example.com', 'ivy chose this');

    const again = await admin({
      method: 'POST',
      url: '/auth/v1/invite',
      payload: { email: 'ivy@example.com' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('email_exists');
  });
});
