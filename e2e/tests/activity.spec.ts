import { type APIRequestContext, expect, test } from '@playwright/test';
import { signInThroughUi } from './support/auth';
import { type ApiUser, createApiUser, followThroughApi } from './support/people';
import { publishThroughApi } from './support/posts';
import { expectNoSeriousA11yViolations, markOnboarded } from './support/shell';

async function like(request: APIRequestContext, user: ApiUser, postId: string) {
  const response = await request.put(`/api/v1/posts/${postId}/like`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe('activity', () => {
  test("another user's like reaches the author's open tab: the bell's count, then the item", async ({
    page,
    request,
  }) => {
    test.slow();
    const ann = await createApiUser(request, 'ann');
    const post = await publishThroughApi(request, ann.token, 'Linen and sandals');
    const ben = await createApiUser(request, 'ben');
    const cleo = await createApiUser(request, 'cleo');

    await markOnboarded(page);
    await signInThroughUi(page, ann.email);
    const header = page.locator('header').first();
    await expect(header.getByRole('link', { name: 'Activity', exact: true })).toBeVisible();

    // Ben likes Ann's post: her open tab's bell counts it, without a reload.
    await like(request, ben, post.id);
    const bell = header.getByRole('link', { name: 'Activity, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page).toHaveURL(/\/activity$/);
    const list = page.getByRole('list', { name: 'Activity' });
    const item = list.getByRole('link', { name: new RegExp(`${ben.username}.* liked your post`) });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('href', `/post/${post.id}`);
    await expectNoSeriousA11yViolations(page, 'activity');
    // Seen: the bell goes back to no count.
    await expect(header.getByRole('link', { name: 'Activity', exact: true })).toBeVisible();

    // While the page is open, Cleo likes it too and follows Ann: the list follows live, grouped.
    await like(request, cleo, post.id);
    await followThroughApi(request, cleo, ann);
    await expect(
      list.getByRole('link', { name: new RegExp(`${cleo.username}.* and 1 other liked your post`) }),
    ).toBeVisible();
    await expect(
      list.getByRole('link', { name: new RegExp(`${cleo.username}.* started following you`) }),
    ).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('activity-390-en.png') });
    await page.evaluate(() => window.localStorage.setItem('lang', 'he'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('list', { name: 'פעילות' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('activity-390-he.png') });
  });
});
