import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Comment, Post, PushMessage } from '@sys/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/context.ts';
import { publishPost } from '../../test/media.ts';
import { createUser, TEST_RATE_LIMITS, type TestUser } from '../../test/users.ts';
import {
  checkVapid,
  createDevice,
  type StandInPushService,
  startPushService,
  type TestDevice,
} from '../../test/web-push.ts';
import { loadVapidKeys, VapidKeyError } from './push.keys.ts';
import { createPushSender, endpointProblem } from './push.send.ts';

let ctx: TestApp;
let pushService: StandInPushService;

beforeAll(async () => {
  pushService = await startPushService();
  ctx = await createTestApp({ authRateLimits: TEST_RATE_LIMITS, pushAllowPrivate: true });
});
afterAll(async () => {
  await ctx?.close();
  await pushService?.close();
});

let named = 0;
async function person(): Promise<TestUser & { username: string }> {
  const user = await createUser(ctx.app);
  named += 1;
  const username = `push.person${named}`;
  await ok(user, 'PATCH', '/profiles/me', { username, display_name: `Push Person ${named}` });
  return { ...user, username };
}

async function call(user: TestUser | null, method: string, url: string, payload?: unknown) {
  return ctx.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: user ? user.headers : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok<T = unknown>(user: TestUser, method: string, url: string, payload?: unknown): Promise<T> {
  const response = await call(user, method, url, payload);
  if (response.statusCode >= 300)
    throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return (response.body ? response.json() : undefined) as T;
}

let devices = 0;
async function subscribe(user: TestUser, language: 'en' | 'he' = 'en'): Promise<TestDevice> {
  devices += 1;
  const device = createDevice(pushService.endpoint(`device-${devices}`));
  expect(await ok(user, 'POST', '/push/subscriptions', { ...device.subscription, language })).toEqual({
    subscribed: true,
  });
  return device;
}

/** Waits for the background sending, then answers (and forgets) what the device's endpoint received. */
async function receivedBy(device: TestDevice): Promise<PushMessage[]> {
  await ctx.app.services.push.idle();
  const path = new URL(device.subscription.endpoint).pathname;
  const mine = pushService.received.filter((push) => push.path === path);
  pushService.received.splice(
    0,
    pushService.received.length,
    ...pushService.received.filter((p) => p.path !== path),
  );
  const { public_key } = ctx.app.services.push.publicKey();
  return mine.map((push) => {
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    checkVapid(push.headers, public_key, pushService.origin);
    return JSON.parse(device.decrypt(push.body)) as PushMessage;
  });
}

describe('the VAPID public key', () => {
  it('is for signed-in people only, and is a P-256 point', async () => {
    expect((await call(null, 'GET', '/push/public-key')).statusCode).toBe(401);
    const user = await person();
    const { public_key } = await ok<{ public_key: string }>(user, 'GET', '/push/public-key');
    const point = Buffer.from(public_key, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
  });

  it('is made on first start into DATA_DIR/keys and kept; given keys must be a matching pair', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sys-vapid-'));
    try {
      const first = loadVapidKeys({ dataDir: dir });
      expect(first.origin).toBe(join(dir, 'keys', 'vapid.json'));
      expect(JSON.parse(readFileSync(first.origin, 'utf8'))).toEqual({
        publicKey: first.publicKey,
        privateKey: first.privateKey,
      });
      expect(loadVapidKeys({ dataDir: dir }).publicKey).toBe(first.publicKey);
      // In memory without a DATA_DIR: a new pair each start.
      expect(loadVapidKeys({ dataDir: null }).publicKey).not.toBe(first.publicKey);
      // From the environment: used as given, checked.
      const given = { vapidPublicKey: first.publicKey, vapidPrivateKey: first.privateKey, dataDir: null };
      expect(loadVapidKeys(given)).toMatchObject({ publicKey: first.publicKey, origin: 'environment' });
      const other = loadVapidKeys({ dataDir: null });
      expect(() => loadVapidKeys({ ...given, vapidPrivateKey: other.privateKey })).toThrow(VapidKeyError);
      expect(() => loadVapidKeys({ ...given, vapidPrivateKey: undefined })).toThrow(VapidKeyError);
      expect(() => loadVapidKeys({ ...given, vapidPublicKey: 'bm90IGEga2V5' })).toThrow(VapidKeyError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('subscriptions', () => {
  it('are for signed-in people only and validated', async () => {
    const user = await person();
    const device = createDevice(pushService.endpoint('validated'));
    const body = { ...device.subscription, language: 'en' };
    expect((await call(null, 'POST', '/push/subscriptions', body)).statusCode).toBe(401);
    expect((await call(null, 'DELETE', '/push/subscriptions', { endpoint: body.endpoint })).statusCode).toBe(
      401,
    );
    for (const broken of [
      { ...body, language: 'fr' },
      { ...body, endpoint: 'not a url' },
      { ...body, endpoint: 'ftp://push.example.com/x' },
      { ...body, keys: { ...body.keys, p256dh: 'c2hvcnQ' } },
      { ...body, keys: { ...body.keys, auth: 'c2hvcnQ' } },
      { ...body, keys: { p256dh: body.keys.p256dh } },
      // Not http on other hosts, even while private endpoints are allowed for tests.
      { ...body, endpoint: 'http://push.example.com/x' },
    ]) {
      const response = await call(user, 'POST', '/push/subscriptions', broken);
      expect(response.statusCode, JSON.stringify(broken)).toBe(400);
    }
  });

  it('in production accept only https endpoints on public addresses (no SSRF)', async () => {
    for (const endpoint of [
      'http://127.0.0.1:9/push',
      'http://localhost/push',
      'https://127.0.0.1/push',
      'https://10.0.0.8/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://[::ffff:7f00:1]/push',
      'https://localhost/push',
      'https://localhost./push',
      'https://user:secret@push.example.com/x',
    ]) {
      expect(endpointProblem(endpoint, false), endpoint).not.toBeNull();
    }
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', false)).toBeNull();
    expect(endpointProblem('http://127.0.0.1:9/push', true)).toBeNull();

    // The route refuses them too, and the sender checks again when it sends (a name may resolve privately).
    const production = await createTestApp({ authRateLimits: TEST_RATE_LIMITS });
    try {
      const user = await createUser(production.app);
      const device = createDevice(pushService.endpoint('production'));
      const response = await production.app.inject({
        method: 'POST',
        url: '/api/v1/push/subscriptions',
        headers: user.headers,
        payload: { ...device.subscription, language: 'en' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toMatch(/https/);
    } finally {
      await production.close();
    }
    // A name that resolves to a private address (also only one of several) is refused when sending.
    const resolved: Record<string, string[]> = {
      'push.example.com': ['10.1.2.3'],
      'mixed.example.com': ['93.184.215.14', '127.0.0.1'],
    };
    const send = createPushSender(false, async (host) =>
      (resolved[host] ?? []).map((address) => ({ address, family: 4 })),
    );
    const request = { method: 'POST', headers: {}, body: Buffer.from('x') };
    await expect(send({ ...request, endpoint: pushService.endpoint('x') })).rejects.toThrow(/https/);
    await expect(send({ ...request, endpoint: 'https://localhost./x' })).rejects.toThrow(/public address/);
    for (const host of Object.keys(resolved)) {
      await expect(send({ ...request, endpoint: `https://${host}/x` })).rejects.toThrow(/public address/);
    }
    expect(pushService.received).toHaveLength(0);
  });

  it('belong to one person: the same endpoint subscribed by another moves to them', async () => {
    const [maya, ben, dana] = [await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    const benPost = await publishPost(ctx.app, ben);
    const device = await subscribe(maya);
    // Ben cannot remove Maya's subscription.
    expect(
      await ok(ben, 'DELETE', '/push/subscriptions', { endpoint: device.subscription.endpoint }),
    ).toEqual({
      subscribed: false,
    });
    await ok(dana, 'PUT', `/posts/${post.id}/like`);
    expect(await receivedBy(device)).toHaveLength(1);

    // The device is now Ben's (someone else signed in on it).
    await ok(ben, 'POST', '/push/subscriptions', { ...device.subscription, language: 'en' });
    await ok(dana, 'POST', `/posts/${post.id}/comments`, { body: 'For Maya' });
    expect(await receivedBy(device)).toEqual([]);
    await ok(dana, 'PUT', `/posts/${benPost.id}/like`);
    expect((await receivedBy(device)).map((message) => message.path)).toEqual([`/post/${benPost.id}`]);

    // Unsubscribed: nothing more.
    await ok(ben, 'DELETE', '/push/subscriptions', { endpoint: device.subscription.endpoint });
    await ok(dana, 'PUT', `/profiles/${ben.username}/follow`);
    expect(await receivedBy(device)).toEqual([]);
  });
});

describe('a push for each new Activity item', () => {
  it('is encrypted for the device, signed with VAPID, and says what happened and where to go', async () => {
    const [maya, ben] = [await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    const phone = await subscribe(maya, 'en');
    const tablet = await subscribe(maya, 'he');

    expect((await call(ben, 'PUT', `/posts/${post.id}/like`)).statusCode).toBe(200);
    const [like] = await receivedBy(phone);
    expect(like).toMatchObject({
      kind: 'like',
      title: 'New like',
      body: `${'Push Person'} ${Number(ben.username.replace('push.person', ''))} liked your post`,
      path: `/post/${post.id}`,
      language: 'en',
    });
    const [hebrew] = await receivedBy(tablet);
    expect(hebrew).toMatchObject({
      kind: 'like',
      title: 'לייק חדש',
      path: `/post/${post.id}`,
      language: 'he',
    });
    expect(hebrew!.body).toMatch(/אהב\/ה את הפוסט שלך$/);
    expect(hebrew!.item_id).toBe(like!.item_id);

    const comment = await ok<Comment>(ben, 'POST', `/posts/${post.id}/comments`, { body: 'Love the coat' });
    const [commented] = await receivedBy(phone);
    expect(commented).toMatchObject({ kind: 'comment', path: `/post/${post.id}` });
    expect(commented!.body).toMatch(/commented on your post\nLove the coat$/);
    await receivedBy(tablet);

    // A reply reaches the comment's author.
    const benPhone = await subscribe(ben);
    await ok(maya, 'POST', `/posts/${post.id}/comments`, { body: 'Thanks!', parent_id: comment.id });
    expect(await receivedBy(benPhone)).toMatchObject([{ kind: 'reply', path: `/post/${post.id}` }]);

    await ok(ben, 'PUT', `/profiles/${maya.username}/follow`);
    expect(await receivedBy(phone)).toMatchObject([
      { kind: 'follow', title: 'New follower', path: `/profile/${ben.username}` },
    ]);
    expect(await receivedBy(tablet)).toMatchObject([{ kind: 'follow', title: 'עוקב/ת חדש/ה' }]);
  });

  it('speaks of mentions, comment likes and messages too, each opening its screen', async () => {
    const [maya, ben] = [await person(), await person()];
    const post = await publishPost(ctx.app, ben);
    const phone = await subscribe(maya, 'en');
    const tablet = await subscribe(maya, 'he');

    await ok<Comment>(ben, 'POST', `/posts/${post.id}/comments`, { body: `Ask @${maya.username} about it` });
    expect(await receivedBy(phone)).toMatchObject([
      { kind: 'mention', title: 'New mention', path: `/post/${post.id}` },
    ]);
    expect((await receivedBy(tablet))[0]?.body).toMatch(/הזכיר\/ה אותך\nAsk @/);

    const mine = await ok<Comment>(maya, 'POST', `/posts/${post.id}/comments`, { body: 'Thanks for asking' });
    await ok(ben, 'PUT', `/comments/${mine.id}/like`);
    const [liked] = await receivedBy(phone);
    expect(liked).toMatchObject({ kind: 'comment_like', path: `/post/${post.id}` });
    expect(liked!.body).toMatch(/liked your comment\nThanks for asking$/);
    await receivedBy(tablet);

    await ok(ben, 'PUT', `/follows/${maya.id}`);
    await receivedBy(phone);
    await receivedBy(tablet);
    const { id: conversationId } = await ok<{ id: string }>(ben, 'POST', '/conversations', {
      profile_id: maya.id,
    });
    await ok(ben, 'POST', `/conversations/${conversationId}/messages`, { body: 'Hi Maya' });
    expect(await receivedBy(phone)).toMatchObject([
      { kind: 'message', title: 'New message', path: `/messages?c=${conversationId}` },
    ]);
    expect(await receivedBy(tablet)).toMatchObject([{ kind: 'message', title: 'הודעה חדשה' }]);
  });

  it('groups as Activity does: a new like of the same post replaces the notification (same tag)', async () => {
    const [maya, ben, cleo, dana] = [await person(), await person(), await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    const other = await publishPost(ctx.app, maya);
    const phone = await subscribe(maya, 'en');
    const tablet = await subscribe(maya, 'he');
    const nameOf = (user: { username: string }) => `Push Person ${user.username.replace('push.person', '')}`;

    await ok(ben, 'PUT', `/posts/${post.id}/like`);
    const [first] = await receivedBy(phone);
    expect(first!.body).toBe(`${nameOf(ben)} liked your post`);
    await receivedBy(tablet);

    await ok(cleo, 'PUT', `/posts/${post.id}/like`);
    const [second] = await receivedBy(phone);
    expect(second).toMatchObject({ kind: 'like', body: `${nameOf(cleo)} and 1 other liked your post` });
    // The same tag: the device replaces the first notification instead of showing two.
    expect(second!.tag).toBe(first!.tag);
    expect(second!.item_id).not.toBe(first!.item_id);
    expect((await receivedBy(tablet))[0]!.body).toBe(`${nameOf(cleo)} ועוד 1 אהבו את הפוסט שלך`);

    await ok(dana, 'PUT', `/posts/${post.id}/like`);
    const [third] = await receivedBy(phone);
    expect(third).toMatchObject({ body: `${nameOf(dana)} and 2 others liked your post`, tag: first!.tag });
    await receivedBy(tablet);

    // Another post, a comment, a follow: other groups, other tags.
    await ok(ben, 'PUT', `/posts/${other.id}/like`);
    const [elsewhere] = await receivedBy(phone);
    expect(elsewhere!.body).toBe(`${nameOf(ben)} liked your post`);
    expect(elsewhere!.tag).not.toBe(first!.tag);
    await ok(ben, 'POST', `/posts/${post.id}/comments`, { body: 'Nice' });
    const [comment] = await receivedBy(phone);
    expect(comment!.tag).not.toBe(first!.tag);
    expect(comment!.tag).not.toBe(elsewhere!.tag);

    // A like taken back leaves the group: the next one counts the people who still like it.
    await ok(cleo, 'DELETE', `/posts/${post.id}/like`);
    await ok(cleo, 'PUT', `/profiles/${maya.username}/follow`);
    await receivedBy(tablet);
    const [followed] = await receivedBy(phone);
    expect(followed).toMatchObject({ kind: 'follow', body: `${nameOf(cleo)} started following you` });
    await ok(dana, 'PUT', `/profiles/${maya.username}/follow`);
    const [follows] = await receivedBy(phone);
    expect(follows).toMatchObject({
      body: `${nameOf(dana)} and 1 other started following you`,
      tag: followed!.tag,
    });
  });

  it('tapping it marks the item read (its group), only for its own person', async () => {
    const [maya, ben] = [await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    const phone = await subscribe(maya);
    await ok(ben, 'PUT', `/posts/${post.id}/like`);
    const [like] = await receivedBy(phone);
    const unread = async () =>
      (await ok<{ unread_count: number }>(maya, 'GET', '/activity/unread-count')).unread_count;
    expect(await unread()).toBe(1);
    expect((await call(ben, 'POST', `/activity/items/${like!.item_id}/read`)).statusCode).toBe(404);
    expect((await call(null, 'POST', `/activity/items/${like!.item_id}/read`)).statusCode).toBe(401);
    expect((await call(maya, 'POST', '/activity/items/not-an-id/read')).statusCode).toBe(404);
    expect(await unread()).toBe(1);
    expect(await ok(maya, 'POST', `/activity/items/${like!.item_id}/read`)).toEqual({ unread_count: 0 });
    // Read items are not pushed again, and a repeated like adds no item.
    await ok(ben, 'PUT', `/posts/${post.id}/like`);
    expect(await receivedBy(phone)).toEqual([]);
  });

  it('a 404 or 410 from the push service removes the subscription', async () => {
    for (const status of [410, 404]) {
      const [maya, ben] = [await person(), await person()];
      const post = await publishPost(ctx.app, maya);
      const gone = await subscribe(maya);
      const kept = await subscribe(maya);
      pushService.answer.set(new URL(gone.subscription.endpoint).pathname, status);
      await ok(ben, 'PUT', `/posts/${post.id}/like`);
      expect(await receivedBy(gone)).toHaveLength(1);
      expect(await receivedBy(kept)).toHaveLength(1);
      await ok(ben, 'POST', `/posts/${post.id}/comments`, { body: 'again' });
      expect(await receivedBy(gone), `after ${status}`).toEqual([]);
      expect(await receivedBy(kept)).toHaveLength(1);
    }
  });

  it('a failing push service never fails the action', async () => {
    const [maya, ben] = [await person(), await person()];
    const post = await publishPost(ctx.app, maya);
    // Nothing listens on port 9 here; another endpoint answers 500.
    const refused = createDevice('http://127.0.0.1:9/push');
    await ok(maya, 'POST', '/push/subscriptions', { ...refused.subscription, language: 'en' });
    const failing = await subscribe(maya);
    pushService.answer.set(new URL(failing.subscription.endpoint).pathname, 500);
    expect((await call(ben, 'PUT', `/posts/${post.id}/like`)).statusCode).toBe(200);
    expect(await receivedBy(failing)).toHaveLength(1);
    // A 500 keeps the subscription.
    await ok(ben, 'POST', `/posts/${post.id}/comments`, { body: 'still there?' });
    expect(await receivedBy(failing)).toHaveLength(1);
  });

  it('a blocked or withdrawn action sends nothing', async () => {
    const [maya, ben, dana] = [await person(), await person(), await person()];
    const post: Post = await publishPost(ctx.app, maya);
    const phone = await subscribe(maya);

    // Maya blocked Ben: his actions on her make no item, so no push (and he cannot follow her).
    await ok(maya, 'POST', `/blocks/${ben.id}`);
    await call(ben, 'PUT', `/posts/${post.id}/like`);
    await call(ben, 'PUT', `/profiles/${maya.username}/follow`);
    expect(await receivedBy(phone)).toEqual([]);

    // Withdrawing an action pushes nothing (only the action itself did).
    await ok(dana, 'PUT', `/posts/${post.id}/like`);
    expect(await receivedBy(phone)).toHaveLength(1);
    await ok(dana, 'DELETE', `/posts/${post.id}/like`);
    const comment = await ok<Comment>(dana, 'POST', `/posts/${post.id}/comments`, { body: 'oops' });
    expect(await receivedBy(phone)).toHaveLength(1);
    await ok(dana, 'DELETE', `/comments/${comment.id}`);
    // The follow's push is sent after the follow is stored: taken before the unfollow, as the like's and
    // the comment's are (the unfollow could otherwise withdraw the item before its push went out).
    await ok(dana, 'PUT', `/profiles/${maya.username}/follow`);
    expect(await receivedBy(phone)).toHaveLength(1);
    await ok(dana, 'DELETE', `/profiles/${maya.username}/follow`);
    expect(await receivedBy(phone)).toEqual([]);
    // One's own actions make no item.
    await ok(maya, 'PUT', `/posts/${post.id}/like`);
    expect(await receivedBy(phone)).toEqual([]);
  });
});
