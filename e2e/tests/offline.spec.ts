import { expect, type Page, test } from '@playwright/test';
import { markContextOnboarded } from './support/auth';
import { createPostThroughApi, signUpThroughUi } from './support/posts';

test.beforeEach(async ({ context }) => {
  await markContextOnboarded(context);
});

/** The reads this browser keeps for offline use, over every person (IndexedDB sys-offline), by key. */
function keptReads(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('sys-offline');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('reads')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('reads').objectStore('reads').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result.flatMap((snapshot) => Object.keys(snapshot ?? {})));
          };
          all.onerror = () => resolve([]);
        };
      }),
  );
}

/** Everything the reads kept for offline use hold, as one JSON text. */
function keptReadsText(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('sys-offline');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('reads')) {
            db.close();
            resolve('');
            return;
          }
          const all = db.transaction('reads').objectStore('reads').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(JSON.stringify(all.result));
          };
          all.onerror = () => resolve('');
        };
      }),
  );
}

/** The photo addresses kept for offline reading (Cache Storage sys-media). */
const keptPhotos = (page: Page) =>
  page.evaluate(async () =>
    (await caches.has('sys-media'))
      ? (await (await caches.open('sys-media')).keys()).map((request) => new URL(request.url).pathname)
      : [],
  );

/** The service worker controls the page from its second load on; offline reloads need it. */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

test('a post seen while signed in stays readable offline, photo included, until sign-out', async ({
  page,
  context,
}) => {
  const caption = `Offline look ${Date.now()}`;
  const { postId } = await createPostThroughApi(page.request, caption);
  await signUpThroughUi(page);
  // The service worker controls the page from its second load on.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await page.goto(`/post/${postId}`);
  await expect(page.getByText(caption).first()).toBeVisible();
  const photo = page.getByRole('article').first().getByRole('img').first();
  const photoPath = new URL((await photo.getAttribute('src')) ?? '', page.url()).pathname;
  expect(photoPath).toMatch(/^\/media\//);
  // Kept a moment after it was read: the post itself, and its photo.
  await expect.poll(async () => (await keptReads(page)).some((key) => key.includes(postId))).toBe(true);
  await expect.poll(() => keptPhotos(page)).toContain(photoPath);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(caption).first()).toBeVisible();
  await expect(page.getByText('Failed to load post')).toHaveCount(0);
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await context.setOffline(false);

  // Signing out forgets what was kept: the next person on this device sees none of it.
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page
    .getByRole('alertdialog', { name: 'Sign out?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect.poll(() => keptReads(page)).toEqual([]);
  expect(await keptPhotos(page)).toEqual([]);
});

test('a like and a comment made offline wait visibly, survive a reload and go out once online', async ({
  page,
  context,
}) => {
  const caption = `Outbox look ${Date.now()}`;
  const body = `Love this offline ${Date.now()}`;
  const { postId } = await createPostThroughApi(page.request, caption);
  await signUpThroughUi(page);
  await underServiceWorker(page);
  await page.goto(`/post/${postId}`);
  const card = page.locator('article').first();
  await expect(card.getByTestId('like-count')).toContainText('0 likes');
  // Kept for offline reading before the connection goes.
  await expect.poll(async () => (await keptReads(page)).some((key) => key.includes(postId))).toBe(true);

  await context.setOffline(true);
  await card.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(card.getByTestId('like-count')).toContainText('1 like');
  await card.getByRole('button', { name: /^Comments/ }).click();
  const comments = page.getByRole('dialog', { name: 'Comments' });
  await comments.getByRole('combobox', { name: 'Add comment...' }).fill(body);
  await comments.getByRole('button', { name: 'Send' }).click();
  await expect(comments.getByText(body, { exact: true })).toBeVisible();
  await expect(comments.getByText('Waiting to send')).toBeVisible();
  await expect(comments.getByRole('button', { name: 'Discard comment waiting to send' })).toBeVisible();

  // A reload while still offline keeps both: the like shown (once the kept copy of the post has it; it is
  // written a second after a change), the comment waiting.
  await expect.poll(async () => (await keptReadsText(page)).includes('"liked_by_me":true')).toBe(true);
  await page.reload();
  await expect(card.getByTestId('like-count')).toContainText('1 like');
  await card.getByRole('button', { name: /^Comments/ }).click();
  await expect(comments.getByText(body, { exact: true })).toBeVisible();
  await expect(comments.getByText('Waiting to send')).toBeVisible();

  // The connection returns: both go out, and the marker goes.
  await context.setOffline(false);
  await expect(comments.getByText('Waiting to send')).toHaveCount(0);
  await expect(comments.getByText(body, { exact: true })).toHaveCount(1);

  // On the server, exactly once each; still so after another load (nothing is sent again).
  const onServer = async () => {
    const post = (await (await page.request.get(`/api/v1/posts/${postId}`)).json()) as { like_count: number };
    const list = (await (await page.request.get(`/api/v1/posts/${postId}/comments`)).json()) as {
      items: { body: string }[];
    };
    return { likes: post.like_count, comments: list.items.filter((item) => item.body === body).length };
  };
  await expect.poll(onServer).toEqual({ likes: 1, comments: 1 });
  await page.reload();
  await expect(card.getByTestId('like-count')).toContainText('1 like');
  await expect(card.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(await onServer()).toEqual({ likes: 1, comments: 1 });
});
