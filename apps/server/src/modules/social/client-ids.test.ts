import { randomUUID } from 'node:crypto';
import type { Comment, CommentPage, Conversation, Message, MessagePage } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { seedPost } from '../../test/discovery.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

/*
 * Idempotent creation (issue 19): a comment or a message sent with the device's `client_id` is made once,
 * whatever repeats it (the outbox after a lost answer, two tabs at once); another author's same id is theirs.
 */

let ctx: TestApp;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  [alice, bob, carol] = [await createUser(ctx.app), await createUser(ctx.app), await createUser(ctx.app)];
});
afterAll(() => ctx.close());

function post(url: string, user: TestUser, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: user.headers, payload });
}
function get(url: string, user: TestUser) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: user.headers });
}
async function activityCount(user: TestUser): Promise<number> {
  const response = await get('/activity/unread-count', user);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { unread_count: number }).unread_count;
}

describe('comments with a client_id', () => {
  it('a repeat answers the first comment (200) and adds nothing', async () => {
    const postId = await seedPost(ctx.app, alice, { caption: 'Idempotent' });
    const clientId = randomUUID();
    const first = await post(`/posts/${postId}/comments`, bob, { body: 'Love it', client_id: clientId });
    expect(first.statusCode, first.body).toBe(201);
    const before = await activityCount(alice);
    // Even with another text: the id names the comment, not its words.
    const again = await post(`/posts/${postId}/comments`, bob, { body: 'Love it!!', client_id: clientId });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as Comment).id).toBe((first.json() as Comment).id);
    expect((again.json() as Comment).body).toBe('Love it');
    const page = (await get(`/posts/${postId}/comments`, bob)).json() as CommentPage;
    expect(page.items).toHaveLength(1);
    expect(await activityCount(alice)).toBe(before);
  });

  it('two requests at once with one id make one comment', async () => {
    const postId = await seedPost(ctx.app, alice);
    const clientId = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(`/posts/${postId}/comments`, bob, { body: 'Same', client_id: clientId }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((answer) => (answer.json() as Comment).id));
    expect(ids.size).toBe(1);
    const page = (await get(`/posts/${postId}/comments`, alice)).json() as CommentPage;
    expect(page.items).toHaveLength(1);
  });

  it("another author's same id is their own comment, and never shows the first", async () => {
    const postId = await seedPost(ctx.app, alice);
    const clientId = randomUUID();
    const bobs = await post(`/posts/${postId}/comments`, bob, { body: 'Bob here', client_id: clientId });
    const carols = await post(`/posts/${postId}/comments`, carol, {
      body: 'Carol here',
      client_id: clientId,
    });
    expect(bobs.statusCode).toBe(201);
    expect(carols.statusCode).toBe(201);
    expect((carols.json() as Comment).id).not.toBe((bobs.json() as Comment).id);
    expect((carols.json() as Comment).body).toBe('Carol here');
    expect((carols.json() as Comment).author.id).toBe(carol.id);
  });

  it('the same id on another post is refused (409), and no id means no deduplication', async () => {
    const [first, second] = [await seedPost(ctx.app, alice), await seedPost(ctx.app, alice)];
    const clientId = randomUUID();
    expect(
      (await post(`/posts/${first}/comments`, bob, { body: 'One', client_id: clientId })).statusCode,
    ).toBe(201);
    const elsewhere = await post(`/posts/${second}/comments`, bob, { body: 'One', client_id: clientId });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().error.code).toBe('client_id_reused');
    expect(((await get(`/posts/${second}/comments`, bob)).json() as CommentPage).items).toHaveLength(0);
    for (let i = 0; i < 2; i += 1) {
      expect((await post(`/posts/${second}/comments`, bob, { body: 'Twice' })).statusCode).toBe(201);
    }
    expect(((await get(`/posts/${second}/comments`, bob)).json() as CommentPage).items).toHaveLength(2);
  });

  it('an id that is not a UUID is a 400 naming client_id', async () => {
    const postId = await seedPost(ctx.app, alice);
    for (const bad of ['abc', '', 42, '00000000-0000-0000-0000-00000000000g', null]) {
      const response = await post(`/posts/${postId}/comments`, bob, { body: 'x', client_id: bad });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(JSON.stringify(response.json().error)).toContain('client_id');
    }
    expect(((await get(`/posts/${postId}/comments`, bob)).json() as CommentPage).items).toHaveLength(0);
  });
});

