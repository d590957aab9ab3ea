import { expect, type Locator, type Page, test } from '@playwright/test';
import { PASSWORD, signInThroughUi } from './support/auth';
import { bearer } from './support/discovery';
import { createApiUser, makeAdministrator } from './support/people';
import { publishThroughApi } from './support/posts';
import { expectNoSeriousA11yViolations, markOnboarded } from './support/shell';

/*
 * The administrators' moderation screen (/settings/moderation): people report a post and a comment in the
 * app; an administrator finds both from the profile menu, removes the post (gone from the feed), dismisses
 * the comment's report and looks through the tabs, in English and in Hebrew. Everyone else is refused.
 */

/** The card of the report whose reported thing shows `text` (other journeys report things on the same server). */
function reportCard(page: Page, text: string): Locator {
  return page.getByRole('article').filter({ hasText: text });
}

test('an administrator reviews what people reported: removes a post, dismisses a comment, in en and he', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const author = await createApiUser(request, 'olga');
  const commenter = await createApiUser(request, 'pete');
  const reporter = await createApiUser(request, 'rita');
  const stamp = Date.now().toString(36);
  const caption = `Olga's loud coat ${stamp}`;
  const otherCaption = `Olga's quiet scarf ${stamp}`;
  const commentText = `Not a kind word ${stamp}`;
  const postId = (await publishThroughApi(request, author.token, caption)).id;
  const otherPostId = (await publishThroughApi(request, author.token, otherCaption)).id;
  const comment = await request.post(`/api/v1/posts/${otherPostId}/comments`, {
    headers: bearer(commenter.token),
    data: { body: commentText },
  });
  expect(comment.status(), await comment.text()).toBe(201);

  // Rita reports the post and the comment in the app.
  const ritaContext = await browser.newContext();
  const rita = await ritaContext.newPage();
  await markOnboarded(rita);
  await signInThroughUi(rita, reporter.email, PASSWORD);
  await rita.goto(`/post/${postId}`);
  await rita.getByRole('button', { name: `More options for ${author.username}'s post` }).click();
  await rita.getByRole('menuitem', { name: 'Report' }).click();
  const reportPost = rita.getByRole('dialog', { name: 'Report post' });
  await reportPost.getByRole('radio', { name: 'Harassment or bullying' }).check();
  await reportPost.getByLabel('More details (optional)').fill('Mocks a friend of mine');
  await reportPost.getByRole('button', { name: 'Send report' }).click();
  await expect(rita.getByText('Thanks for your report')).toBeVisible();
  await rita.goto(`/post/${otherPostId}`);
  await rita.getByRole('button', { name: /^Comments/ }).click();
  await rita.getByRole('button', { name: `Report comment by ${commenter.username}` }).click();
  const reportComment = rita.getByRole('dialog', { name: 'Report comment' });
  await reportComment.getByRole('radio', { name: 'Hate speech or symbols' }).check();
  await reportComment.getByRole('button', { name: 'Send report' }).click();
  await expect(rita.getByText('Thanks for your report')).toBeVisible();

  // Rita is no administrator: no menu entry, and the address itself refuses her.
  await rita.goto('/profile');
  await rita.getByRole('button', { name: 'More options' }).click();
  await expect(rita.getByRole('menuitem', { name: 'Blocked people' })).toBeVisible();
  await expect(rita.getByRole('menuitem', { name: 'Moderation' })).toHaveCount(0);
  await rita.keyboard.press('Escape');
  await rita.goto('/settings/moderation');
  await expect(rita.getByText('Only administrators can see this page')).toBeVisible();
  await expect(rita.getByRole('tab')).toHaveCount(0);
  await ritaContext.close();

  // The administrator opens the screen from the profile's menu.
  const admin = await createApiUser(request, 'mod');
  await makeAdministrator(request, admin);
  await markOnboarded(page);
  await signInThroughUi(page, admin.email, PASSWORD);
  await expect(page.getByText(caption)).toBeVisible();
  await page.goto('/profile');
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Moderation' }).click();
  await expect(page).toHaveURL(/\/settings\/moderation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Open', selected: true })).toBeVisible();

  const postCard = reportCard(page, caption);
  const commentCard = reportCard(page, commentText);
  await expect(postCard).toBeVisible();
  await expect(postCard.getByText('Reason: Harassment or bullying')).toBeVisible();
  await expect(postCard.getByText('Mocks a friend of mine')).toBeVisible();
  await expect(postCard.getByText(`@${reporter.username}`, { exact: false })).toBeVisible();
  await expect(postCard.getByRole('link', { name: new RegExp(caption) })).toHaveAttribute(
    'href',
    `/post/${postId}`,
  );
  await expect(commentCard.getByText('Reason: Hate speech or symbols')).toBeVisible();
  await expect(commentCard.getByRole('link', { name: 'View post' })).toHaveAttribute(
    'href',
    `/post/${otherPostId}`,
  );
  await expectNoSeriousA11yViolations(page, '/settings/moderation (en)');

  // Remove the post, after reading what that does.
  await postCard.getByRole('button', { name: 'Remove post' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove this post?' });
  await expect(confirm.getByText(caption)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'remove post dialog');
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('Post removed')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(postCard).toHaveCount(0);

  // Dismiss the comment's report: it leaves the Open list at once.
  await commentCard.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('Report dismissed')).toBeVisible();
  await expect(commentCard).toHaveCount(0);

  // The tabs: the post's report is resolved (the post is gone), the comment's dismissed.
  await page.getByRole('tab', { name: 'Resolved' }).click();
  await expect(page).toHaveURL(/status=resolved/);
  const resolved = page.getByRole('list', { name: 'Resolved reports' });
  const removedCard = resolved
    .getByRole('article')
    .filter({ hasText: 'Mocks a friend of mine' })
    .filter({ hasText: `@${reporter.username}` });
  await expect(removedCard.getByText('Post (removed)')).toBeVisible();
  await expect(removedCard.getByText('Resolved', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Dismissed' }).click();
  await expect(page).toHaveURL(/status=dismissed/);
  const dismissedCard = reportCard(page, commentText);
  await expect(dismissedCard.getByText('Dismissed', { exact: true })).toBeVisible();
  await expect(dismissedCard.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(reportCard(page, commentText)).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: 'Mocks a friend of mine' })).not.toHaveCount(0);

  // The post is gone from the feed and its page, for the administrator and for a visitor.
  await page.goto('/');
  await expect(page.getByText(otherCaption)).toBeVisible();
  await expect(page.getByText(caption)).toHaveCount(0);
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await markOnboarded(visitor);
  await visitor.goto(`/post/${postId}`);
  await expect(visitor.getByText('Post not found')).toBeVisible();
  await visitor.goto('/settings/moderation');
  await expect(visitor.getByText('Sign in to review reports')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/auth');
  await visitorContext.close();

  // In Hebrew: the same screen, right to left, and axe again.
  await page.evaluate(() => window.localStorage.setItem('lang', 'he'));
  await page.goto('/settings/moderation?status=dismissed');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'ניהול תוכן' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'נדחו', selected: true })).toBeVisible();
  await expect(reportCard(page, commentText).getByText('סיבה: דברי שנאה או סמלי שנאה')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/settings/moderation (he)');
});
