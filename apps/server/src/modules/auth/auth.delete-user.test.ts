import type { Post, PostPage, UploadResponse } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makeJpeg, publishPost, uploadRaw } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

/**
 * Deleting an account (the admin API's DELETE /admin/users/{id}, hard or soft, also behind
 * `npm run admin -- delete-user`) takes everything of the person along: the database's foreign keys take
 * the rows, and the account's stored files must leave the store too, with no feed still showing the posts.
 */

const SERVICE_ROLE_KEY = 'service-role-key-for-delete-tests';
let ctx: TestApp;
let stays: TestUser;
let staysPost: Post;

beforeAll(async () => {
  // The feed cache is on (its default TTL), so a stale page would show.
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, serviceRoleKey: SERVICE_ROLE_KEY });
  stays = await createUser(ctx.app);
  staysPost = await publishPost(ctx.app, stays, { caption: 'Still here' });
});
afterAll(() => ctx.close());

/** Every address a stored file of these uploads answers on: the original and each variant. */
const addressesOf = (uploads: { public_url?: string; media_url?: string; variants: { url: string }[] }[]) =>
  uploads.flatMap((upload) => [upload.public_url ?? upload.media_url!, ...upload.variants.map((v) => v.url)]);

const status = async (url: string) =>
  (await ctx.app.inject({ url: new URL(url, 'http://x').pathname })).statusCode;

const feedIds = async () =>
  ((await ctx.app.inject({ url: '/api/v1/posts?limit=50' })).json() as PostPage).items.map((post) => post.id);

const storedObjectsOf = async (ownerId: string) =>
  (
    await ctx.app.database.query<{ n: number }>(
      'select count(*)::int as n from storage_objects where owner_id = $1',
      [ownerId],
    )
  )[0]!.n;

/** A person with an avatar and a post of two images, seen in the (cached) feed. */
async function personWithContent() {
  const person = await createUser(ctx.app);
  const avatarUpload = await uploadRaw(ctx.app, person, await makeJpeg(80, 80), { bucket: 'avatars' });
  expect(avatarUpload.statusCode, avatarUpload.body).toBe(201);
  const avatar = avatarUpload.json() as UploadResponse;
  const patched = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/v1/profiles/me',
    headers: person.headers,
    payload: { avatar_url: avatar.public_url },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const post = await publishPost(ctx.app, person, { caption: 'Soon gone' }, 2);
  const addresses = [...addressesOf([avatar]), ...addressesOf(post.media)];
  for (const address of addresses) expect(await status(address), address).toBe(200);
  expect(await feedIds()).toContain(post.id);
  expect(await storedObjectsOf(person.id)).toBe(3);
  return { person, post, addresses };
}

const deleteUser = (userId: string, soft: boolean) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/auth/v1/admin/users/${userId}`,
    headers: { authorization: `Bearer ${SERVICE_ROLE_KEY}` },
    payload: { should_soft_delete: soft },
  });

describe.each([
  ['a hard delete', false],
  ['a soft delete', true],
])('%s', (_name, soft) => {
  it('removes the stored files (original and variants) and the posts from the cached feed at once', async () => {
    const { person, post, addresses } = await personWithContent();

    const deleted = await deleteUser(person.id, soft);
    expect(deleted.statusCode, deleted.body).toBe(200);

    for (const address of addresses) expect(await status(address), address).toBe(404);
    expect(await storedObjectsOf(person.id)).toBe(0);
    const feed = await feedIds();
    expect(feed).not.toContain(post.id);
    // Nobody else's content goes with it.
    expect(feed).toContain(staysPost.id);
    for (const address of addressesOf(staysPost.media)) expect(await status(address), address).toBe(200);
  });
});

it('a second soft delete of the same account changes nothing', async () => {
  const { person } = await personWithContent();
  expect((await deleteUser(person.id, true)).statusCode).toBe(200);
  const again = await deleteUser(person.id, true);
  expect(again.statusCode, again.body).toBe(200);
  expect(await feedIds()).toContain(staysPost.id);
});