describe('messages with a client_id', () => {
  async function conversation(from: TestUser, to: TestUser): Promise<string> {
    await ctx.app.inject({ method: 'PUT', url: `/api/v1/follows/${to.id}`, headers: from.headers });
    const created = await post('/conversations', from, { profile_id: to.id });
    expect([200, 201]).toContain(created.statusCode);
    return (created.json() as Conversation).id;
  }

  it('a repeat answers the first message (200); the recipient counts one unread', async () => {
    const [sender, recipient] = [await createUser(ctx.app), await createUser(ctx.app)];
    const conversationId = await conversation(sender, recipient);
    const clientId = randomUUID();
    const url = `/conversations/${conversationId}/messages`;
    // The follow already told them something.
    const before = await activityCount(recipient);
    const first = await post(url, sender, { body: 'Hi', client_id: clientId });
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(url, sender, { body: 'Hi', client_id: clientId });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as Message).id).toBe((first.json() as Message).id);
    expect(((await get(url, recipient)).json() as MessagePage).items).toHaveLength(1);
    expect((await get('/me/unread-count', recipient)).json()).toEqual({ unread_count: 1 });
    expect(await activityCount(recipient)).toBe(before + 1);
  });

  it('two requests at once with one id send one message', async () => {
    const [sender, recipient] = [await createUser(ctx.app), await createUser(ctx.app)];
    const conversationId = await conversation(sender, recipient);
    const clientId = randomUUID();
    const url = `/conversations/${conversationId}/messages`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(url, sender, { body: 'Once', client_id: clientId })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => (answer.json() as Message).id)).size).toBe(1);
    expect(((await get(url, recipient)).json() as MessagePage).items).toHaveLength(1);
    expect((await get('/me/unread-count', recipient)).json()).toEqual({ unread_count: 1 });
  });

  it("the other person's same id is their own message; another conversation's is a 409", async () => {
    const [one, two, three] = [
      await createUser(ctx.app),
      await createUser(ctx.app),
      await createUser(ctx.app),
    ];
    const conversationId = await conversation(one, two);
    const clientId = randomUUID();
    const url = `/conversations/${conversationId}/messages`;
    expect((await post(url, one, { body: 'From one', client_id: clientId })).statusCode).toBe(201);
    const reply = await post(url, two, { body: 'From two', client_id: clientId });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ sender_id: two.id, body: 'From two' });
    expect(((await get(url, one)).json() as MessagePage).items).toHaveLength(2);

    const other = await conversation(one, three);
    const reused = await post(`/conversations/${other}/messages`, one, {
      body: 'From one',
      client_id: clientId,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('client_id_reused');
    expect(((await get(`/conversations/${other}/messages`, three)).json() as MessagePage).items).toHaveLength(
      0,
    );
    // Someone outside the conversation learns nothing from guessing an id: 404 as for any stranger.
    const stranger = await post(url, three, { body: 'x', client_id: clientId });
    expect(stranger.statusCode).toBe(404);
  });

  it('an id that is not a UUID is a 400 naming client_id', async () => {
    const [sender, recipient] = [await createUser(ctx.app), await createUser(ctx.app)];
    const conversationId = await conversation(sender, recipient);
    const response = await post(`/conversations/${conversationId}/messages`, sender, {
      body: 'x',
      client_id: 'not-a-uuid',
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error)).toContain('client_id');
    expect(JSON.stringify(response.json().error)).toContain('must be a UUID');
  });
});

/*
 * A comment or message deleted after it was made: the same client_id sent again (the outbox retrying after
 * a lost answer) must not make it anew. The answer is 410 client_id_deleted, which the web outbox takes as
 * done (apps/web/src/app/outbox-sender.test.ts).
 */
