import type {
  AdminReportPage,
  AlbumPage,
  BlockedProfilePage,
  Comment,
  CommentPage,
  Conversation,
  ConversationPage,
  Post,
  PostPage,
  Report,
} from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { makePostPrivate, updateProfile } from '../../test/discovery.ts';
import { publishPost } from '../../test/media.ts';
import { createUser, makeAdmin, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

const SERVICE_ROLE_KEY = 'moderation-test-service-role-key';

let ctx: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, serviceRoleKey: SERVICE_ROLE_KEY });
  [alice, bob, carol] = [await createUser(ctx.app), await createUser(ctx.app), await createUser(ctx.app)];
  admin = await makeAdmin(ctx.app, await createUser(ctx.app), SERVICE_ROLE_KEY);
  await updateProfile(ctx.app, alice, { username: 'alice.mod' });
  await updateProfile(ctx.app, bob, { username: 'bob.mod' });
  await updateProfile(ctx.app, carol, { username: 'carol.mod' });
}, 120_000);
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function call(method: Method, url: string, user: TestUser | null, payload?: object) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? user.headers : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function json<T>(method: Method, url: string, user: TestUser | null, payload?: object): Promise<T> {
  const response = await call(method, url, user, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json() as T;
}

async function addComment(user: TestUser, postId: string, body: string): Promise<Comment> {
  return json<Comment>('POST', `/posts/${postId}/comments`, user, { body });
}

const ids = (page: { items: { id: string }[] }) => page.items.map((item) => item.id);

describe('reports', () => {
  let post: Post;
  let comment: Comment;

  beforeAll(async () => {
    post = await publishPost(ctx.app, bob, { caption: 'Reportable look' });
    comment = await addComment(bob, post.id, 'A comment to report');
  });

  it('needs a signed-in user', async () => {
    const response = await call('POST', '/reports', null, {
      target_type: 'post',
      target_id: post.id,
      reason: 'spam',
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a bad target type, a reason outside the list, a long note and a malformed id', async () => {
    const bad = [
      { target_type: 'album', target_id: post.id, reason: 'spam' },
      { target_type: 'post', target_id: post.id, reason: 'boring' },
      { target_type: 'post', target_id: post.id, reason: 'spam', note: 'x'.repeat(501) },
      { target_type: 'post', target_id: 'not-an-id', reason: 'spam' },
      { target_type: 'post', target_id: post.id },
    ];
    for (const payload of bad) {
      const response = await call('POST', '/reports', alice, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('POST', '/reports', alice, bad[1])).json().error.message).toBe(
      'Reason must be one of spam, harassment, hate, nudity, violence, scam, impersonation, other',
    );
  });

  it('answers 404 for things that do not exist or that the reporter cannot see', async () => {
    const unknown = '00000000-0000-4000-8000-000000000abc';
    for (const targetType of ['post', 'comment', 'user']) {
      const response = await call('POST', '/reports', alice, {
        target_type: targetType,
        target_id: unknown,
        reason: 'spam',
      });
      expect(response.statusCode).toBe(404);
    }
    const hidden = await publishPost(ctx.app, bob, { caption: 'Hidden' });
    await makePostPrivate(ctx.app, hidden.id);
    const response = await call('POST', '/reports', alice, {
      target_type: 'post',
      target_id: hidden.id,
      reason: 'spam',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('The reported content was not found');
  });

  it("refuses one's own post, comment and self", async () => {
    for (const [targetType, targetId] of [
      ['post', post.id],
      ['comment', comment.id],
      ['user', bob.id],
    ] as const) {
      const response = await call('POST', '/reports', bob, {
        target_type: targetType,
        target_id: targetId,
        reason: 'other',
      });
      expect(response.statusCode).toBe(422);
    }
    expect(
      (await call('POST', '/reports', bob, { target_type: 'user', target_id: bob.id, reason: 'spam' })).json()
        .error.message,
    ).toBe('You cannot report yourself');
  });

  it('records a report of a post, a comment and a user once per reporter', async () => {
    const report = await call('POST', '/reports', alice, {
      target_type: 'post',
      target_id: post.id,
      reason: 'nudity',
      note: '  see the second photo  ',
    });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json()).toMatchObject({
      target_type: 'post',
      target_id: post.id,
      reason: 'nudity',
      note: 'see the second photo',
      status: 'open',
    } satisfies Partial<Report>);

    const again = await call('POST', '/reports', alice, {
      target_type: 'post',
      target_id: post.id,
      reason: 'spam',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You have already reported this');

    // Someone else may report the same post; the same person may report the comment and the user.
    expect(
      (await call('POST', '/reports', carol, { target_type: 'post', target_id: post.id, reason: 'spam' }))
        .statusCode,
    ).toBe(201);
    expect(
      (
        await call('POST', '/reports', alice, {
          target_type: 'comment',
          target_id: comment.id,
          reason: 'harassment',
        })
      ).statusCode,
    ).toBe(201);
    const user = await call('POST', '/reports', alice, {
      target_type: 'user',
      target_id: bob.id,
      reason: 'scam',
    });
    expect(user.statusCode).toBe(201);
    expect(user.json().note).toBeNull();
  });
});

describe('blocks', () => {
  let bobPost: Post;
  let alicePost: Post;
  let carolPost: Post;
  let bobComment: Comment;
  let conversation: Conversation;

  beforeAll(async () => {
    bobPost = await publishPost(ctx.app, bob, { caption: 'Zebrastripe evening #Casual' });
    alicePost = await publishPost(ctx.app, alice, { caption: 'Zebrastripe morning #Casual' });
    carolPost = await publishPost(ctx.app, carol, { caption: 'Zebrastripe noon #Casual' });
    bobComment = await addComment(bob, carolPost.id, 'Bob was here');
    await addComment(alice, carolPost.id, 'Alice was here');
    // Alice and Bob follow each other and talk.
    await json('PUT', `/follows/${bob.id}`, alice);
    await json('PUT', `/follows/${alice.id}`, bob);
    conversation = await json<Conversation>('POST', '/conversations', alice, { profile_id: bob.id });
    await json('POST', `/conversations/${conversation.id}/messages`, bob, { body: 'Hi Alice' });
  });

  // Each test sets the block as it needs it (blocking and unblocking again change nothing), and the
  // block is lifted after the last one, for the other blocks of this file.
  const aliceBlocksBob = () => json('POST', `/blocks/${bob.id}`, alice);
  const noBlock = () => json('DELETE', `/blocks/${bob.id}`, alice);
  afterAll(noBlock);

  /** Every list and page through which one of `author`'s posts could reach `viewer`. */
  async function postIdsSeenBy(viewer: TestUser): Promise<Record<string, string[]>> {
    return {
      feed: ids(await json<PostPage>('GET', '/posts?limit=50', viewer)),
      forYou: ids(await json<PostPage>('GET', '/posts/for-you?limit=50', viewer)),
      deck: ids(await json<PostPage>('GET', '/swipes/deck?limit=50', viewer)),
      search: ids(await json<PostPage>('GET', '/search?q=zebrastripe&limit=50', viewer)),
      filtered: ids(await json<PostPage>('GET', '/posts/filtered?limit=50', viewer)),
      category: ids(await json<PostPage>('GET', '/explore/categories/casual?limit=50', viewer)),
    };
  }

  it('needs a signed-in user, refuses oneself and unknown profiles', async () => {
    expect((await call('POST', `/blocks/${bob.id}`, null)).statusCode).toBe(401);
    expect((await call('GET', '/blocks', null)).statusCode).toBe(401);
    const self = await call('POST', `/blocks/${alice.id}`, alice);
    expect(self.statusCode).toBe(422);
    expect(self.json().error.message).toBe('You cannot block yourself');
    expect((await call('POST', '/blocks/00000000-0000-4000-8000-000000000abc', alice)).statusCode).toBe(404);
    expect((await call('POST', '/blocks/not-an-id', alice)).statusCode).toBe(404);
  });

  it('before the block, everything is visible', async () => {
    await noBlock();
    for (const [list, seen] of Object.entries(await postIdsSeenBy(alice))) {
      expect(seen, list).toContain(bobPost.id);
    }
  });

  it("hides the blocked person's posts, comments, profile and conversation from the blocker, and back", async () => {
    expect(await json('POST', `/blocks/${bob.id}`, alice)).toEqual({ blocked: true });
    // Blocking again changes nothing.
    expect(await json('POST', `/blocks/${bob.id}`, alice)).toEqual({ blocked: true });

    for (const [list, seen] of Object.entries(await postIdsSeenBy(alice))) {
      expect(seen, `alice's ${list}`).not.toContain(bobPost.id);
      expect(seen, `alice's ${list}`).toContain(carolPost.id);
    }
    // Either way: Bob no longer sees Alice's posts either.
    for (const [list, seen] of Object.entries(await postIdsSeenBy(bob))) {
      expect(seen, `bob's ${list}`).not.toContain(alicePost.id);
    }
    // Carol, who blocked nobody, still sees both.
    const carolFeed = ids(await json<PostPage>('GET', '/posts?limit=50', carol));
    expect(carolFeed).toEqual(expect.arrayContaining([bobPost.id, alicePost.id]));
    // Visitors too.
    expect(ids(await json<PostPage>('GET', '/posts?limit=50', null))).toContain(bobPost.id);

    // The post itself, its reactions and its comments are not found.
    expect((await call('GET', `/posts/${bobPost.id}`, alice)).statusCode).toBe(404);
    expect((await call('GET', `/posts/${alicePost.id}`, bob)).statusCode).toBe(404);
    expect((await call('PUT', `/posts/${bobPost.id}/like`, alice)).statusCode).toBe(404);
    expect((await call('GET', `/posts/${bobPost.id}/comments`, alice)).statusCode).toBe(404);
    expect((await call('POST', `/posts/${bobPost.id}/comments`, alice, { body: 'hm' })).statusCode).toBe(404);

    // Comments of the blocked person on a third person's post disappear; replying to one is not possible.
    const comments = await json<CommentPage>('GET', `/posts/${carolPost.id}/comments`, alice);
    expect(comments.items.map((c) => c.body)).toEqual(['Alice was here']);
    const bobSees = await json<CommentPage>('GET', `/posts/${carolPost.id}/comments`, bob);
    expect(bobSees.items.map((c) => c.body)).toEqual(['Bob was here']);
    expect(
      (
        await call('POST', `/posts/${carolPost.id}/comments`, alice, {
          body: 'reply',
          parent_id: bobComment.id,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('PUT', `/comments/${bobComment.id}/like`, alice)).statusCode).toBe(404);

    // Profiles: the blocker sees a blocked state without posts; the blocked person does not find the blocker.
    const profile = await json<{ is_blocked: boolean; is_following: boolean }>(
      'GET',
      '/profiles/bob.mod',
      alice,
    );
    expect(profile).toMatchObject({ is_blocked: true, is_following: false });
    expect(ids(await json<PostPage>('GET', '/profiles/bob.mod/posts', alice))).toEqual([]);
    expect((await call('GET', '/profiles/alice.mod', bob)).statusCode).toBe(404);
    expect(ids(await json<PostPage>('GET', '/profiles/alice.mod/posts', bob))).toEqual([]);
    expect((await json<{ is_blocked: boolean }>('GET', '/profiles/bob.mod', carol)).is_blocked).toBe(false);

    // Follows ended both ways, and neither can follow again.
    const followers = await json<{ items: { id: string }[] }>('GET', '/profiles/bob.mod/followers', carol);
    expect(ids(followers)).not.toContain(alice.id);
    const following = await json<{ items: { id: string }[] }>('GET', '/profiles/alice.mod/following', carol);
    expect(ids(following)).not.toContain(bob.id);
    const follow = await call('PUT', `/follows/${alice.id}`, bob);
    expect(follow.statusCode).toBe(403);
    expect(follow.json().error.message).toBe('You cannot follow this person');
    expect((await call('PUT', '/profiles/bob.mod/follow', alice)).statusCode).toBe(403);
  });

  it("keeps the profile's counts away both ways, and its bio and measurements from the blocker", async () => {
    await aliceBlocksBob();
    await updateProfile(ctx.app, bob, {
      bio: 'Bob talks about coats',
      measurements_public: true,
      chest_circumference: 91,
      waist_circumference: 74,
      hip_circumference: 96,
    });
    // The counts answer like the profile itself: not found, whoever blocked whom.
    expect((await call('GET', '/profiles/alice.mod/stats', bob)).statusCode).toBe(404);
    expect((await call('GET', '/profiles/bob.mod/stats', alice)).statusCode).toBe(404);
    expect((await call('GET', '/profiles/bob.mod/stats', carol)).statusCode).toBe(200);
    expect((await call('GET', '/profiles/bob.mod/stats', null)).statusCode).toBe(200);
    // 'You no longer see each other's ... profile': the blocker gets who it is (to unblock), not the rest.
    const blocked = await json<Record<string, unknown>>('GET', '/profiles/bob.mod', alice);
    expect(blocked).toMatchObject({ id: bob.id, username: 'bob.mod', is_blocked: true, bio: null });
    for (const field of ['size', 'chest_circumference', 'waist_circumference', 'hip_circumference']) {
      expect(blocked, field).not.toHaveProperty(field);
    }
    const seenByCarol = await json<Record<string, unknown>>('GET', '/profiles/bob.mod', carol);
    expect(seenByCarol).toMatchObject({ bio: 'Bob talks about coats', chest_circumference: 91 });
  });

  it("does not count a blocked person's comments for the blocker", async () => {
    await aliceBlocksBob();
    type Counted = { id: string; comment_count: number };
    const countFor = async (viewer: TestUser | null) => ({
      detail: (await json<Counted>('GET', `/posts/${carolPost.id}`, viewer)).comment_count,
      feed: (await json<{ items: Counted[] }>('GET', '/posts?limit=50', viewer)).items.find(
        (post) => post.id === carolPost.id,
      )?.comment_count,
    });
    expect(await countFor(alice)).toEqual({ detail: 1, feed: 1 });
    expect(await countFor(bob)).toEqual({ detail: 1, feed: 1 });
    expect(await countFor(carol)).toEqual({ detail: 2, feed: 2 });
    expect(await countFor(null)).toEqual({ detail: 2, feed: 2 });
  });

  it("leaves a blocked person's albums out of explore's albums, both ways", async () => {
    await aliceBlocksBob();
    const bobAlbum = await json<{ id: string }>('POST', '/albums', bob, {
      name: 'Bob mod looks',
      post_id: bobPost.id,
    });
    const aliceAlbum = await json<{ id: string }>('POST', '/albums', alice, {
      name: 'Alice mod looks',
      post_id: alicePost.id,
    });
    const seenBy = async (viewer: TestUser | null) =>
      ids(await json<AlbumPage>('GET', '/albums?limit=50', viewer));
    expect(await seenBy(alice)).not.toContain(bobAlbum.id);
    expect(await seenBy(alice)).toContain(aliceAlbum.id);
    expect(await seenBy(bob)).not.toContain(aliceAlbum.id);
    expect(await seenBy(carol)).toEqual(expect.arrayContaining([bobAlbum.id, aliceAlbum.id]));
    expect(await seenBy(null)).toEqual(expect.arrayContaining([bobAlbum.id, aliceAlbum.id]));
  });

  it('stops messages both ways and hides the conversation', async () => {
    await aliceBlocksBob();
    for (const [from, to] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      const start = await call('POST', '/conversations', from, { profile_id: to.id });
      expect(start.statusCode).toBe(403);
      expect(start.json().error.message).toBe('You cannot message this person');
      const send = await call('POST', `/conversations/${conversation.id}/messages`, from, {
        body: 'still there?',
      });
      expect(send.statusCode).toBe(403);
      expect(send.json().error.message).toBe('You cannot message this person');
      expect(ids(await json<ConversationPage>('GET', '/conversations', from))).not.toContain(conversation.id);
      expect((await call('GET', `/conversations/${conversation.id}`, from)).statusCode).toBe(404);
      expect((await call('GET', `/conversations/${conversation.id}/messages`, from)).statusCode).toBe(404);
    }
    // Bob's unanswered message no longer counts as unread for Alice.
    expect(await json('GET', '/me/unread-count', alice)).toEqual({ unread_count: 0 });
  });

  it('lists the people one blocked, and only them', async () => {
    await aliceBlocksBob();
    const page = await json<BlockedProfilePage>('GET', '/blocks', alice);
    expect(page.items).toEqual([expect.objectContaining({ id: bob.id, username: 'bob.mod' })]);
    expect((await json<BlockedProfilePage>('GET', '/blocks', bob)).items).toEqual([]);
  });

  it('the blocked person cannot lift the block; unblocking restores everything but the follows', async () => {
    await aliceBlocksBob();
    // Bob "unblocking" Alice removes nothing: the block is Alice's.
    expect(await json('DELETE', `/blocks/${alice.id}`, bob)).toEqual({ blocked: false });
    expect(ids(await json<PostPage>('GET', '/posts?limit=50', bob))).not.toContain(alicePost.id);

    expect(await json('DELETE', `/blocks/${bob.id}`, alice)).toEqual({ blocked: false });
    expect(await json('DELETE', `/blocks/${bob.id}`, alice)).toEqual({ blocked: false });
    for (const [list, seen] of Object.entries(await postIdsSeenBy(alice))) {
      expect(seen, `alice's ${list}`).toContain(bobPost.id);
    }
    expect((await call('GET', `/posts/${alicePost.id}`, bob)).statusCode).toBe(200);
    expect((await json<{ is_blocked: boolean }>('GET', '/profiles/bob.mod', alice)).is_blocked).toBe(false);
    expect((await json<CommentPage>('GET', `/posts/${carolPost.id}/comments`, alice)).items).toHaveLength(2);
    expect(ids(await json<ConversationPage>('GET', '/conversations', alice))).toContain(conversation.id);
    expect(
      (await call('POST', `/conversations/${conversation.id}/messages`, bob, { body: 'Back' })).statusCode,
    ).toBe(201);
    expect((await json<BlockedProfilePage>('GET', '/blocks', alice)).items).toEqual([]);
    expect((await call('PUT', `/follows/${bob.id}`, alice)).statusCode).toBe(200);
  });
});

describe('the administrators', () => {
  let post: Post;
  let comment: Comment;

  /** A post of Bob's with a comment of his, both reported by Carol: the reports newest first are these. */
  async function reported(caption: string, text: string): Promise<{ post: Post; comment: Comment }> {
    const post = await publishPost(ctx.app, bob, { caption }, 2);
    const comment = await addComment(bob, post.id, text);
    await json('POST', '/reports', carol, { target_type: 'post', target_id: post.id, reason: 'violence' });
    await json('POST', '/reports', carol, { target_type: 'comment', target_id: comment.id, reason: 'hate' });
    return { post, comment };
  }

  beforeAll(async () => {
    // A report of Bob himself, older than the two below (the reports tests may add another).
    await json('POST', '/reports', carol, { target_type: 'user', target_id: bob.id, reason: 'spam' });
    ({ post, comment } = await reported('To be reviewed', 'Rude words'));
  });

  it('are the only ones who may review', async () => {
    for (const [method, url] of [
      ['GET', '/admin/reports'],
      ['PATCH', '/admin/reports/00000000-0000-4000-8000-000000000abc'],
      ['DELETE', `/admin/posts/${post.id}`],
      ['DELETE', `/admin/comments/${comment.id}`],
    ] as const) {
      const payload = method === 'PATCH' ? { status: 'dismissed' } : undefined;
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url}`).toBe(401);
      const forbidden = await call(method, url, alice, payload);
      expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
      expect(forbidden.json().error.message).toBe('Only administrators can do this');
    }
    // Nothing changed.
    expect((await call('GET', `/posts/${post.id}`, carol)).statusCode).toBe(200);
  });

  it('list open reports newest first with the reporter and the target', async () => {
    const page = await json<AdminReportPage>('GET', '/admin/reports?limit=50', admin);
    const [newest, second] = page.items;
    expect(newest).toMatchObject({
      target_type: 'comment',
      target_id: comment.id,
      reason: 'hate',
      status: 'open',
      reporter: { id: carol.id, username: 'carol.mod' },
      target: { text: 'Rude words', post_id: post.id, author: { id: bob.id, username: 'bob.mod' } },
    });
    expect(newest?.target?.media_url).toBe(post.media_url);
    expect(second).toMatchObject({
      target_type: 'post',
      target_id: post.id,
      target: { text: 'To be reviewed', media_url: post.media_url, post_id: post.id },
    });
    expect(page.items.every((report) => report.status === 'open')).toBe(true);
    expect(
      page.items.some((report) => report.target_type === 'user' && report.target?.author.id === bob.id),
    ).toBe(true);
    // Paging goes through every report once.
    const first = await json<AdminReportPage>('GET', '/admin/reports?limit=2', admin);
    const rest = await json<AdminReportPage>(
      'GET',
      `/admin/reports?limit=50&cursor=${first.next_cursor}`,
      admin,
    );
    expect([...ids(first), ...ids(rest)]).toEqual(ids(page));
    expect((await call('GET', '/admin/reports?status=closed', admin)).statusCode).toBe(400);
  });

  it('resolve and dismiss reports', async () => {
    // A report of its own to dismiss: the other tests read theirs as open.
    const nobody = await createUser(ctx.app);
    const userReport = await json<Report>('POST', '/reports', carol, {
      target_type: 'user',
      target_id: nobody.id,
      reason: 'impersonation',
    });
    const open = await json<AdminReportPage>('GET', '/admin/reports?limit=50', admin);
    expect(ids(open)).toContain(userReport.id);
    const dismissed = await json<Report>('PATCH', `/admin/reports/${userReport.id}`, admin, {
      status: 'dismissed',
    });
    expect(dismissed.status).toBe('dismissed');
    const after = await json<AdminReportPage>('GET', '/admin/reports?limit=50', admin);
    expect(ids(after)).not.toContain(userReport.id);
    const closed = await json<AdminReportPage>('GET', '/admin/reports?status=dismissed', admin);
    expect(closed.items).toEqual([expect.objectContaining({ id: userReport.id, status: 'dismissed' })]);
    expect(closed.items[0]?.resolved_at).toBeTruthy();
    expect(
      (
        await call('PATCH', '/admin/reports/00000000-0000-4000-8000-000000000abc', admin, {
          status: 'resolved',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/admin/reports/${userReport.id}`, admin, { status: 'gone' })).statusCode,
    ).toBe(400);
  });

  it('remove a comment, then a post with its stored files, for everyone, closing their reports', async () => {
    // A post and comment of its own: the tests above read theirs.
    const { post, comment } = await reported('To be removed', 'Ruder words');
    const removedComment = await json('DELETE', `/admin/comments/${comment.id}`, admin);
    expect(removedComment).toEqual({ removed: true, reports_resolved: 1 });
    expect((await json<CommentPage>('GET', `/posts/${post.id}/comments`, carol)).items).toEqual([]);

    const files = post.media.flatMap((m) => [m.media_url, ...m.variants.map((v) => v.url)]);
    for (const url of files) expect((await ctx.app.inject({ url })).statusCode, url).toBe(200);
    const removed = await json('DELETE', `/admin/posts/${post.id}`, admin);
    expect(removed).toEqual({ removed: true, reports_resolved: 1 });
    for (const viewer of [null, carol, bob]) {
      expect((await call('GET', `/posts/${post.id}`, viewer)).statusCode).toBe(404);
      expect(ids(await json<PostPage>('GET', '/posts?limit=50', viewer))).not.toContain(post.id);
    }
    for (const url of files) expect((await ctx.app.inject({ url })).statusCode, url).toBe(404);

    const resolved = await json<AdminReportPage>('GET', '/admin/reports?status=resolved', admin);
    const closedPost = resolved.items.find((report) => report.target_id === post.id);
    expect(closedPost).toMatchObject({ status: 'resolved', target: null });
    expect((await call('DELETE', `/admin/posts/${post.id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/admin/comments/${comment.id}`, admin)).statusCode).toBe(404);
  });
});
