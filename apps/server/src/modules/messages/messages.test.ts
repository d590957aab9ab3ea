import type { Conversation, ConversationPage, Message, MessagePage } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

let ctx: TestApp;
let alice: TestUser;
let bob: TestUser;
let eve: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  alice = await createUser(ctx.app);
  bob = await createUser(ctx.app);
  eve = await createUser(ctx.app);
  await ctx.app.inject({
    method: 'PATCH',
    url: '/api/v1/profiles/me',
    headers: bob.headers,
    payload: { username: 'bob.builder', display_name: 'Bob Builder' },
  });
});
afterAll(() => ctx.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, user: TestUser | null, payload?: object) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? user.headers : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function send(user: TestUser, conversationId: string, body: string): Promise<Message> {
  const response = await call('POST', `/conversations/${conversationId}/messages`, user, { body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Message;
}

/** Two new people: Alice follows Bob, and they have a conversation, of one test alone. */
async function newPair(): Promise<{ alice: TestUser; bob: TestUser; conversationId: string }> {
  const [alice, bob] = [await createUser(ctx.app), await createUser(ctx.app)];
  expect((await call('PUT', `/follows/${bob.id}`, alice)).statusCode).toBe(200);
  const created = await call('POST', '/conversations', alice, { profile_id: bob.id });
  expect(created.statusCode).toBe(201);
  return { alice, bob, conversationId: (created.json() as Conversation).id };
}

describe('starting a conversation', () => {
  it('needs a follow, refuses oneself, and is one per pair', async () => {
    // People of its own: the conversation below must not exist yet.
    const [alice, bob] = [await createUser(ctx.app), await createUser(ctx.app)];
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/profiles/me',
      headers: bob.headers,
      payload: { username: 'bob.starter' },
    });
    const notFollowing = await call('POST', '/conversations', alice, { profile_id: bob.id });
    expect(notFollowing.statusCode).toBe(403);
    expect(notFollowing.json().error.message).toBe(
      'You can only start a conversation with someone you follow',
    );
    const self = await call('POST', '/conversations', alice, { profile_id: alice.id });
    expect(self.statusCode).toBe(422);
    expect(
      (await call('POST', '/conversations', alice, { profile_id: '00000000-0000-4000-8000-0000000000aa' }))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', '/conversations', null, { profile_id: bob.id })).statusCode).toBe(401);

    await call('PUT', `/follows/${bob.id}`, alice);
    const created = await call('POST', '/conversations', alice, { profile_id: bob.id });
    expect(created.statusCode).toBe(201);
    const conversation = created.json() as Conversation;
    expect(conversation).toMatchObject({
      participant: { id: bob.id, username: 'bob.starter' },
      last_message: null,
      unread_count: 0,
    });
    // Asking again, from either side (Bob does not follow Alice), gives the same conversation.
    const again = await call('POST', '/conversations', alice, { profile_id: bob.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(conversation.id);
    const fromBob = await call('POST', '/conversations', bob, { profile_id: alice.id });
    expect(fromBob.statusCode).toBe(200);
    expect(fromBob.json()).toMatchObject({ id: conversation.id, participant: { id: alice.id } });
  });
});

describe('messages', () => {
  let conversationId: string;

  beforeAll(async () => {
    await call('PUT', `/follows/${bob.id}`, alice);
    conversationId = (
      (await call('POST', '/conversations', alice, { profile_id: bob.id })).json() as Conversation
    ).id;
  });

  it('are sent and read by the two participants, newest first', async () => {
    // A conversation of its own, so that these three are all its messages.
    const { alice, bob, conversationId } = await newPair();
    const first = await send(alice, conversationId, '  Hi Bob! Love your jacket  ');
    expect(first).toMatchObject({
      body: 'Hi Bob! Love your jacket',
      sender_id: alice.id,
      conversation_id: conversationId,
    });
    await send(bob, conversationId, 'Thanks! It is vintage');
    await send(alice, conversationId, 'Where from?');

    const page = (
      await call('GET', `/conversations/${conversationId}/messages?limit=2`, bob)
    ).json() as MessagePage;
    expect(page.items.map((m) => m.body)).toEqual(['Where from?', 'Thanks! It is vintage']);
    const older = (
      await call('GET', `/conversations/${conversationId}/messages?limit=2&cursor=${page.next_cursor}`, bob)
    ).json() as MessagePage;
    expect(older.items.map((m) => m.body)).toEqual(['Hi Bob! Love your jacket']);
    expect(older.next_cursor).toBeNull();
  });

  it('refuse blank and overlong bodies', async () => {
    for (const [body, message] of [
      ['   ', 'Message cannot be empty'],
      ['\u0001\u0002', 'Message cannot be empty'],
      ['x'.repeat(2001), 'Message must be at most 2,000 characters'],
    ]) {
      const response = await call('POST', `/conversations/${conversationId}/messages`, alice, { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await send(alice, conversationId, 'x'.repeat(2000))).body).toHaveLength(2000);
  });

  it('cannot be read or written by a third user', async () => {
    // Someone in no conversation at all (Eve gets one in another test).
    const eve = await createUser(ctx.app);
    for (const response of [
      await call('GET', `/conversations/${conversationId}`, eve),
      await call('GET', `/conversations/${conversationId}/messages`, eve),
      await call('POST', `/conversations/${conversationId}/messages`, eve, { body: 'let me in' }),
      await call('POST', `/conversations/${conversationId}/read`, eve),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Conversation not found');
    }
    expect(((await call('GET', '/conversations', eve)).json() as ConversationPage).items).toEqual([]);
    const [row] = await ctx.app.database.query<{ n: number }>(
      'select count(*)::int as n from messages where body = $1',
      ['let me in'],
    );
    expect(row?.n).toBe(0);
  });

  it('count unread messages until the conversation is read', async () => {
    const { alice, bob, conversationId } = await newPair();
    await send(alice, conversationId, 'Hi Bob!');
    await send(bob, conversationId, 'Hi Alice');
    await send(alice, conversationId, 'Where from?');
    await send(alice, conversationId, 'And the shoes?');
    // Replying marked what came before as read; Alice's two later messages are unread, Bob's own never count.
    const bobUnread = (await call('GET', '/me/unread-count', bob)).json();
    expect(bobUnread).toEqual({ unread_count: 2 });
    expect((await call('GET', '/me/unread-count', alice)).json()).toEqual({ unread_count: 0 });

    const list = (await call('GET', '/conversations', bob)).json() as ConversationPage;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      id: conversationId,
      participant: { id: alice.id },
      unread_count: 2,
      last_message: { sender_id: alice.id, body: 'And the shoes?' },
    });

    expect((await call('POST', `/conversations/${conversationId}/read`, bob)).json()).toEqual({
      unread_count: 0,
    });
    expect((await call('GET', '/me/unread-count', bob)).json()).toEqual({ unread_count: 0 });
    expect(
      ((await call('GET', '/conversations', bob)).json() as ConversationPage).items[0]!.unread_count,
    ).toBe(0);
  });

  it('list conversations by latest activity and search names and message text', async () => {
    await call('PUT', `/follows/${eve.id}`, alice);
    const withEve = (
      await call('POST', '/conversations', alice, { profile_id: eve.id })
    ).json() as Conversation;
    await send(eve, withEve.id, 'Sale on linen tomorrow');
    const list = (await call('GET', '/conversations', alice)).json() as ConversationPage;
    expect(list.items.map((c) => c.id)).toEqual([withEve.id, conversationId]);
    expect(list.items[0]).toMatchObject({
      unread_count: 1,
      last_message: { body: 'Sale on linen tomorrow' },
    });

    const page = (await call('GET', '/conversations?limit=1', alice)).json() as ConversationPage;
    const next = (
      await call('GET', `/conversations?limit=1&cursor=${page.next_cursor}`, alice)
    ).json() as ConversationPage;
    expect([...page.items, ...next.items].map((c) => c.id)).toEqual([withEve.id, conversationId]);

    const byName = (await call('GET', '/conversations?q=builder', alice)).json() as ConversationPage;
    expect(byName.items.map((c) => c.id)).toEqual([conversationId]);
    const byText = (await call('GET', '/conversations?q=LINEN', alice)).json() as ConversationPage;
    expect(byText.items.map((c) => c.id)).toEqual([withEve.id]);
    expect((await call('GET', '/conversations', null)).statusCode).toBe(401);
  });
});
