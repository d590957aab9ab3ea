import type { Conversation, ConversationPage, LiveEvent, Message, MessagePage } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { type EventStreamReader, openEventStream } from '../../test/sse.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';

/* A sender deletes their own message (issue 19): gone for both, live; its activity item withdrawn. */

let ctx: TestApp;
let baseUrl: string;
const streams: EventStreamReader[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await ctx.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: TestUser, payload?: object) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user.headers,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function pair(): Promise<{ sender: TestUser; recipient: TestUser; conversationId: string }> {
  const [sender, recipient] = [await createUser(ctx.app), await createUser(ctx.app)];
  expect((await call('PUT', `/follows/${recipient.id}`, sender)).statusCode).toBe(200);
  const created = await call('POST', '/conversations', sender, { profile_id: recipient.id });
  expect(created.statusCode).toBe(201);
  return { sender, recipient, conversationId: (created.json() as Conversation).id };
}

async function send(user: TestUser, conversationId: string, body: string): Promise<Message> {
  const response = await call('POST', `/conversations/${conversationId}/messages`, user, { body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Message;
}

const thread = async (user: TestUser, conversationId: string) =>
  ((await call('GET', `/conversations/${conversationId}/messages`, user)).json() as MessagePage).items.map(
    (message) => message.body,
  );
const activityUnread = async (user: TestUser) =>
  ((await call('GET', '/activity/unread-count', user)).json() as { unread_count: number }).unread_count;
const messagesUnread = async (user: TestUser) =>
  ((await call('GET', '/me/unread-count', user)).json() as { unread_count: number }).unread_count;

describe('deleting a message', () => {
  it('goes for both people, live, with its activity item and the unread counts', async () => {
    const { sender, recipient, conversationId } = await pair();
    const recipientTab = await openEventStream(baseUrl, '', recipient.headers);
    const senderTab = await openEventStream(baseUrl, '', sender.headers);
    streams.push(recipientTab, senderTab);
    await recipientTab.waitFor((event) => event.type === 'activity.unread');
    const activityBefore = await activityUnread(recipient);

    await send(sender, conversationId, 'Keep this');
    const oops = await send(sender, conversationId, 'Oops, wrong person');
    expect(await activityUnread(recipient)).toBe(activityBefore + 1);
    expect(await messagesUnread(recipient)).toBe(2);

    const deleted = await call('DELETE', `/messages/${oops.id}`, sender);
    expect(deleted.statusCode, deleted.body).toBe(204);

    const gone = (event: LiveEvent) =>
      event.type === 'message.deleted' &&
      event.message_id === oops.id &&
      event.conversation_id === conversationId;
    await recipientTab.waitFor(gone);
    await senderTab.waitFor(gone);
    await recipientTab.waitFor((event) => event.type === 'unread.changed' && event.unread_count === 1);
    expect(await thread(recipient, conversationId)).toEqual(['Keep this']);
    expect(await thread(sender, conversationId)).toEqual(['Keep this']);
    expect(await messagesUnread(recipient)).toBe(1);
    // The message item still stands for the message kept (grouped per conversation); delete that one too.
    const [kept] = (
      (await call('GET', `/conversations/${conversationId}/messages`, sender)).json() as MessagePage
    ).items;
    expect((await call('DELETE', `/messages/${kept!.id}`, sender)).statusCode).toBe(204);
    await recipientTab.waitFor(
      (event) => event.type === 'activity.unread' && event.unread_count === activityBefore,
    );
    expect(await activityUnread(recipient)).toBe(activityBefore);
    expect(await messagesUnread(recipient)).toBe(0);
    const inbox = (await call('GET', '/conversations', recipient)).json() as ConversationPage;
    expect(inbox.items.find((c) => c.id === conversationId)).toMatchObject({
      last_message: null,
      unread_count: 0,
      last_message_at: null,
    });

    // Twice is harmless: 204 again, nothing more sent (once the last deletion's events have all arrived).
    await recipientTab.waitFor((event) => event.type === 'message.deleted' && event.message_id === kept!.id);
    await recipientTab.waitFor((event) => event.type === 'unread.changed' && event.unread_count === 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const eventsBefore = recipientTab.events().length;
    expect((await call('DELETE', `/messages/${oops.id}`, sender)).statusCode).toBe(204);
    expect(await thread(recipient, conversationId)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(recipientTab.events().length).toBe(eventsBefore);
  });

  it('nobody else may delete it: the other person 403, a stranger 404', async () => {
    const { sender, recipient, conversationId } = await pair();
    const stranger = await createUser(ctx.app);
    const message = await send(sender, conversationId, 'Mine alone');
    const byRecipient = await call('DELETE', `/messages/${message.id}`, recipient);
    expect(byRecipient.statusCode).toBe(403);
    expect(byRecipient.json().error.message).toBe('You can only delete your own messages');
    const byStranger = await call('DELETE', `/messages/${message.id}`, stranger);
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.body).not.toContain('Mine alone');
    expect(await thread(recipient, conversationId)).toEqual(['Mine alone']);
    expect(await thread(sender, conversationId)).toEqual(['Mine alone']);
  });

  it('two deletes at once are one deletion; a bad id is 404; signed out is 401', async () => {
    const { sender, recipient, conversationId } = await pair();
    const message = await send(sender, conversationId, 'Double tap');
    const answers = await Promise.all([
      call('DELETE', `/messages/${message.id}`, sender),
      call('DELETE', `/messages/${message.id}`, sender),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204]);
    expect(await thread(recipient, conversationId)).toEqual([]);
    expect((await call('DELETE', '/messages/not-a-uuid', sender)).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'DELETE', url: `/api/v1/messages/${message.id}` });
    expect(anonymous.statusCode).toBe(401);
  });
});
