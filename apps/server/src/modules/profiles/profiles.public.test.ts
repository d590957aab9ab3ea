import type { Profile, ProfileStats, PublicProfile, UploadResponse } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makeJpeg, publishPost, uploadImage, uploadRaw } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({
    authRateLimits: TEST_RATE_LIMITS,
    serviceRoleKey: 'service-role-key-for-tests',
  });
  alice = await createUser(ctx.app);
  bob = await createUser(ctx.app);
});
afterAll(() => ctx.close());

function patchMe(user: TestUser | null, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'PATCH',
    url: '/api/v1/profiles/me',
    headers: user ? user.headers : {},
    payload,
  });
}

function get(url: string, user?: TestUser) {
  return ctx.app.inject({ method: 'GET', url, headers: user ? user.headers : {} });
}

async function uploadAvatar(user: TestUser): Promise<UploadResponse> {
  const response = await uploadRaw(ctx.app, user, await makeJpeg(40, 40), { bucket: 'avatars' });
  expect(response.statusCode).toBe(201);
  return response.json() as UploadResponse;
}

describe("editing one's profile", () => {
  it('trims text, saves empty text as null and changes only the given fields', async () => {
    // A new user, whose measurements are still the defaults (the next test changes Alice's).
    const user = await createUser(ctx.app);
    const response = await patchMe(user, {
      username: '  trim.style  ',
      display_name: '  Alice  ',
      bio: '   ',
      size: 'L',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: 'trim.style',
      display_name: 'Alice',
      bio: null,
      size: 'L',
      chest_circumference: null,
      measurements_public: true,
    } satisfies Partial<Profile>);
    const again = await patchMe(user, { bio: ' Linen lover ' });
    expect(again.json()).toMatchObject({
      username: 'trim.style',
      display_name: 'Alice',
      bio: 'Linen lover',
    });
  });

  it('parses measurements as whole numbers, 0 when invalid', async () => {
    const response = await patchMe(alice, {
      chest_circumference: ' 92 cm',
      waist_circumference: 70.8,
      hip_circumference: 'abc',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      chest_circumference: 92,
      waist_circumference: 70,
      hip_circumference: 0,
    });
    const more = await patchMe(alice, {
      chest_circumference: -4,
      waist_circumference: 'x',
      hip_circumference: '98',
    });
    expect(more.json()).toMatchObject({
      chest_circumference: 0,
      waist_circumference: 0,
      hip_circumference: 98,
    });
  });

  it('starts without measurements, and an empty or null one is cleared (not entered)', async () => {
    const fresh = await createUser(ctx.app);
    const own = await get('/api/v1/profiles/me', fresh);
    expect(own.json()).toMatchObject({
      chest_circumference: null,
      waist_circumference: null,
      hip_circumference: null,
    } satisfies Partial<Profile>);
    await patchMe(fresh, { chest_circumference: 88, waist_circumference: 70, hip_circumference: 96 });
    const cleared = await patchMe(fresh, { chest_circumference: '  ', waist_circumference: null });
    expect(cleared.json()).toMatchObject({
      chest_circumference: null,
      waist_circumference: null,
      hip_circumference: 96,
    } satisfies Partial<Profile>);
  });

  it('refuses a size outside the profile sizes', async () => {
    const response = await patchMe(alice, { size: 'XXXL' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/^Size must be one of XS, S, M/);
  });

  it('keeps usernames unique regardless of case, with a clear 409', async () => {
    expect((await patchMe(alice, { username: 'StyleQueen' })).statusCode).toBe(200);
    const taken = await patchMe(bob, { username: 'stylequeen' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: { code: 'conflict', message: 'This username is already taken' },
    });
    // The owner may change the case of their own name.
    const recased = await patchMe(alice, { username: 'styleQUEEN' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().username).toBe('styleQUEEN');
  });

  it('requires URL-safe usernames of 3-30 characters and refuses reserved ones', async () => {
    for (const [username, message] of [
      ['ab', 'Username must be 3-30 characters'],
      ['a'.repeat(31), 'Username must be 3-30 characters'],
      ['with space', 'Username can only contain letters, numbers, dots, underscores and hyphens'],
      ['שרה.כהן', 'Username can only contain letters, numbers, dots, underscores and hyphens'],
      ['a/b/c', 'Username can only contain letters, numbers, dots, underscores and hyphens'],
      ['Admin', 'This username is reserved'],
      ['SYS', 'This username is reserved'],
    ]) {
      const response = await patchMe(bob, { username });
      expect(response.statusCode, username).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await patchMe(bob, { username: 'bob_the-builder.2' })).statusCode).toBe(200);
  });

  it("accepts only the user's own uploaded avatar, or null", async () => {
    const avatar = await uploadAvatar(alice);
    const ok = await patchMe(alice, { avatar_url: avatar.public_url });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().avatar_url).toBe(avatar.public_url);

    const bobsAvatar = await uploadAvatar(bob);
    const postImage = await uploadImage(ctx.app, alice);
    for (const url of [bobsAvatar.public_url, postImage.public_url, 'https://elsewhere.example.com/me.png']) {
      const refused = await patchMe(alice, { avatar_url: url });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().error.message).toBe('The avatar must be an image uploaded to SYS');
    }

    // A new avatar replaces the old one, whose file goes.
    const second = await uploadAvatar(alice);
    expect((await patchMe(alice, { avatar_url: second.public_url })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: avatar.public_url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: second.public_url })).statusCode).toBe(200);

    const cleared = await patchMe(alice, { avatar_url: '' });
    expect(cleared.json().avatar_url).toBeNull();
  });

  it('refuses anonymous edits with 401 User not authenticated', async () => {
    const response = await patchMe(null, { bio: 'x' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe('User not authenticated');
  });
});

