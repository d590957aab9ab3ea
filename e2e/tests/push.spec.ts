import { type APIRequestContext, expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { signInThroughUi } from './support/auth';
import { getJson } from './support/discovery';
import { type ApiUser, createApiUser } from './support/people';
import { publishThroughApi } from './support/posts';
import { markOnboarded } from './support/shell';

/*
 * Web Push in the real service worker. Headless Chromium here reaches no real push service, so
 * pushManager.subscribe may fail: the server's side (subscription, encryption, 410) is tried by
 * apps/server/src/modules/push/push.test.ts. Here a push is delivered straight to the worker through the
 * DevTools protocol, as the push service would hand it over once decrypted.
 */

async function like(request: APIRequestContext, user: ApiUser, postId: string) {
  const response = await request.put(`/api/v1/posts/${postId}/like`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

interface Shown {
  title: string;
  body: string;
  tag: string;
  lang: string;
  data: unknown;
}

test('a push is shown as a notification; tapping it opens the post and marks the item read', async ({
  page,
  context,
  request,
}) => {
  test.slow();
  const ann = await createApiUser(request, 'ann');
  const post = await publishThroughApi(request, ann.token, 'Pushed linen look');
  const ben = await createApiUser(request, 'ben');
  await like(request, ben, post.id);
  const { items } = await getJson<{ items: { id: string; kind: string }[] }>(request, '/activity', ann.token);
  const itemId = items[0]!.id;

  await context.grantPermissions(['notifications'], { origin: baseURL });
  await markOnboarded(page);
  await signInThroughUi(page, ann.email);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Not /activity: opening it marks everything read. The worker controls the page from its second load.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The registration's id, as DevTools knows it.
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    registrations.push(...event.registrations);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${baseURL}/`)).toBeTruthy();
  const { registrationId } = registrations.find((r) => r.scopeURL === `${baseURL}/`)!;

  const message = {
    item_id: itemId,
    kind: 'like',
    title: 'New like',
    body: `${ben.username} liked your post`,
    path: `/post/${post.id}`,
    language: 'en',
    tag: `activity:like:${post.id}`,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL,
    registrationId,
    data: JSON.stringify(message),
  });
  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications()).map(
        (n): Shown => ({ title: n.title, body: n.body, tag: n.tag, lang: n.lang, data: n.data }),
      );
    });
  await expect.poll(shown).toEqual([
    {
      title: 'New like',
      body: `${ben.username} liked your post`,
      tag: message.tag,
      lang: 'en',
      data: { item_id: itemId, path: `/post/${post.id}` },
    },
  ]);

  // Another like of the same post (the server sends the group's tag and sentence): it replaces the
  // notification instead of stacking a second.
  const grouped = { ...message, body: `cleo and 1 other liked your post` };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL,
    registrationId,
    data: JSON.stringify(grouped),
  });
  await expect.poll(shown).toEqual([
    {
      title: 'New like',
      body: 'cleo and 1 other liked your post',
      tag: message.tag,
      lang: 'en',
      data: { item_id: itemId, path: `/post/${post.id}` },
    },
  ]);

  // A push that is not ours (no JSON, or a path to another site) shows nothing.
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL, registrationId, data: 'hello' });
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL,
    registrationId,
    data: JSON.stringify({ ...message, item_id: 'other', path: '//evil.example/' }),
  });
  await page.waitForTimeout(500);
  expect(await shown()).toHaveLength(1);

  const unread = async () =>
    (await getJson<{ unread_count: number }>(request, '/activity/unread-count', ann.token)).unread_count;
  expect(await unread()).toBe(1);

  // The tap, as the browser would dispatch it to the worker: the open window goes to the post.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeTruthy();
  await worker!.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(page).toHaveURL(new RegExp(`/post/${post.id}$`));
  await expect(page.getByText('Pushed linen look').first()).toBeVisible();
  await expect.poll(unread).toBe(0);
  expect(await shown()).toEqual([]);
});
