import type { Album, AlbumPage, Post, PostPage } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { publishPost } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
let alice: TestUser;
let bob: TestUser;
let posts: Post[];

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  alice = await createUser(ctx.app);
  bob = await createUser(ctx.app);
  for (const [user, username] of [
    [alice, 'alice'],
    [bob, 'bob'],
  ] as const) {
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/profiles/me',
      headers: user.headers,
      payload: { username },
    });
  }
  posts = [
    await publishPost(ctx.app, bob, {
      caption: 'Linen summer',
      items: [{ brand: 'Zara', link: 'https://shop.example.com/1' }],
    }),
    await publishPost(ctx.app, bob, {
      caption: 'Evening out',
      items: [{ brand: 'Mango', link: 'https://shop.example.com/2' }],
    }),
    await publishPost(ctx.app, alice, { caption: 'Street day', items: [] }),
    await publishPost(ctx.app, bob, {
      caption: 'Beach',
      items: [{ title: 'Straw hat', link: 'https://shop.example.com/3' }],
    }),
  ];
});
afterAll(() => ctx.close());

function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  user: TestUser | null,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? user.headers : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function createAlbum(user: TestUser, payload: object): Promise<Album> {
  const response = await call('POST', '/albums', user, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Album;
}

describe('creating albums', () => {
  it('refuses a blank name with a clear message', async () => {
    for (const name of ['', '   ', undefined]) {
      const response = await call('POST', '/albums', alice, name === undefined ? {} : { name });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation_failed',
        message: 'Album name cannot be empty',
      });
    }
    const long = await call('POST', '/albums', alice, { name: 'x'.repeat(101) });
    expect(long.json().error.message).toBe('Album name must be at most 100 characters');
    expect((await call('POST', '/albums', null, { name: 'Mine' })).statusCode).toBe(401);
  });

  it('creates a public album with a trimmed name, optionally with its first post', async () => {
    const album = await createAlbum(alice, { name: '  Summer looks  ', post_id: posts[0]!.id });
    expect(album).toMatchObject({
      name: 'Summer looks',
      is_public: true,
      post_count: 1,
      saved_by_me: false,
      owner: { id: alice.id, username: 'alice' },
    });
    expect(album.images).toEqual([
      expect.objectContaining({ post_id: posts[0]!.id, url: posts[0]!.media_url, type: 'image' }),
    ]);
  });
});

