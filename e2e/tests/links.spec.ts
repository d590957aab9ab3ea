import { expect, test } from '@playwright/test';
import { createApiUser } from './support/people';
import { publishThroughApi } from './support/posts';

/**
 * Links that land (issue 17): a first-time visitor who opens a shared post or profile goes through
 * onboarding (the spec's rule) and then lands on what was shared, in English and in Hebrew. Each test
 * has a fresh browser context: no onboarded flag, no session.
 */

const TEXT = {
  en: { skip: 'Skip for now', guest: 'Continue as a guest' },
  he: { skip: 'דלגו בינתיים', guest: 'המשך כאורחים' },
} as const;

for (const language of ['en', 'he'] as const) {
  test.describe(`shared links (${language})`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test.beforeEach(async ({ context }) => {
      await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
    });

    test('a shared post opens after onboarding', async ({ page, request }) => {
      const author = await createApiUser(request, 'shared');
      const caption = `Shared look ${Math.random().toString(36).slice(2, 8)}`;
      const post = await publishThroughApi(request, author.token, caption);

      await page.goto(`/post/${post.id}`);
      await expect(page).toHaveURL(/\/onboarding\?next=%2Fpost%2F/);
      await page.getByRole('button', { name: TEXT[language].skip }).click();
      await expect(page).toHaveURL(new RegExp(`/post/${post.id}$`));
      await expect(page.getByText(caption).first()).toBeVisible();
    });

    test('a shared profile opens after continuing as a guest', async ({ page, request }) => {
      const person = await createApiUser(request, 'shared');
      await page.goto(`/profile/${person.username}`);
      await expect(page).toHaveURL(/\/onboarding\?next=%2Fprofile%2F/);
      await page.getByRole('button', { name: TEXT[language].guest }).click();
      await expect(page).toHaveURL(new RegExp(`/profile/${person.username}$`));
      await expect(page.getByText(`@${person.username}`).first()).toBeVisible();
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/shared-profile-${language}.png` });
      }
    });

    test('an onboarding link naming another site goes home', async ({ page }) => {
      await page.goto('/onboarding?next=%2F%2Fevil.example%2Fpost%2Fx');
      await page.getByRole('button', { name: TEXT[language].skip }).click();
      await expect(page).toHaveURL(/\/\/[^/]+\/$/);
    });
  });
}