describe('public profiles', () => {
  let carol: TestUser;
  let dan: TestUser;

  beforeAll(async () => {
    carol = await createUser(ctx.app);
    dan = await createUser(ctx.app);
    await patchMe(carol, {
      username: 'carol.public',
      bio: 'Public measurements',
      size: 'S',
      chest_circumference: 84,
      waist_circumference: 66,
      hip_circumference: 91,
      measurements_public: true,
    });
    await patchMe(dan, { username: 'dan.private', size: 'XL', measurements_public: false });
  });

  const MEASUREMENT_KEYS = ['size', 'chest_circumference', 'waist_circumference', 'hip_circumference'];

  it('leaves measurements and size out for an anonymous viewer', async () => {
    const response = await get('/api/v1/profiles/carol.public');
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'carol.public', bio: 'Public measurements', is_following: false });
    for (const key of MEASUREMENT_KEYS) expect(body, key).not.toHaveProperty(key);
    // No field carries a measurement under another name (matching the raw text would trip on ids).
    for (const value of [84, 66, 91, 'S']) expect(Object.values(body)).not.toContain(value);
  });

  it('shows them to a signed-in viewer when the profile keeps them public', async () => {
    const response = await get('/api/v1/profiles/CAROL.PUBLIC', bob);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: 'carol.public',
      size: 'S',
      chest_circumference: 84,
      waist_circumference: 66,
      hip_circumference: 91,
      measurements_public: true,
    } satisfies Partial<PublicProfile>);
  });

  it('leaves them out of a private profile even for signed-in viewers', async () => {
    const response = await get('/api/v1/profiles/dan.private', bob);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, unknown>;
    expect(body.measurements_public).toBe(false);
    for (const key of MEASUREMENT_KEYS) expect(body, key).not.toHaveProperty(key);
  });

  it('never shows measurements the owner has not entered, nor an incomplete line', async () => {
    const fresh = await createUser(ctx.app);
    await patchMe(fresh, { username: 'erin.fresh', size: 'S' });
    const body = (await get('/api/v1/profiles/erin.fresh', bob)).json() as Record<string, unknown>;
    expect(body).toMatchObject({ measurements_public: true, size: 'S' });
    for (const key of MEASUREMENT_KEYS.slice(1)) expect(body, key).not.toHaveProperty(key);
    await patchMe(fresh, { chest_circumference: 86, waist_circumference: 68 });
    const partial = (await get('/api/v1/profiles/erin.fresh', bob)).json() as Record<string, unknown>;
    for (const key of MEASUREMENT_KEYS.slice(1)) expect(partial, key).not.toHaveProperty(key);
    await patchMe(fresh, { hip_circumference: 94 });
    expect((await get('/api/v1/profiles/erin.fresh', bob)).json()).toMatchObject({
      chest_circumference: 86,
      waist_circumference: 68,
      hip_circumference: 94,
    });
  });

  it('tells whether the viewer follows the profile', async () => {
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/profiles/carol.public/follow',
      headers: bob.headers,
    });
    expect((await get('/api/v1/profiles/carol.public', bob)).json().is_following).toBe(true);
    expect((await get('/api/v1/profiles/carol.public', alice)).json().is_following).toBe(false);
  });

  it('counts posts, followers and following (get_user_stats)', async () => {
    // Bob follows Carol here too (the test above does as well): her followers are Bob and Dan either way.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/profiles/carol.public/follow',
      headers: bob.headers,
    });
    await publishPost(ctx.app, carol);
    await publishPost(ctx.app, carol);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/profiles/dan.private/follow',
      headers: carol.headers,
    });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/profiles/carol.public/follow',
      headers: dan.headers,
    });
    const stats = (await get('/api/v1/profiles/carol.public/stats')).json() as ProfileStats;
    expect(stats).toEqual({ posts_count: 2, followers_count: 2, following_count: 1 });
    expect((await get('/api/v1/profiles/dan.private/stats')).json()).toEqual({
      posts_count: 0,
      followers_count: 1,
      following_count: 1,
    });
  });

  it('answers 404 for unknown users, and for deleted ones', async () => {
    expect((await get('/api/v1/profiles/nobody.here')).statusCode).toBe(404);
    expect((await get('/api/v1/profiles/nobody.here/stats')).json()).toEqual({
      error: { code: 'not_found', message: 'Profile not found' },
    });

    const erin = await createUser(ctx.app);
    await patchMe(erin, { username: 'erin.leaving' });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/profiles/erin.leaving/follow',
      headers: bob.headers,
    });
    expect((await get('/api/v1/profiles/erin.leaving')).statusCode).toBe(200);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/auth/v1/admin/users/${erin.id}`,
      headers: { authorization: 'Bearer service-role-key-for-tests' },
      payload: { should_soft_delete: true },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get('/api/v1/profiles/erin.leaving')).statusCode).toBe(404);
    expect((await get('/api/v1/profiles/erin.leaving/stats')).statusCode).toBe(404);
    // Gone from public lists too.
    const bobName = (await get('/api/v1/profiles/me', bob)).json().username as string;
    const following = (await get(`/api/v1/profiles/${bobName}/following`)).json() as {
      items: { id: string }[];
    };
    expect(following.items.map((p) => p.id)).not.toContain(erin.id);
  });
});