describe('album posts', () => {
  /** Read by the tests below; the tests that add and remove posts have albums of their own. */
  let album: Album;
  const ORDER = () => [posts[1]!, posts[0]!, posts[2]!, posts[3]!];

  beforeAll(async () => {
    album = await createAlbum(alice, { name: 'Ordered' });
    for (const post of ORDER()) {
      expect((await call('PUT', `/albums/${album.id}/posts/${post.id}`, alice)).statusCode).toBe(200);
    }
  });

  it('adds posts at the end, harmlessly twice, and gives the cover plus two previews', async () => {
    const added = await createAlbum(alice, { name: 'Added to' });
    for (const post of ORDER()) {
      const response = await call('PUT', `/albums/${added.id}/posts/${post.id}`, alice);
      expect(response.statusCode).toBe(200);
    }
    const again = await call('PUT', `/albums/${added.id}/posts/${posts[1]!.id}`, alice);
    expect(again.json()).toEqual({
      album_id: added.id,
      post_id: posts[1]!.id,
      in_album: true,
      post_count: 4,
    });

    const card = (await call('GET', `/albums/${added.id}`, bob)).json() as Album;
    expect(card.post_count).toBe(4);
    expect(card.images.map((image) => image.post_id)).toEqual([posts[1]!.id, posts[0]!.id, posts[2]!.id]);
  });

  it('lists them in album order, page by page, with a search', async () => {
    const first = (await call('GET', `/albums/${album.id}/posts?limit=3`, null)).json() as PostPage;
    expect(first.items.map((p) => p.id)).toEqual([posts[1]!.id, posts[0]!.id, posts[2]!.id]);
    const second = (
      await call('GET', `/albums/${album.id}/posts?limit=3&cursor=${first.next_cursor}`, null)
    ).json() as PostPage;
    expect(second.items.map((p) => p.id)).toEqual([posts[3]!.id]);
    expect(second.next_cursor).toBeNull();

    const byBrand = (await call('GET', `/albums/${album.id}/posts?q=MANGO`, null)).json() as PostPage;
    expect(byBrand.items.map((p) => p.id)).toEqual([posts[1]!.id]);
    const byTitle = (await call('GET', `/albums/${album.id}/posts?q=straw`, null)).json() as PostPage;
    expect(byTitle.items.map((p) => p.id)).toEqual([posts[3]!.id]);
    const byCaption = (await call('GET', `/albums/${album.id}/posts?q=street`, null)).json() as PostPage;
    expect(byCaption.items.map((p) => p.id)).toEqual([posts[2]!.id]);
    expect((await call('GET', `/albums/${album.id}/posts?q=100%25`, null)).json().items).toEqual([]);
    expect((await call('GET', `/albums/${album.id}/posts?cursor=nonsense`, null)).statusCode).toBe(400);
  });

  it('removes posts, harmlessly twice', async () => {
    const taken = await createAlbum(alice, { name: 'Taken from', post_id: posts[1]!.id });
    for (const post of [posts[0]!, posts[2]!, posts[3]!]) {
      await call('PUT', `/albums/${taken.id}/posts/${post.id}`, alice);
    }
    const removed = await call('DELETE', `/albums/${taken.id}/posts/${posts[0]!.id}`, alice);
    expect(removed.json()).toMatchObject({ in_album: false, post_count: 3 });
    expect((await call('DELETE', `/albums/${taken.id}/posts/${posts[0]!.id}`, alice)).json()).toMatchObject({
      in_album: false,
      post_count: 3,
    });
  });

  it('lets only the owner change an album', async () => {
    expect((await call('PUT', `/albums/${album.id}/posts/${posts[0]!.id}`, bob)).statusCode).toBe(403);
    expect((await call('PATCH', `/albums/${album.id}`, bob, { name: 'Mine now' })).json().error.message).toBe(
      'You can only change your own albums',
    );
    expect((await call('DELETE', `/albums/${album.id}`, bob)).statusCode).toBe(403);
    expect((await call('PUT', `/albums/${album.id}/posts/${posts[0]!.id}`, null)).statusCode).toBe(401);
  });

  it("refuses a non-owner's rename, privacy change, post removal and delete, and changes nothing", async () => {
    const before = (await call('GET', `/albums/${album.id}`, alice)).json() as Album;
    const postsBefore = ((await call('GET', `/albums/${album.id}/posts`, alice)).json() as PostPage).items;
    const attempts = [
      ['PATCH', `/albums/${album.id}`, { name: 'Taken over' }],
      ['PATCH', `/albums/${album.id}`, { is_public: false }],
      ['PATCH', `/albums/${album.id}`, { name: 'Both', is_public: false }],
      ['DELETE', `/albums/${album.id}/posts/${postsBefore[0]!.id}`, undefined],
      ['DELETE', `/albums/${album.id}`, undefined],
    ] as const;
    for (const [method, url, payload] of attempts) {
      const refused = await call(method, url, bob, payload);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.message).toBe('You can only change your own albums');
      const anonymous = await call(method, url, null, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    const after = (await call('GET', `/albums/${album.id}`, alice)).json() as Album;
    expect(after).toEqual(before);
    const postsAfter = ((await call('GET', `/albums/${album.id}/posts`, alice)).json() as PostPage).items;
    expect(postsAfter.map((p) => p.id)).toEqual(postsBefore.map((p) => p.id));
  });
});

describe('private albums', () => {
  let hidden: Album;
  /** A public album of the same owner without that post. */
  let shown: Album;

  beforeAll(async () => {
    hidden = await createAlbum(alice, { name: 'Secret wishlist', is_public: false, post_id: posts[1]!.id });
    shown = await createAlbum(alice, { name: 'Shown', post_id: posts[0]!.id });
  });

  it('are 404 for everyone but the owner, in every endpoint', async () => {
    for (const viewer of [bob, null]) {
      for (const url of [`/albums/${hidden.id}`, `/albums/${hidden.id}/posts`]) {
        const response = await call('GET', url, viewer);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.message).toBe('Album not found');
      }
    }
    expect((await call('PUT', `/albums/${hidden.id}/save`, bob)).statusCode).toBe(404);
    expect((await call('PUT', `/albums/${hidden.id}/posts/${posts[0]!.id}`, bob)).statusCode).toBe(404);
    expect((await call('PATCH', `/albums/${hidden.id}`, bob, { name: 'x' })).statusCode).toBe(404);
    expect((await call('PATCH', `/albums/${hidden.id}`, bob, { is_public: true })).statusCode).toBe(404);
    expect((await call('DELETE', `/albums/${hidden.id}`, bob)).statusCode).toBe(404);
    expect((await call('DELETE', `/albums/${hidden.id}/posts/${posts[1]!.id}`, bob)).statusCode).toBe(404);
    expect((await call('GET', `/albums/${hidden.id}`, alice)).json()).toMatchObject({
      is_public: false,
      post_count: 1,
    });
  });

  it("are listed on the owner's own profile only", async () => {
    const forBob = (await call('GET', '/profiles/alice/albums', bob)).json() as AlbumPage;
    expect(forBob.items.map((a) => a.id)).not.toContain(hidden.id);
    const forAlice = (await call('GET', '/profiles/alice/albums', alice)).json() as AlbumPage;
    expect(forAlice.items.map((a) => a.id)).toContain(hidden.id);
    const mine = (await call('GET', `/me/albums?post_id=${posts[1]!.id}`, alice)).json() as AlbumPage;
    const secret = mine.items.find((a) => a.id === hidden.id);
    expect(secret).toMatchObject({ contains_post: true });
    expect(mine.items.find((a) => a.id === shown.id)).toMatchObject({ contains_post: false });
  });

  it('can be made public and renamed', async () => {
    // An album of its own: the tests above need theirs private.
    const opened = await createAlbum(alice, {
      name: 'Secret for now',
      is_public: false,
      post_id: posts[1]!.id,
    });
    const response = await call('PATCH', `/albums/${opened.id}`, alice, {
      name: ' Open wishlist ',
      is_public: true,
    });
    expect(response.json()).toMatchObject({ name: 'Open wishlist', is_public: true });
    expect((await call('GET', `/albums/${opened.id}`, bob)).statusCode).toBe(200);
    expect((await call('PATCH', `/albums/${opened.id}`, alice, { name: ' ' })).statusCode).toBe(400);
  });
});

