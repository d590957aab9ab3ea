import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { markContextOnboarded, signInThroughUi } from './support/auth';
import { type ApiUser, createApiUser, followThroughApi } from './support/people';
import { pngFile } from './support/posts';

/*
 * Text that people write (captions, comments, bios, names, album names, messages) is shown as text
 * everywhere: HTML in it never becomes elements and script in it never runs. Every piece is created
 * through the API, as an attacker would, and then looked at in the browser where the app shows it.
 */

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const HOSTILE = `${IMG} ${SCRIPT}`;

const auth = (user: ApiUser) => ({ authorization: `Bearer ${user.token}` });

async function api<T>(
  request: APIRequestContext,
  method: 'post' | 'put' | 'patch',
  path: string,
  user: ApiUser,
  data?: unknown,
): Promise<T> {
  const response = await request[method](path, { headers: auth(user), ...(data ? { data } : {}) });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

interface Hostile {
  author: ApiUser;
  viewer: ApiUser;
  postId: string;
  albumId: string;
  conversationId: string;
  marker: string;
}

/** An author whose profile, post, album and message carry HTML and script, and a viewer who comments. */
async function createHostileContent(request: APIRequestContext): Promise<Hostile> {
  const marker = `xss${Date.now().toString(36)}`;
  const author = await createApiUser(request, 'xss');
  const viewer = await createApiUser(request, 'viewer');

  // A username cannot hold HTML at all; the display name and bio can hold anything.
  const badName = await request.patch('/api/v1/profiles/me', {
    headers: auth(author),
    data: { username: '<b>x</b>' },
  });
  expect(badName.status()).toBe(400);
  await api(request, 'patch', '/api/v1/profiles/me', author, {
    display_name: IMG,
    bio: `${marker} bio ${HOSTILE}`,
  });

  const upload = await request.post('/api/v1/storage/post-media', {
    headers: auth(author),
    multipart: { file: pngFile('look.png', [120, 160, 200]) },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { public_url: publicUrl } = (await upload.json()) as { public_url: string };
  const post = await api<{ id: string }>(request, 'post', '/api/v1/posts', author, {
    caption: `${marker} caption ${HOSTILE} #look`,
    media: [{ url: publicUrl, type: 'image', order: 0 }],
    items: [{ link: 'https://shop.example/dress', title: IMG, price: '80', currency: 'ILS' }],
  });
  const album = await api<{ id: string }>(request, 'post', '/api/v1/albums', author, {
    name: `${marker} album ${IMG}`,
    post_id: post.id,
  });

  await api(request, 'post', `/api/v1/posts/${post.id}/comments`, viewer, {
    body: `${marker} comment ${HOSTILE}`,
  });
  await api(request, 'put', `/api/v1/posts/${post.id}/save`, viewer);
  await api(request, 'put', `/api/v1/albums/${album.id}/save`, viewer);
  await followThroughApi(request, viewer, author);
  await followThroughApi(request, author, viewer);
  const conversation = await api<{ id: string }>(request, 'post', '/api/v1/conversations', author, {
    profile_id: viewer.id,
  });
  await api(request, 'post', `/api/v1/conversations/${conversation.id}/messages`, author, {
    body: `${marker} message ${HOSTILE}`,
  });
  return { author, viewer, postId: post.id, albumId: album.id, conversationId: conversation.id, marker };
}

/** Nothing ran and nothing became an element; the hostile text is on screen as text. */
async function expectInert(page: Page, where: string, visibleText?: string): Promise<void> {
  if (visibleText) await expect(page.getByText(visibleText).first(), where).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), where).toBeUndefined();
  expect(await page.locator('img[src="x"]').count(), where).toBe(0);
  expect(await page.locator('script:not([src])').count(), `${where}: an inline script element`).toBe(0);
}

test('HTML and script written by users render as text everywhere', async ({ page, context }) => {
  test.setTimeout(120_000);
  const hostile = await createHostileContent(page.request);
  const { marker } = hostile;
  const cspErrors: string[] = [];
  const dialogs: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
  });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await markContextOnboarded(context);
  await signInThroughUi(page, hostile.viewer.email);

  // The feed card: caption and author.
  await page.goto('/');
  const card = page.getByRole('article').filter({ hasText: `${marker} caption` });
  await expect(card.first()).toBeVisible();
  // Long captions are cut on the card; the start of the tag shows as text.
  await expect(card.first()).toContainText('<img src=x onerror=');
  await expectInert(page, 'feed');

  // The post page and its comments.
  await page.goto(`/post/${hostile.postId}`);
  await expectInert(page, 'post detail', `${marker} caption`);
  await page
    .getByRole('article')
    .first()
    .getByRole('button', { name: /^Comments/ })
    .click();
  const comments = page.getByRole('dialog', { name: 'Comments' });
  await expect(comments.getByText(`${marker} comment`, { exact: false })).toContainText(SCRIPT);
  await expectInert(page, 'comments');

  // The author's profile: display name and bio.
  await page.goto(`/profile/${hostile.author.username}`);
  await expectInert(page, 'profile', `${marker} bio`);
  await expect(page.getByText(`${marker} bio`, { exact: false })).toContainText(IMG);

  // Album pages.
  await page.goto(`/explore/albums/${hostile.albumId}`);
  await expectInert(page, 'album', `${marker} album`);
  await page.goto('/wishlist/albums');
  await expectInert(page, 'saved albums', `${marker} album`);
  await page.goto('/wishlist/posts');
  await expectInert(page, 'saved posts');

  // Messages.
  await page.goto(`/messages?c=${hostile.conversationId}`);
  await expectInert(page, 'messages', `${marker} message`);
  await expect(page.getByText(`${marker} message`, { exact: false }).first()).toContainText(SCRIPT);

  // Explore search, with the query itself hostile too (it is echoed in the search box).
  await page.goto(`/explore?q=${encodeURIComponent(marker)}`);
  await expectInert(page, 'explore search');
  await page.goto(`/explore?q=${encodeURIComponent(HOSTILE)}`);
  await expect(page.getByRole('combobox', { name: 'Search style, item, brand...' })).toHaveValue(HOSTILE);
  await expectInert(page, 'explore search with a hostile query');

  expect(dialogs).toEqual([]);
  expect(cspErrors, 'CSP violations (something tried to run inline)').toEqual([]);
});

test("a shared post's preview tags escape the caption", async ({ request }) => {
  const hostile = await createHostileContent(request);
  const response = await request.get(`/post/${hostile.postId}`);
  expect(response.status()).toBe(200);
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  const html = await response.text();
  const description = /<meta property="og:description" content="([^"]*)">/.exec(html)?.[1];
  expect(description).toContain(`${hostile.marker} caption &lt;img src=x onerror=window.__xss=1&gt;`);
  expect(description).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
  // The only script of the page is the app's own bundle.
  expect(html).not.toContain(IMG);
  expect(html).not.toContain(SCRIPT);
  expect(html.match(/<script\b[^>]*>/g)?.every((tag) => /\bsrc="\/assets\//.test(tag))).toBe(true);
});

test('the app loads without a CSP violation on the main screens', async ({ page, context }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  await markContextOnboarded(context);
  for (const path of ['/', '/explore', '/auth', '/wishlist', '/onboarding']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // The service worker registers under the policy (worker-src 'self').
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length))
    .toBeGreaterThan(0);
  expect(violations).toEqual([]);
});
