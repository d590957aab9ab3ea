import type { Comment, CommentPage, Post, PostPage } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { seedPost } from '../../test/discovery.ts';
import { publishPost } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
let alice: TestUser;
let bob: TestUser;
let post: Post;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  alice = await createUser(ctx.app);
  bob = await createUser(ctx.app);
  post = await publishPost(ctx.app, alice, {
    items: [
      { link: 'https://shop.example.com/a', brand: 'Zara' },
      { link: 'https://shop.example.com/b', brand: 'Nike' },
    ],
  });
});
afterAll(() => ctx.close());

const UNKNOWN = '5b0e3c9e-7a4b-4c39-9f7e-0a3c1e2d4f5a';

function call(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  user?: TestUser | null,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? user.headers : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function readPost(id: string, user?: TestUser): Promise<Post> {
  const response = await call('GET', `/posts/${id}`, user);
  expect(response.statusCode).toBe(200);
  return response.json() as Post;
}

describe('likes', () => {
  it('likes and unlikes a post; repeating either changes nothing', async () => {
    expect((await call('PUT', `/posts/${post.id}/like`, bob)).json()).toEqual({ liked: true, like_count: 1 });
    expect((await call('PUT', `/posts/${post.id}/like`, bob)).json()).toEqual({ liked: true, like_count: 1 });
    expect((await call('PUT', `/posts/${post.id}/like`, alice)).json()).toEqual({
      liked: true,
      like_count: 2,
    });
    expect(await readPost(post.id, bob)).toMatchObject({ like_count: 2, liked_by_me: true });
    expect(await readPost(post.id)).toMatchObject({ like_count: 2, liked_by_me: false });

    expect((await call('DELETE', `/posts/${post.id}/like`, bob)).json()).toEqual({
      liked: false,
      like_count: 1,
    });
    expect((await call('DELETE', `/posts/${post.id}/like`, bob)).json()).toEqual({
      liked: false,
      like_count: 1,
    });
    expect(await readPost(post.id, bob)).toMatchObject({ like_count: 1, liked_by_me: false });

    const feed = (await call('GET', '/posts', alice)).json() as PostPage;
    expect(feed.items.find((p) => p.id === post.id)).toMatchObject({ like_count: 1, liked_by_me: true });
  });

  it('refuses anonymous likes and likes of unknown posts', async () => {
    const anonymous = await call('PUT', `/posts/${post.id}/like`, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe('User not authenticated');
    const unknown = await call('PUT', `/posts/${UNKNOWN}/like`, bob);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Post not found');
  });
});

describe('comments', () => {
  /** A post of its own for each test (written straight to the tables), with Bob's first comment on it. */
  async function commentedPost(): Promise<{ postId: string; first: Comment }> {
    const postId = await seedPost(ctx.app, alice, { caption: 'Comment on me' });
    const response = await call('POST', `/posts/${postId}/comments`, bob, { body: '  Love this look!  ' });
    expect(response.statusCode).toBe(201);
    return { postId, first: response.json() as Comment };
  }

  it('adds comments with trimmed text and lists them oldest first', async () => {
    const { postId, first } = await commentedPost();
    expect(first).toMatchObject({
      post_id: postId,
      parent_id: null,
      body: 'Love this look!',
      like_count: 0,
      liked_by_me: false,
      author: { id: bob.id },
    });
    const second = (
      await call('POST', `/posts/${postId}/comments`, alice, { body: 'Thank you' })
    ).json() as Comment;

    const list = (await call('GET', `/posts/${postId}/comments`)).json() as CommentPage;
    expect(list.items.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(list.next_cursor).toBeNull();
    expect((await readPost(postId)).comment_count).toBe(2);
  });

  it('refuses an empty comment and anonymous comments', async () => {
    for (const body of ['', '   ', undefined]) {
      const response = await call(
        'POST',
        `/posts/${post.id}/comments`,
        bob,
        body === undefined ? {} : { body },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Comment cannot be empty');
    }
    expect((await call('POST', `/posts/${post.id}/comments`, null, { body: 'hi' })).statusCode).toBe(401);
    expect((await call('POST', `/posts/${UNKNOWN}/comments`, bob, { body: 'hi' })).statusCode).toBe(404);
  });

  it('lets a visitor read the comments: browsing is open to all, writing is not', async () => {
    const { postId } = await commentedPost();
    expect((await call('POST', `/posts/${postId}/comments`, alice, { body: 'Thank you' })).statusCode).toBe(
      201,
    );
    const response = await call('GET', `/posts/${postId}/comments`, null);
    expect(response.statusCode).toBe(200);
    const page = response.json() as CommentPage;
    expect(page.items.map((c) => c.body)).toEqual(['Love this look!', 'Thank you']);
    expect(page.items.every((c) => !c.liked_by_me)).toBe(true);
    expect((await call('GET', `/posts/${UNKNOWN}/comments`, null)).statusCode).toBe(404);
  });

  it('threads replies under the first comment, also replies to replies', async () => {
    const { postId, first } = await commentedPost();
    const reply = (
      await call('POST', `/posts/${postId}/comments`, alice, { body: 'Thanks!', parent_id: first.id })
    ).json() as Comment;
    expect(reply.parent_id).toBe(first.id);
    const replyToReply = await call('POST', `/posts/${postId}/comments`, bob, {
      body: ':)',
      parent_id: reply.id,
    });
    expect(replyToReply.statusCode).toBe(201);
    expect((replyToReply.json() as Comment).parent_id).toBe(first.id);

    const other = await seedPost(ctx.app, bob);
    const crossPost = await call('POST', `/posts/${other}/comments`, bob, {
      body: 'x',
      parent_id: first.id,
    });
    expect(crossPost.statusCode).toBe(400);
    const unknownParent = await call('POST', `/posts/${postId}/comments`, bob, {
      body: 'x',
      parent_id: UNKNOWN,
    });
    expect(unknownParent.statusCode).toBe(404);
  });

  it('likes comments', async () => {
    const { postId, first } = await commentedPost();
    expect((await call('PUT', `/comments/${first.id}/like`, alice)).json()).toEqual({
      liked: true,
      like_count: 1,
    });
    expect((await call('PUT', `/comments/${first.id}/like`, alice)).json()).toEqual({
      liked: true,
      like_count: 1,
    });
    const list = (await call('GET', `/posts/${postId}/comments`, alice)).json() as CommentPage;
    expect(list.items.find((c) => c.id === first.id)).toMatchObject({ like_count: 1, liked_by_me: true });
    expect((await call('DELETE', `/comments/${first.id}/like`, alice)).json()).toEqual({
      liked: false,
      like_count: 0,
    });
    expect((await call('PUT', `/comments/${UNKNOWN}/like`, alice)).statusCode).toBe(404);
    expect((await call('PUT', `/comments/${first.id}/like`, null)).statusCode).toBe(401);
  });

  it('pages through comments with a cursor', async () => {
    const { postId, first } = await commentedPost();
    for (const body of ['Two', 'Three', 'Four']) {
      await call('POST', `/posts/${postId}/comments`, alice, { body });
    }
    await call('POST', `/posts/${postId}/comments`, alice, { body: 'A reply', parent_id: first.id });
    const all = ((await call('GET', `/posts/${postId}/comments?limit=50`)).json() as CommentPage).items;
    expect(all.length).toBeGreaterThanOrEqual(4);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const qs: string = cursor ? `&cursor=${cursor}` : '';
      const page = (await call('GET', `/posts/${postId}/comments?limit=2${qs}`)).json() as CommentPage;
      seen.push(...page.items.map((c) => c.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.map((c) => c.id));
  });

  it('deletes only own comments, with their replies', async () => {
    const { postId, first } = await commentedPost();
    await call('POST', `/posts/${postId}/comments`, alice, { body: 'Thank you' });
    await call('POST', `/posts/${postId}/comments`, alice, { body: 'Thanks!', parent_id: first.id });
    const forbidden = await call('DELETE', `/comments/${first.id}`, alice);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe('You can only delete your own comments');
    expect((await call('DELETE', `/comments/${first.id}`, null)).statusCode).toBe(401);

    const removed = await call('DELETE', `/comments/${first.id}`, bob);
    expect(removed.statusCode).toBe(204);
    const list = (await call('GET', `/posts/${postId}/comments`)).json() as CommentPage;
    expect(list.items.map((c) => c.body)).toEqual(['Thank you']);
    expect((await call('DELETE', `/comments/${first.id}`, bob)).statusCode).toBe(404);
  });
});

describe('saved posts', () => {
  it('saves and unsaves posts and lists them, most recently saved first', async () => {
    const other = await publishPost(ctx.app, alice);
    const third = await publishPost(ctx.app, bob);
    expect((await call('PUT', `/posts/${post.id}/save`, bob)).json()).toEqual({ saved: true });
    expect((await call('PUT', `/posts/${other.id}/save`, bob)).json()).toEqual({ saved: true });
    expect((await call('PUT', `/posts/${third.id}/save`, bob)).json()).toEqual({ saved: true });
    expect((await call('PUT', `/posts/${other.id}/save`, bob)).json()).toEqual({ saved: true });
    expect(await readPost(post.id, bob)).toMatchObject({ saved_by_me: true });
    expect(await readPost(post.id, alice)).toMatchObject({ saved_by_me: false });

    const firstPage = (await call('GET', '/me/saved-posts?limit=2', bob)).json() as PostPage;
    expect(firstPage.items.map((p) => p.id)).toEqual([third.id, other.id]);
    expect(firstPage.items.every((p) => p.saved_by_me)).toBe(true);
    const secondPage = (
      await call('GET', `/me/saved-posts?limit=2&cursor=${firstPage.next_cursor}`, bob)
    ).json() as PostPage;
    expect(secondPage.items.map((p) => p.id)).toEqual([post.id]);
    expect(secondPage.next_cursor).toBeNull();

    expect((await call('DELETE', `/posts/${other.id}/save`, bob)).json()).toEqual({ saved: false });
    const after = (await call('GET', '/me/saved-posts', bob)).json() as PostPage;
    expect(after.items.map((p) => p.id)).toEqual([third.id, post.id]);
  });

  it('requires a signed-in user', async () => {
    expect((await call('GET', '/me/saved-posts', null)).statusCode).toBe(401);
    expect((await call('PUT', `/posts/${post.id}/save`, null)).statusCode).toBe(401);
    expect((await call('PUT', `/posts/${UNKNOWN}/save`, bob)).statusCode).toBe(404);
  });
});

describe('item clicks', () => {
  const clicks = async (itemId: string) =>
    (
      await ctx.app.database.query<{ n: number }>(
        'select count(*)::int as n from item_clicks where item_id = $1',
        [itemId],
      )
    )[0]!.n;

  it('counts one click per viewer and item a minute, visitors included', async () => {
    const [first, second] = post.items;
    const visitor = (ip: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/v1/items/${first!.id}/click`, remoteAddress: ip });
    expect((await visitor('203.0.113.7')).json()).toEqual({ recorded: true });
    expect((await visitor('203.0.113.7')).json()).toEqual({ recorded: false });
    expect((await visitor('203.0.113.8')).json()).toEqual({ recorded: true });
    expect((await call('POST', `/items/${first!.id}/click`, bob)).json()).toEqual({ recorded: true });
    expect((await call('POST', `/items/${first!.id}/click`, bob)).json()).toEqual({ recorded: false });
    expect((await call('POST', `/items/${second!.id}/click`, bob)).json()).toEqual({ recorded: true });
    expect(await clicks(first!.id)).toBe(3);
    const stored = await ctx.app.database.query<{ viewer_key: string; profile_id: string | null }>(
      'select viewer_key, profile_id from item_clicks where item_id = $1 order by created_at',
      [first!.id],
    );
    // Visitors' addresses are not stored, only a hash.
    expect(stored.map((r) => r.viewer_key).join(' ')).not.toContain('203.0.113');
    expect(stored.at(-1)!.profile_id).toBe(bob.id);

    // A minute later the same viewer counts again.
    await ctx.app.database.query(`update item_clicks set created_at = created_at - interval '61 seconds'`);
    expect((await visitor('203.0.113.7')).json()).toEqual({ recorded: true });
  });

  it('answers an unknown item with 404', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: `/api/v1/items/${UNKNOWN}/click` });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Item not found');
  });
});
