import { expect, test } from '@playwright/test';
import { signInThroughUi } from './support/auth';
import { createApiUser } from './support/people';
import { publishThroughApi } from './support/posts';
import { markOnboarded } from './support/shell';

test.describe('hashtags', () => {
  test("a post's hashtag chip opens the tag page (tag, count, grid), and search finds the tag", async ({
    page,
    request,
  }) => {
    test.slow();
    // A tag of this run alone, so the count is exact.
    const tag = `linen${Date.now().toString(36)}`;
    const ann = await createApiUser(request, 'ann');
    const first = await publishThroughApi(request, ann.token, `Summer layers #${tag} #beach`);
    const second = await publishThroughApi(request, ann.token, `Again #${tag}`, { rgb: [90, 140, 200] });
    const other = await publishThroughApi(request, ann.token, 'No tag here #beach', { rgb: [40, 160, 90] });
    const viewer = await createApiUser(request, 'ben');

    await markOnboarded(page);
    await signInThroughUi(page, viewer.email);
    await page.goto(`/post/${first.id}`);
    const chips = page
      .getByRole('article')
      .first()
      .getByRole('list', { name: 'Brands, sizes, colours, patterns and tags' });
    // The caption's hashtags are chips, not caption text.
    await chips.getByRole('link', { name: `#${tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/tag/${tag}$`));
    await expect(page.getByRole('heading', { name: `#${tag}` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'posts found' })).toHaveText('2 posts found');
    await expect(page.locator(`a[href="/post/${first.id}"]`)).toBeVisible();
    await expect(page.locator(`a[href="/post/${second.id}"]`)).toBeVisible();
    await expect(page.locator(`a[href="/post/${other.id}"]`)).toHaveCount(0);

    // Explore's search suggests the tag with the keyboard and opens the same page.
    await page.goto('/explore');
    const search = page.getByRole('combobox', { name: 'Search style, item, brand...' });
    await search.pressSequentially(tag.slice(0, 9));
    const option = page
      .getByRole('listbox', { name: 'Suggestions' })
      .getByRole('option', { name: `#${tag}` });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/tag/${tag}$`));
    await expect(page.getByRole('status').filter({ hasText: 'posts found' })).toHaveText('2 posts found');
  });
});
