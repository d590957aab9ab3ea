import { expect, test } from '@playwright/test';
import { signInThroughUi } from './support/auth';
import { createApiUser } from './support/people';
import { publishThroughApi } from './support/posts';
import { markOnboarded } from './support/shell';

test.describe('mentions', () => {
  test('mentioning someone in a comment through the suggestions reaches their Activity', async ({
    browser,
    page,
    request,
  }) => {
    test.slow();
    const ann = await createApiUser(request, 'ann');
    const post = await publishThroughApi(request, ann.token, 'Linen and sandals');
    const ben = await createApiUser(request, 'ben');
    const cleo = await createApiUser(request, 'cleo');

    // Ben comments on Ann's post and picks Cleo from the suggestions with the keyboard.
    await markOnboarded(page);
    await signInThroughUi(page, ben.email);
    await page.goto(`/post/${post.id}`);
    await page
      .getByRole('article')
      .first()
      .getByRole('button', { name: /^Comments/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Comments' });
    const input = dialog.getByRole('combobox', { name: 'Add comment...' });
    await input.pressSequentially(`Ask @${cleo.username.slice(0, 8)}`);
    const list = dialog.getByRole('listbox', { name: 'People to mention' });
    await expect(list.getByRole('option', { name: new RegExp(cleo.username) })).toBeVisible();
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await input.press('Enter');
    await expect(input).toHaveValue(`Ask @${cleo.username} `);
    await input.pressSequentially('about it');
    await input.press('Enter');
    const link = dialog.getByRole('link', { name: `@${cleo.username}` });
    await expect(link).toHaveAttribute('href', `/profile/${cleo.username}`);

    // Cleo's Activity names Ben and the comment.
    const context = await browser.newContext();
    const cleoPage = await context.newPage();
    await markOnboarded(cleoPage);
    await signInThroughUi(cleoPage, cleo.email);
    await cleoPage.goto('/activity');
    const item = cleoPage
      .getByRole('list', { name: 'Activity' })
      .getByRole('link', { name: new RegExp(`${ben.username}.* mentioned you in a comment`) });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('href', `/post/${post.id}`);
    await context.close();
  });
});
