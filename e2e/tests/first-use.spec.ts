import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  createAccount,
  markContextOnboarded,
  signInThroughUi,
  signOutButton,
  uniqueEmail,
} from './support/auth';
import { createApiUser } from './support/people';
import { publishThroughApi } from './support/posts';

/**
 * What a new user's review found, checked where only a browser shows it: toasts below the header, the
 * sign-out question, English product titles on a Hebrew screen, double-tap to like, and 404 answers.
 * With SCREENSHOT_DIR set, it also keeps screenshots of each at a phone's and a desktop's size.
 */

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

for (const size of SIZES) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('toasts appear below the header; sign-out asks first', async ({ page, context }) => {
      await markContextOnboarded(context);
      const email = uniqueEmail();
      await createAccount(page.request, email);
      await signInThroughUi(page, email);

      // A toast of its own: the sign-out dialog's Escape keeps the session, so sign out and back in.
      await signOutButton(page).click();
      const dialog = page.getByRole('alertdialog', { name: 'Sign out?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await screenshot(page, `sign-out-dialog-${size.name}`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(signOutButton(page)).toBeFocused();

      // Where the toasts' list (not a toast, which slides in) is put, noted the moment it appears: on a
      // busy machine a 1.5 s toast may be gone before the test could measure it.
      await page.evaluate(() => {
        const note = () => {
          const list = document.querySelector('[data-sonner-toaster]');
          const header = document.querySelector('header');
          if (!list || !header) return false;
          Object.assign(window, {
            toastPlace: {
              top: list.getBoundingClientRect().top,
              header: header.getBoundingClientRect().bottom,
            },
          });
          return true;
        };
        const observer = new MutationObserver(() => note() && observer.disconnect());
        observer.observe(document.body, { childList: true, subtree: true });
      });
      await signOutButton(page).click();
      await dialog.getByRole('button', { name: 'Sign out' }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Signed out successfully' });
      await expect(toast).toBeVisible();
      await screenshot(page, `toast-below-header-${size.name}`);
      // The close button and the closing after a hover are checked in shared/ui/toaster.test.tsx.
      const place = await page.waitForFunction(
        () => (window as unknown as { toastPlace?: { top: number; header: number } }).toastPlace,
      );
      const { top, header } = (await place.jsonValue()) as { top: number; header: number };
      expect(header).toBeGreaterThan(0);
      expect(top).toBeGreaterThanOrEqual(header);
    });

    test('a Hebrew post cuts an English product title at its end', async ({ page, context, request }) => {
      await markContextOnboarded(context);
      await page.addInitScript(() => window.localStorage.setItem('lang', 'he'));
      const user = await createApiUser(request, 'bidi');
      const title = 'Oversized Linen Shirt with Mother-of-Pearl Buttons and Rolled Sleeves';
      const post = await publishThroughApi(request, user.token, 'Summer in Tel Aviv #linen', {
        items: [
          { link: 'https://shop.example/shirt', brand: 'Pull & Bear Limited Edition', title, price: '149' },
        ],
      });
      await page.goto(`/post/${post.id}`);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await page.getByRole('button', { name: 'פריטי הלוק (1)' }).click();
      const heading = page.getByRole('dialog').getByText(title);
      await expect(heading).toBeVisible();
      const layout = await heading.evaluate((element) => ({
        direction: getComputedStyle(element).direction,
        cut: element.scrollWidth > element.clientWidth,
      }));
      // Laid out left to right, so the overflow (and the ellipsis) is at the English text's end.
      expect(layout.direction).toBe('ltr');
      if (size.name === 'phone') expect(layout.cut).toBe(true);
      await page.evaluate(() => {
        for (const animation of document.getAnimations()) animation.finish();
      });
      await screenshot(page, `hebrew-post-english-title-${size.name}`);
    });
  });
}

test('a double tap on a photo likes the post once, with a heart', async ({ page, context, request }) => {
  await markContextOnboarded(context);
  const author = await createApiUser(request, 'tap');
  const post = await publishThroughApi(request, author.token, 'Double tap me');
  const email = uniqueEmail();
  await createAccount(page.request, email);
  await signInThroughUi(page, email);
  await page.goto(`/post/${post.id}`);
  const like = page.getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  const photo = page.getByRole('img', { name: /^Outfit by / }).first();
  await photo.dblclick();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('double-tap-heart')).toBeVisible();
  await photo.dblclick();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(new RegExp(`/post/${post.id}$`));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('an unknown address, post or profile answers 404; known pages 200', async ({
  page,
  context,
  request,
}) => {
  await markContextOnboarded(context);
  for (const path of [
    '/no/such/page',
    '/post/5b0e3c9e-7a4b-4c39-9f7e-0a3c1e2d4f5a',
    '/profile/nobody-here-404',
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  for (const path of ['/', '/explore', '/auth']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});