describe('a client_id whose comment or message was deleted', () => {
  async function conversation(from: TestUser, to: TestUser): Promise<string> {
    await ctx.app.inject({ method: 'PUT', url: `/api/v1/follows/${to.id}`, headers: from.headers });
    const created = await post('/conversations', from, { profile_id: to.id });
    return (created.json() as Conversation).id;
  }
  const remove = (url: string, user: TestUser) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/v1${url}`, headers: user.headers });

  it('a deleted comment is not made again: 410 client_id_deleted, and nothing new', async () => {
    const postId = await seedPost(ctx.app, alice);
    const clientId = randomUUID();
    const first = await post(`/posts/${postId}/comments`, bob, { body: 'Gone soon', client_id: clientId });
    expect(first.statusCode).toBe(201);
    expect((await remove(`/comments/${(first.json() as Comment).id}`, bob)).statusCode).toBe(204);
    for (let i = 0; i < 2; i += 1) {
      const again = await post(`/posts/${postId}/comments`, bob, { body: 'Gone soon', client_id: clientId });
      expect(again.statusCode, again.body).toBe(410);
      expect(again.json().error.code).toBe('client_id_deleted');
    }
    expect(((await get(`/posts/${postId}/comments`, bob)).json() as CommentPage).items).toHaveLength(0);
    // Bob's other ids, and Carol's same id, are untouched.
    expect(
      (await post(`/posts/${postId}/comments`, bob, { body: 'New', client_id: randomUUID() })).statusCode,
    ).toBe(201);
    expect(
      (await post(`/posts/${postId}/comments`, carol, { body: 'Mine', client_id: clientId })).statusCode,
    ).toBe(201);
  });

  it('a comment that went with its post answers 410 too, not 404', async () => {
    const postId = await seedPost(ctx.app, alice);
    const clientId = randomUUID();
    expect(
      (await post(`/posts/${postId}/comments`, bob, { body: 'On it', client_id: clientId })).statusCode,
    ).toBe(201);
    expect((await remove(`/posts/${postId}`, alice)).statusCode).toBe(204);
    const again = await post(`/posts/${postId}/comments`, bob, { body: 'On it', client_id: clientId });
    expect(again.statusCode, again.body).toBe(410);
    expect(again.json().error.code).toBe('client_id_deleted');
  });

  it('a deleted message is not sent again: 410 client_id_deleted, and the recipient sees nothing new', async () => {
    const [sender, recipient] = [await createUser(ctx.app), await createUser(ctx.app)];
    const conversationId = await conversation(sender, recipient);
    const url = `/conversations/${conversationId}/messages`;
    const clientId = randomUUID();
    const first = await post(url, sender, { body: 'Oops', client_id: clientId });
    expect(first.statusCode).toBe(201);
    expect((await remove(`/messages/${(first.json() as Message).id}`, sender)).statusCode).toBe(204);
    const before = await activityCount(recipient);
    const again = await post(url, sender, { body: 'Oops', client_id: clientId });
    expect(again.statusCode, again.body).toBe(410);
    expect(again.json().error.code).toBe('client_id_deleted');
    expect(((await get(url, recipient)).json() as MessagePage).items).toHaveLength(0);
    expect(await activityCount(recipient)).toBe(before);
    // The recipient's own use of the same id is theirs.
    expect((await post(url, recipient, { body: 'Hello', client_id: clientId })).statusCode).toBe(201);
  });
});

describe('the message rate limit and repeats', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      authRateLimits: TEST_RATE_LIMITS,
      apiRateLimits: { messages: { limit: 2, windowSeconds: 600 } },
    });
  });
  afterAll(() => limited?.close());

  it('a repeat with a known client_id costs nothing; fresh ids still count, and strangers are refused', async () => {
    const [sender, recipient] = [await createUser(limited.app), await createUser(limited.app)];
    const send = (user: TestUser | null, payload: Record<string, unknown>) =>
      limited.app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${conversationId}/messages`,
        headers: user ? user.headers : {},
        payload,
      });
    await limited.app.inject({
      method: 'PUT',
      url: `/api/v1/follows/${recipient.id}`,
      headers: sender.headers,
    });
    const created = await limited.app.inject({
      method: 'POST',
      url: '/api/v1/conversations',
      headers: sender.headers,
      payload: { profile_id: recipient.id },
    });
    const conversationId = (created.json() as Conversation).id;

    const known = randomUUID();
    expect((await send(sender, { body: 'one', client_id: known })).statusCode).toBe(201);
    for (let i = 0; i < 5; i += 1) {
      const repeat = await send(sender, { body: 'one', client_id: known });
      expect(repeat.statusCode, repeat.body).toBe(200);
    }
    // The limit is 2: the repeats took none of it.
    expect((await send(sender, { body: 'two', client_id: randomUUID() })).statusCode).toBe(201);
    const third = await send(sender, { body: 'three', client_id: randomUUID() });
    expect(third.statusCode, third.body).toBe(429);
    expect((await send(sender, { body: 'four' })).statusCode).toBe(429);
    // Past the limit, a repeat is still answered; without a token nothing is.
    expect((await send(sender, { body: 'one', client_id: known })).statusCode).toBe(200);
    expect((await send(null, { body: 'one', client_id: known })).statusCode).toBe(401);
    const page = await limited.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${conversationId}/messages`,
      headers: recipient.headers,
    });
    expect((page.json() as MessagePage).items.map((message) => message.body).sort()).toEqual(['one', 'two']);
  });
});