describe('explore, saving and deleting', () => {
  it('lists public albums with posts, newest first, searchable by name and owner', async () => {
    const empty = await createAlbum(bob, { name: 'Nothing yet' });
    const bobs = await createAlbum(bob, { name: 'Bob picks', post_id: posts[3]!.id });
    const page = (await call('GET', '/albums?public=true', null)).json() as AlbumPage;
    const ids = page.items.map((a) => a.id);
    expect(ids[0]).toBe(bobs.id);
    expect(ids).not.toContain(empty.id);
    expect(page.items.every((a) => a.is_public && a.post_count > 0)).toBe(true);
    expect(((await call('GET', '/albums?q=PICKS', null)).json() as AlbumPage).items.map((a) => a.id)).toEqual(
      [bobs.id],
    );
    expect(
      ((await call('GET', '/albums?q=alice', null)).json() as AlbumPage).items.every(
        (a) => a.owner.id === alice.id,
      ),
    ).toBe(true);
  });

  it("saves someone's public album to the wishlist", async () => {
    const album = await createAlbum(bob, { name: 'Bob favourites', post_id: posts[3]!.id });
    expect((await call('PUT', `/albums/${album.id}/save`, alice)).json()).toEqual({ saved: true });
    expect((await call('PUT', `/albums/${album.id}/save`, alice)).json()).toEqual({ saved: true });
    expect((await call('GET', `/albums/${album.id}`, alice)).json().saved_by_me).toBe(true);
    const saved = (await call('GET', '/me/saved-albums', alice)).json() as AlbumPage;
    expect(saved.items.map((a) => a.id)).toEqual([album.id]);
    expect(((await call('GET', '/me/saved-albums?q=zzz', alice)).json() as AlbumPage).items).toEqual([]);

    // Made private later: it leaves the saver's list (the row stays, harmlessly).
    await call('PATCH', `/albums/${album.id}`, bob, { is_public: false });
    expect(((await call('GET', '/me/saved-albums', alice)).json() as AlbumPage).items).toEqual([]);
    await call('PATCH', `/albums/${album.id}`, bob, { is_public: true });
    expect((await call('DELETE', `/albums/${album.id}/save`, alice)).json()).toEqual({ saved: false });
    expect(((await call('GET', '/me/saved-albums', alice)).json() as AlbumPage).items).toEqual([]);
  });

  it('deletes an album but not its posts', async () => {
    const album = await createAlbum(alice, { name: 'Short-lived', post_id: posts[0]!.id });
    expect((await call('DELETE', `/albums/${album.id}`, alice)).statusCode).toBe(204);
    expect((await call('GET', `/albums/${album.id}`, alice)).statusCode).toBe(404);
    expect((await call('GET', `/posts/${posts[0]!.id}`, alice)).statusCode).toBe(200);
  });
});
