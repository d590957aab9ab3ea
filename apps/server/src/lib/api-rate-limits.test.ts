import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type Conversation, EVENTS_MESSAGES, MESSAGE_MESSAGES, type MessagePage } from '@sys/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfigFromEnv } from '../config.ts';
import { createTestApp, type TestApp } from '../test/context.ts';
import { type EventStreamReader, openEventStream } from '../test/sse.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../test/users.ts';

/*
 * The data API's rate limits (API_RATE_LIMITS): messages sent per user and event streams opened per
 * user (per IP for visitors). Two instances share one database, as behind a load balancer: the count
 * must hold across both, so a client cannot dodge the limit by landing on another instance.
 */
const API_LIMITS = {
  messages: { limit: 3, windowSeconds: 60 },
  events: { limit: 2, windowSeconds: 3 },
};

/** One signing key for both instances, as AUTH_JWT_PRIVATE_KEY gives a real deployment. */
const authJwtPrivateKey = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  .privateKey.export({ format: 'pem', type: 'pkcs8' })
  .toString();

let ctx: TestApp;
let second: FastifyInstance;
const urls: string[] = [];
const streams: EventStreamReader[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  ctx = await createTestApp({
    authRateLimits: TEST_RATE_LIMITS,
    apiRateLimits: API_LIMITS,
    authJwtPrivateKey,
  });
  second = await buildApp(
    {
      dataDir: null,
      webDist: null,
      seedDemo: false,
      logLevel: 'silent',
      authRateLimits: TEST_RATE_LIMITS,
      apiRateLimits: API_LIMITS,
      authJwtPrivateKey,
    },
    { logger: false, database: ctx.app.database },
  );
  urls.push(await listen(ctx.app), await listen(second));
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await second?.close();
  await ctx?.close();
});

async function openConversation(from: TestUser, to: TestUser): Promise<string> {
  await ctx.app.inject({ method: 'PUT', url: `/api/v1/follows/${to.id}`, headers: from.headers });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/conversations',
    headers: from.headers,
    payload: { profile_id: to.id },
  });
  return (response.json() as Conversation).id;
}

describe('sending messages', () => {
  it('is limited per sender across instances: 429 with a clear message, and nothing is stored', async () => {
    const alice = await createUser(ctx.app);
    const bob = await createUser(ctx.app);
    const conversationId = await openConversation(alice, bob);
    const send = (app: FastifyInstance, user: TestUser, body: string) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/conversations/${conversationId}/messages`,
        headers: user.headers,
        payload: { body },
      });

    expect((await send(ctx.app, alice, 'one')).statusCode).toBe(201);
    expect((await send(second, alice, 'two')).statusCode).toBe(201);
    expect((await send(ctx.app, alice, 'three')).statusCode).toBe(201);
    for (const app of [second, ctx.app]) {
      const over = await send(app, alice, 'four');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({
        error: {
          code: 'rate_limited',
          message: MESSAGE_MESSAGES.tooManyMessages,
          details: { retryAfterSeconds: expect.any(Number) },
        },
      });
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }

    // The other participant has their own allowance.
    expect((await send(second, bob, 'hi alice')).statusCode).toBe(201);

    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${conversationId}/messages`,
      headers: bob.headers,
    });
    expect((page.json() as MessagePage).items.map((m) => m.body)).toEqual([
      'hi alice',
      'three',
      'two',
      'one',
    ]);
  });

  it('are not sent by a burst of parallel requests beyond the limit', async () => {
    const carol = await createUser(ctx.app);
    const dan = await createUser(ctx.app);
    const conversationId = await openConversation(carol, dan);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? second : ctx.app).inject({
          method: 'POST',
          url: `/api/v1/conversations/${conversationId}/messages`,
          headers: carol.headers,
          payload: { body: `burst ${i}` },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(API_LIMITS.messages.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - API_LIMITS.messages.limit);
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/conversations/${conversationId}/messages`,
      headers: dan.headers,
    });
    expect((page.json() as MessagePage).items).toHaveLength(API_LIMITS.messages.limit);
  });
});

describe('opening event streams', () => {
  const open = async (url: string, query: string, headers?: Record<string, string>) => {
    const stream = await openEventStream(url, query, headers);
    streams.push(stream);
    return stream;
  };

  it('is limited per user across instances, and allowed again in the next window', async () => {
    const erin = await createUser(ctx.app);
    const frank = await createUser(ctx.app);
    const asErin = { authorization: `Bearer ${erin.accessToken}` };
    expect((await open(urls[0]!, `profiles=${frank.id}`, asErin)).status).toBe(200);
    expect((await open(urls[1]!, `access_token=${erin.accessToken}`)).status).toBe(200);
    const over = await fetch(`${urls[0]}/api/v1/events?profiles=${frank.id}`, { headers: asErin });
    expect(over.status).toBe(429);
    expect(((await over.json()) as { error: { message: string } }).error.message).toBe(
      EVENTS_MESSAGES.tooManyStreams,
    );
    // The token in the query (EventSource's way) is the same user: still refused, on the other instance too.
    expect((await fetch(`${urls[1]}/api/v1/events?access_token=${erin.accessToken}`)).status).toBe(429);

    // Another user is not affected.
    expect((await open(urls[1]!, `access_token=${frank.accessToken}`)).status).toBe(200);

    // Retry-After says when the window ends; then streams open again.
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(API_LIMITS.events.windowSeconds);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect((await open(urls[1]!, `profiles=${frank.id}`, asErin)).status).toBe(200);
  });

  it('answers 429 with the clear message, per IP for visitors', async () => {
    const grace = await createUser(ctx.app);
    const visitor = { 'x-forwarded-for': '203.0.113.7' };
    expect((await open(urls[0]!, `profiles=${grace.id}`, visitor)).status).toBe(200);
    expect((await open(urls[1]!, `profiles=${grace.id}`, visitor)).status).toBe(200);
    const response = await fetch(`${urls[0]}/api/v1/events?profiles=${grace.id}`, { headers: visitor });
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: EVENTS_MESSAGES.tooManyStreams,
        details: { retryAfterSeconds: expect.any(Number) },
      },
    });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // A visitor from another address still gets a stream.
    expect((await open(urls[0]!, `profiles=${grace.id}`, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(
      200,
    );
  });
});

describe('API_RATE_LIMITS', () => {
  it('reads count/seconds per bucket and refuses anything else naming the variable', () => {
    expect(loadConfigFromEnv({ API_RATE_LIMITS: 'messages=5/10, events=7/30' }).apiRateLimits).toEqual({
      messages: { limit: 5, windowSeconds: 10 },
      events: { limit: 7, windowSeconds: 30 },
    });
    expect(loadConfigFromEnv({}).apiRateLimits).toBeUndefined();
    for (const bad of ['messages=5', 'messages=0/10', 'chat=5/10', 'messages=5/0']) {
      expect(() => loadConfigFromEnv({ API_RATE_LIMITS: bad })).toThrow(ConfigError);
      expect(() => loadConfigFromEnv({ API_RATE_LIMITS: bad })).toThrow(/API_RATE_LIMITS/);
    }
  });
});
