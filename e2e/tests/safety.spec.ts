import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, signInThroughUi } from './support/auth';
import { bearer, passwordToken } from './support/discovery';
import { createApiUser, followThroughApi, makeAdministrator } from './support/people';
import { publishThroughApi } from './support/posts';
import { expectNoSeriousA11yViolations, markOnboarded } from './support/shell';

/*
 * Safety for a community: a user reports another's post and blocks them; the blocked person's posts
 * leave the blocker's feed and they cannot message the blocker; an administrator reviews the report and
 * removes the post for everyone.
 */

/**
 * Text with a person's name in it. The app wraps names in Unicode isolates (what <bdi> does) so that a
 * Latin username keeps its order in a Hebrew sentence; they are invisible, but part of the text.
 */
function withName(before: string, name: string, after: string): RegExp {
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${literal(before)}\u2068?${literal(name)}\u2069?${literal(after)}`);
}

/** An administrator's token: the role is given through the admin API, then a fresh sign-in. */
async function createAdmin(request: APIRequestContext): Promise<string> {
  const user = await createApiUser(request, 'admin');
  await makeAdministrator(request, user);
  return passwordToken(request, user.email);
}

test('a report and a block, then an administrator removes the post for everyone', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const alice = await createApiUser(request, 'alice');
  const bob = await createApiUser(request, 'bob');
  const carol = await createApiUser(request, 'carol');
  const stamp = Date.now().toString(36);
  const bobCaption = `Bob's loud jacket ${stamp}`;
  const carolCaption = `Carol's calm coat ${stamp}`;
  const bobPost = (await publishThroughApi(request, bob.token, bobCaption)).id;
  await publishThroughApi(request, carol.token, carolCaption);
  // Bob follows Alice, so that before the block he may write to her.
  await followThroughApi(request, bob, alice);
  await followThroughApi(request, alice, bob);

  await markOnboarded(page);
  await signInThroughUi(page, alice.email, PASSWORD);

  // Alice reports Bob's post from its '...' menu.
  await page.goto(`/post/${bobPost}`);
  await expect(page.getByText(bobCaption)).toBeVisible();
  await page.getByRole('button', { name: `More options for ${bob.username}'s post` }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const report = page.getByRole('dialog', { name: 'Report post' });
  await expect(report).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'report dialog');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report.getByRole('alert')).toHaveText('Choose a reason');
  await report.getByRole('radio', { name: 'Harassment or bullying' }).check();
  await report.getByLabel('More details (optional)').fill('Mean caption');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks for your report')).toBeVisible();
  await expect(report).toBeHidden();

  // ... and blocks Bob from his profile, after reading what blocking does.
  await page.goto(`/profile/${bob.username}`);
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Block' }).click();
  const confirm = page.getByRole('alertdialog', { name: withName('Block ', bob.username, '?') });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText('You stop following each other.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'block dialog');
  await confirm.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText(withName('', bob.username, ' is blocked'))).toBeVisible();
  await expect(page.getByText(withName('You blocked ', bob.username, ''))).toBeVisible();

  // Bob's post leaves Alice's feed; Carol's stays.
  await page.goto('/');
  await expect(page.getByText(carolCaption)).toBeVisible();
  await expect(page.getByText(bobCaption)).toHaveCount(0);
  await page.goto(`/post/${bobPost}`);
  await expect(page.getByText('Post not found')).toBeVisible();

  // Bob can no longer write to Alice.
  const write = await request.post('/api/v1/conversations', {
    headers: bearer(bob.token),
    data: { profile_id: alice.id },
  });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { error: { message: string } }).error.message).toBe(
    'You cannot message this person',
  );

  // An administrator sees the report with its post, and removes the post.
  const admin = await createAdmin(request);
  const nonAdmin = await request.get('/api/v1/admin/reports', { headers: bearer(alice.token) });
  expect(nonAdmin.status()).toBe(403);
  const reports = await request.get('/api/v1/admin/reports?limit=50', { headers: bearer(admin) });
  expect(reports.status()).toBe(200);
  const { items } = (await reports.json()) as {
    items: { id: string; target_id: string; reason: string; note: string; target: { text: string } | null }[];
  };
  expect(items.find((item) => item.target_id === bobPost)).toMatchObject({
    reason: 'harassment',
    note: 'Mean caption',
    target: { text: bobCaption },
  });
  const removed = await request.delete(`/api/v1/admin/posts/${bobPost}`, { headers: bearer(admin) });
  expect(removed.status(), await removed.text()).toBe(200);

  // Gone for everyone: a visitor in a fresh browser, and Carol through the API.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await markOnboarded(visitor);
  await visitor.goto(`/post/${bobPost}`);
  await expect(visitor.getByText('Post not found')).toBeVisible();
  await visitor.goto('/');
  await expect(visitor.getByText(carolCaption)).toBeVisible();
  await expect(visitor.getByText(bobCaption)).toHaveCount(0);
  await visitorContext.close();
  const asCarol = await request.get(`/api/v1/posts/${bobPost}`, { headers: bearer(carol.token) });
  expect(asCarol.status()).toBe(404);

  // Alice finds Bob in her blocked people, and unblocks him.
  await page.goto('/settings/blocked');
  const list = page.getByRole('list', { name: 'Blocked people' });
  await expect(list.getByText(bob.username)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/settings/blocked');
  await page.getByRole('button', { name: withName('Unblock ', bob.username, '') }).click();
  await expect(page.getByText(withName('', bob.username, ' is unblocked'))).toBeVisible();
  await expect(page.getByText("You haven't blocked anyone")).toBeVisible();
});

test('visitors who try to report are asked to register', async ({ page, request }) => {
  const author = await createApiUser(request, 'dana');
  const postId = (await publishThroughApi(request, author.token, `Dana's dress ${Date.now().toString(36)}`))
    .id;
  await markOnboarded(page);
  await page.goto(`/post/${postId}`);
  await page.getByRole('button', { name: `More options for ${author.username}'s post` }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  await expect(page.getByRole('dialog', { name: 'To report posts, you need to register' })).toBeVisible();

  await page.goto(`/profile/${author.username}`);
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('menuitem', { name: 'Block' }).click();
  await expect(page.getByRole('dialog', { name: 'To block users, you need to register' })).toBeVisible();
});

test('a comment can be reported from the comments', async ({ page, request }) => {
  const author = await createApiUser(request, 'erin');
  const commenter = await createApiUser(request, 'finn');
  const reader = await createApiUser(request, 'gail');
  const postId = (await publishThroughApi(request, author.token, `Erin's boots ${Date.now().toString(36)}`))
    .id;
  const comment = await request.post(`/api/v1/posts/${postId}/comments`, {
    headers: bearer(commenter.token),
    data: { body: 'Not a nice thing to say' },
  });
  expect(comment.status()).toBe(201);

  await markOnboarded(page);
  await signInThroughUi(page, reader.email, PASSWORD);
  await page.goto(`/post/${postId}`);
  await page.getByRole('button', { name: /^Comments/ }).click();
  await page.getByRole('button', { name: `Report comment by ${commenter.username}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Report comment' });
  await dialog.getByRole('radio', { name: 'Hate speech or symbols' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks for your report')).toBeVisible();
});
