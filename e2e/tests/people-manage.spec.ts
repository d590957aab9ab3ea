import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { markContextOnboarded, signInThroughUi } from './support/auth';
import { type ApiUser, createApiUser } from './support/people';
import { createPostThroughApi, signUpThroughUi } from './support/posts';
import { expectNoSeriousA11yViolations, markOnboarded } from './support/shell';

/** An album of `owner` with these posts, made through the API. */
async function createAlbumThroughApi(
  request: APIRequestContext,
  owner: ApiUser,
  name: string,
  postIds: string[],
): Promise<string> {
  const headers = { authorization: `Bearer ${owner.token}` };
  const created = await request.post('/api/v1/albums', { headers, data: { name, post_id: postIds[0] } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const postId of postIds.slice(1)) {
    const added = await request.put(`/api/v1/albums/${id}/posts/${postId}`, { headers });
    expect(added.status(), await added.text()).toBe(200);
  }
  return id;
}

const outfitCard = (page: Page) => page.getByRole('article').first();

test.describe('people: follows, saved products, album management', () => {
  test('follow from an outfit card and see the followers count change live on the profile elsewhere', async ({
    page,
    browser,
    request,
  }) => {
    const { postId, username } = await createPostThroughApi(request, 'Denim on denim #follow');

    const watcherContext = await browser.newContext();
    await markContextOnboarded(watcherContext);
    const watcher = await watcherContext.newPage();
    await watcher.goto(`/profile/${username}`);
    await expect(watcher.getByTestId('count-followers')).toHaveText('0');

    await markOnboarded(page);
    await signUpThroughUi(page);
    await page.goto(`/post/${postId}`);
    const card = outfitCard(page);
    await card.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByText('User followed successfully')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Following', exact: true })).toBeVisible();
    // The other browser's profile page is not reloaded: the count arrives over the events stream.
    await expect(watcher.getByTestId('count-followers')).toHaveText('1');
    await expectNoSeriousA11yViolations(page, 'post detail after follow');

    await card.getByRole('button', { name: 'Following', exact: true }).click();
    await expect(page.getByText('User unfollowed successfully')).toBeVisible();
    await expect(watcher.getByTestId('count-followers')).toHaveText('0');
    await watcherContext.close();
  });

  test("save a product from a post's items sheet, then find it in the wishlist and by search", async ({
    page,
    request,
  }) => {
    const { postId } = await createPostThroughApi(request, 'Evening in Jaffa #products');
    await markOnboarded(page);
    await signUpThroughUi(page);
    await page.goto(`/post/${postId}`);

    await outfitCard(page).getByRole('button', { name: 'Outfit items (1)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Outfit items' });
    await expect(sheet).toBeVisible();
    const heart = sheet.getByRole('button', { name: 'Save to wishlist' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousA11yViolations(page, 'items sheet');

    await page.goto('/wishlist');
    const products = page.locator('section', { has: page.getByRole('heading', { name: /Saved Products/ }) });
    await expect(products.getByText('Zara')).toBeVisible();
    await expect(page.getByText('No saved products yet')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'wishlist with a saved product');

    const search = page.getByRole('searchbox', { name: 'Search posts, albums, products...' });
    await search.fill('zar');
    await expect(products.getByText('Zara')).toBeVisible();
    await search.fill('no-such-thing-qq');
    await expect(page.getByText('No products found')).toBeVisible();
    await expect(page.getByText('No posts found')).toBeVisible();
    await expect(page.getByText('No albums found')).toBeVisible();
    await expect(page.getByText('Try a different search term').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'wishlist search miss');

    await page.goto('/wishlist/products');
    await expect(page.getByText('Zara')).toBeVisible();
    const ownSearch = page.getByRole('searchbox', { name: 'Search saved products...' });
    await ownSearch.fill('no-such-thing-qq');
    await expect(page.getByText('No products found')).toBeVisible();
    await expect(page.getByText('Try a different search term')).toBeVisible();
    await ownSearch.fill('ZARA');
    await expect(page.getByText('Zara')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'saved products');
  });

  test('the owner renames, hides, empties and deletes an album; nobody else gets the controls', async ({
    page,
    browser,
    request,
  }) => {
    const first = await createPostThroughApi(request, 'Linen shirt #album');
    const second = await createPostThroughApi(request, 'Straw hat #album');
    const owner = await createApiUser(request, 'curator');
    const name = `Holiday ${Math.random().toString(36).slice(2, 7)}`;
    const albumId = await createAlbumThroughApi(request, owner, name, [first.postId, second.postId]);
    const albumUrl = `/album/${albumId}/posts`;

    // A visitor sees the album, without any owner control.
    const visitorContext = await browser.newContext();
    await markContextOnboarded(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto(albumUrl);
    await expect(visitor.getByRole('heading', { name })).toBeVisible();
    await expect(visitor.getByRole('group', { name: 'Manage album' })).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: /from album/ })).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: 'Rename' })).toHaveCount(0);

    await markOnboarded(page);
    await signInThroughUi(page, owner.email);
    await page.goto(albumUrl);
    const manage = page.getByRole('group', { name: 'Manage album' });
    await expect(manage).toBeVisible();
    await expect(page.locator('main a[href^="/post/"]')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, 'own album');

    // Rename: a blank name is refused with the rule's message and changes nothing.
    await manage.getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename album' });
    await expect(rename.getByLabel('Album name')).toHaveValue(name);
    await rename.getByLabel('Album name').fill('   ');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(rename.getByText('Album name cannot be empty')).toBeVisible();
    await expect(rename.getByLabel('Album name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page, 'rename album dialog');
    await rename.getByLabel('Album name').fill(`  ${name} renamed  `);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Album renamed')).toBeVisible();
    await expect(rename).toBeHidden();
    await expect(page.getByRole('heading', { name: `${name} renamed` })).toBeVisible();

    // Private: the visitor gets "Album not found"; public again: they see it.
    await manage.getByRole('button', { name: 'Make private' }).click();
    await expect(page.getByText('Album is now private: only you can see it')).toBeVisible();
    await expect(manage.getByRole('button', { name: 'Make public' })).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByText('Album not found')).toBeVisible();
    await manage.getByRole('button', { name: 'Make public' }).click();
    await expect(page.getByText('Album is now public')).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: `${name} renamed` })).toBeVisible();

    // Remove one post: the album keeps the other, the post itself stays.
    await page.getByRole('button', { name: /^Remove “Linen shirt #album” from album$/ }).click();
    await expect(page.getByText('Post removed from album')).toBeVisible();
    await expect(page.locator(`main a[href="/post/${first.postId}"]`)).toHaveCount(0);
    await expect(page.locator(`main a[href="/post/${second.postId}"]`)).toBeVisible();
    await visitor.goto(`/post/${first.postId}`);
    await expect(visitor.getByRole('article').first()).toBeVisible();

    // Delete, after a confirmation. (The last toast first goes: under the dialog's overlay it is dimmed,
    // and axe would measure it there.)
    await expect(page.getByText('Post removed from album')).toBeHidden();
    await manage.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete album' });
    await expect(confirm).toContainText('The posts in it stay. This action cannot be undone.');
    await expectNoSeriousA11yViolations(page, 'delete album dialog');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await manage.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete album' })
      .getByRole('button', { name: 'Delete album' })
      .click();
    await expect(page.getByText('Album deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    await visitor.goto(albumUrl);
    await expect(visitor.getByText('Album not found')).toBeVisible();
    await visitorContext.close();
  });

  test('album management and handles in Hebrew', async ({ page, request }) => {
    const post = await createPostThroughApi(request, 'Sunset #hebrew');
    const owner = await createApiUser(request, 'noa.he');
    const albumId = await createAlbumThroughApi(request, owner, 'Beach', [post.postId]);
    await markOnboarded(page);
    await signInThroughUi(page, owner.email);
    await page.evaluate(() => window.localStorage.setItem('lang', 'he'));
    await page.goto(`/album/${albumId}/posts`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    // 'by @user' keeps the @ in front of the name: the handle is its own left-to-right isolate.
    const handle = page.locator('main bdi[dir="ltr"]', { hasText: `@${owner.username}` });
    await expect(handle).toHaveText(`@${owner.username}`);
    const manage = page.getByRole('group', { name: 'ניהול האלבום' });
    await manage.getByRole('button', { name: 'הפיכה לפרטי' }).click();
    await expect(page.getByText('האלבום פרטי עכשיו: רק אתם רואים אותו')).toBeVisible();
    await manage.getByRole('button', { name: 'שינוי שם' }).click();
    const rename = page.getByRole('dialog', { name: 'שינוי שם האלבום' });
    await rename.getByLabel('שם האלבום').fill(' ');
    await rename.getByRole('button', { name: 'שמירה' }).click();
    await expect(rename.getByText('שם האלבום לא יכול להיות ריק')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'rename album dialog (he)');
    await rename.getByLabel('שם האלבום').fill('חוף');
    await rename.getByRole('button', { name: 'שמירה' }).click();
    await expect(page.getByText('שם האלבום שונה')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'חוף' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'own album (he)');

    await page.goto(`/profile/${post.username}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`@${post.username}`);
    await expect(page.locator('h1 bdi[dir="ltr"]')).toHaveText(`@${post.username}`);
  });
});
