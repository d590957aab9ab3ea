import { PROFILE_LIMITS } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth.test-helpers.ts';
import { firstFreeUsername, usernameBase } from './profiles.service.ts';

describe('usernames for new profiles', () => {
  it("come from the email's local part, URL-safe", () => {
    expect(usernameBase('Maya.Cohen@example.com')).toBe('maya.cohen');
    expect(usernameBase('zoë+fashion@example.com')).toBe('zoefashion');
    expect(usernameBase('__x__@example.com')).toBe('x');
    expect(usernameBase('שרה@example.com')).toBe('user');
    expect(usernameBase(null)).toBe('user');
    expect(usernameBase(`${'a'.repeat(40)}@example.com`)).toHaveLength(24);
  });

  it('are made unique by a number, case-insensitively', () => {
    expect(firstFreeUsername('maya', [])).toBe('maya');
    expect(firstFreeUsername('maya', ['MAYA'])).toBe('maya2');
    expect(firstFreeUsername('maya', ['maya', 'maya2', 'maya4', 'mayan'])).toBe('maya3');
  });
});

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(() => t.close());

const me = (token?: string) => t.call({ method: 'GET', url: '/api/v1/profiles/me', token });

describe('profile bootstrap', () => {
  it('creates the profile at sign-up: username, display name, avatar, the defaults, no measurements', async () => {
    const session = await t.signUp('maya@example.com', undefined, {
      full_name: 'Maya Cohen',
      avatar_url: 'https://example.com/maya.png',
    });
    const [row] = await t.app.database.query('select * from profiles where id = $1', [session.user.id]);
    expect(row).toMatchObject({
      username: 'maya',
      display_name: 'Maya Cohen',
      avatar_url: 'https://example.com/maya.png',
      bio: null,
      size: 'M',
      chest_circumference: null,
      waist_circumference: null,
      hip_circumference: null,
      measurements_public: true,
    });
    const res = await me(session.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: session.user.id,
      username: 'maya',
      display_name: 'Maya Cohen',
      bio: null,
      avatar_url: 'https://example.com/maya.png',
      size: 'M',
      chest_circumference: null,
      waist_circumference: null,
      hip_circumference: null,
      measurements_public: true,
    });
  });

  it('keeps the sign-up name within the profile name limit, whitespace trimmed', async () => {
    const long = `  ${'Ñ'.repeat(PROFILE_LIMITS.displayNameMaxChars + 40)}  `;
    const session = await t.signUp('longname@example.com', undefined, { full_name: long });
    expect((await me(session.access_token)).json().display_name).toBe(
      'Ñ'.repeat(PROFILE_LIMITS.displayNameMaxChars),
    );
    const blank = await t.signUp('blankname@example.com', undefined, { full_name: '   ' });
    expect((await me(blank.access_token)).json().display_name).toBeNull();
  });

  it('makes the username unique', async () => {
    // A name of its own (the test above takes 'maya'), so that either may run first.
    const first = await t.signUp('dana@example.com');
    const second = await t.signUp('Dana@other.example');
    const third = await t.signUp('dana@third.example');
    expect((await me(first.access_token)).json().username).toBe('dana');
    expect((await me(second.access_token)).json().username).toBe('dana2');
    expect((await me(third.access_token)).json().username).toBe('dana3');
  });

  it('creates a missing profile on the first authenticated API request', async () => {
    const user = await t.app.services.auth.admin.createUser({
      email: 'late@example.com',
      email_confirm: true,
    });
    const [before] = await t.app.database.query<{ n: number }>(
      'select count(*)::int as n from profiles where id = $1',
      [user.id],
    );
    expect(before?.n).toBe(0);
    // A session of this user (as a sign-in would start it, without its profile hook), and a token of it.
    const [session] = await t.app.database.query<{ id: string }>(
      'insert into auth.sessions (user_id) values ($1) returning id',
      [user.id],
    );
    const { token } = await t.app.services.auth.tokens.signAccessToken(
      {
        sub: user.id,
        aud: 'authenticated',
        role: 'authenticated',
        email: 'late@example.com',
        phone: '',
        app_metadata: {},
        user_metadata: { full_name: 'Late Comer' },
        aal: 'aal1',
        amr: [],
        session_id: session!.id,
        is_anonymous: false,
      },
      Date.now(),
    );
    const res = await me(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'late', display_name: 'Late Comer' });
  });

  it('refuses an anonymous caller with 401 User not authenticated', async () => {
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'not_authenticated', message: 'User not authenticated' } });
  });
});
