import { expect, type Locator, type Page, test } from '@playwright/test';
import { markContextOnboarded, PASSWORD, signInThroughUi, submitAuthForm, uniqueEmail } from './support/auth';
import { createApiUser } from './support/people';
import {
  createPostThroughApi,
  pngFile,
  publishThroughApi,
  type Shop,
  signUpThroughUi,
  startShop,
} from './support/posts';
import { bottomNav, expectNoSeriousA11yViolations } from './support/shell';

// One journey at a time in this file: "first in the feed" must not race another journey's new post.
test.describe.configure({ mode: 'default' });

let shop: Shop;

test.beforeAll(async () => {
  shop = await startShop();
});

test.afterAll(async () => {
  await shop.close();
});

test.beforeEach(async ({ context }) => {
  await markContextOnboarded(context);
});

/** The src of a card's photo `index` of `count` (the media order as the app shows it). */
async function photoSrc(scope: Page | Locator, index: number, count: number): Promise<string> {
  // A page: its first post (the post of a post's page, the newest of a profile); a locator: that post.
  const article = 'goto' in scope ? scope.getByRole('article').first() : scope;
  const image = article.getByRole('img', { name: new RegExp(`, ${index} of ${count}$`) });
  const src = await image.getAttribute('src');
  expect(src).toBeTruthy();
  return src as string;
}

test('a signed-in user publishes a post with a scraped product and opens it', async ({ page }) => {
  await signUpThroughUi(page);
  // The sign-up's toast fades out: axe would measure its half-transparent text against the page.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page, 'home');

  await page.goto('/create-post');
  await expect(page.getByRole('heading', { name: 'Create Post' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'create post');

  await page
    .getByTestId('media-input')
    .setInputFiles([pngFile('first.png', [200, 60, 60]), pngFile('second.png', [60, 60, 200])]);
  await expect(page.getByRole('img', { name: 'Media 2 of 2' })).toBeVisible();
  const caption = `Linen weekend ${Date.now()}`;
  await page.getByRole('combobox', { name: 'Caption' }).fill(caption);
  await expect(page.getByText(`${caption.length}/2,200 characters`)).toBeVisible();
  await page.getByRole('button', { name: 'Casual', exact: true }).click();

  await page.getByRole('button', { name: 'Add Product' }).click();
  const product = page.getByRole('group', { name: 'Product 1' });
  await product.getByLabel('Purchase link').fill(shop.productUrl);
  await product.getByRole('button', { name: 'Get the details of product 1 from its link' }).click();
  await expect(page.getByText('Data scraped successfully')).toBeVisible();
  await expect(page.getByText('2 images found')).toBeVisible();
  await expect(product.getByLabel('Price')).toHaveValue('129.9');
  await expect(product.getByRole('combobox', { name: 'Brand' })).toHaveText('Mango');
  await expect(product.getByRole('combobox', { name: 'Currency' })).toContainText('EUR');
  await expect(product.getByRole('button', { name: 'Use image 1' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page.getByText('Post created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // In the feed, with its chips and the caption without its hashtag. Found by its caption, not as the first
  // post: journeys in other files run at the same time and may publish in between.
  const card = page
    .getByRole('feed')
    .getByRole('article')
    .filter({ has: page.getByText(caption, { exact: true }) });
  await expect(card).toBeVisible();
  await expect(card.getByText(caption, { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: '#Casual' })).toBeVisible();
  await expect(card.getByText('Mango', { exact: true })).toBeVisible();
  const firstSrc = await photoSrc(card, 1, 2);
  const secondSrc = await photoSrc(card, 2, 2);

  // Opens the post.
  await card.getByRole('link', { name: /, 1 of 2$/ }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('article').first().getByText(caption, { exact: true })).toBeVisible();
  expect(await photoSrc(page, 1, 2)).toBe(firstSrc);
  expect(await photoSrc(page, 2, 2)).toBe(secondSrc);
  await expectNoSeriousA11yViolations(page, 'post detail');
});

test('the author edits a post and deletes it, confirming in Hebrew', async ({ page, request }) => {
  // Publishing through the screens is the journey above; this one starts from a published post.
  const author = await createApiUser(request, 'editor');
  const caption = `Linen weekend ${Date.now()}`;
  // The style chips travel as hashtags in the caption (the editor shows the caption without them).
  const { id } = await publishThroughApi(request, author.token, `${caption} #Casual`, {
    images: [
      [200, 60, 60],
      [60, 60, 200],
    ],
    items: [{ link: 'https://shop.example/linen-shirt', brand: 'Mango', price: '129.9', currency: 'EUR' }],
  });
  const postUrl = `/post/${id}`;
  await page.goto('/auth');
  await signInThroughUi(page, author.email, PASSWORD);
  await page.goto(postUrl);
  await expect(page.getByRole('article').first().getByText(caption, { exact: true })).toBeVisible();
  const firstSrc = await photoSrc(page, 1, 2);
  const secondSrc = await photoSrc(page, 2, 2);

  // Edits it: the second photo first, another price.
  await page.getByRole('link', { name: 'Edit post' }).click();
  await expect(page).toHaveURL(/\/edit-post\//);
  const save = page.getByRole('button', { name: 'Save Changes' });
  await expect(save).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Caption' })).toHaveValue(caption);
  await expect(page.getByRole('button', { name: 'Casual', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoSeriousA11yViolations(page, 'edit post');
  await page.getByRole('button', { name: 'Options for media 1 of 2' }).click();
  await page.getByRole('menuitem', { name: 'Move media 1 later' }).click();
  await expect(page.getByRole('img', { name: 'Media 1 of 2' })).toHaveAttribute('src', secondSrc);
  await page.getByRole('group', { name: 'Product 1' }).getByLabel('Price').fill('99.5');
  await save.click();
  await expect(page.getByText('Post updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);

  // Sees the change.
  await page.goto(postUrl);
  await expect.poll(() => photoSrc(page, 1, 2)).toBe(secondSrc);
  expect(await photoSrc(page, 2, 2)).toBe(firstSrc);
  await page.getByRole('button', { name: 'Outfit items (1)' }).click();
  const items = page.getByRole('dialog', { name: 'Outfit Items' });
  await expect(items.getByText('€99.50')).toBeVisible();
  await expect(items.getByRole('link', { name: /View Item/ })).toHaveAttribute('target', '_blank');
  await page.keyboard.press('Escape');

  // Deletes it (the confirmation checked with axe in English, then in Hebrew, where it is confirmed).
  await page.getByRole('button', { name: 'Delete Post' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Post' });
  await expect(confirm).toContainText(
    'Are you sure you want to delete this post? This action cannot be undone.',
  );
  await expectNoSeriousA11yViolations(page, 'delete post dialog');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.evaluate(() => window.localStorage.setItem('lang', 'he'));
  await page.reload();
  await page.getByRole('button', { name: 'מחיקת הפוסט' }).click();
  const hebrewConfirm = page.getByRole('alertdialog', { name: 'מחיקת הפוסט' });
  await expect(hebrewConfirm).toContainText('בטוחים שאתם רוצים למחוק את הפוסט?');
  await expectNoSeriousA11yViolations(page, 'delete post dialog (he)');
  await hebrewConfirm.getByRole('button', { name: 'מחיקה', exact: true }).click();
  await expect(page.getByText('הפוסט נמחק')).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  await page.evaluate(() => window.localStorage.setItem('lang', 'en'));
  await page.goto(postUrl);
  await expect(page.getByText('Post not found')).toBeVisible();
});

test("a signed-out visitor's draft, files included, survives the trip to /auth and back", async ({
  page,
}) => {
  await page.goto('/create-post');
  await page
    .getByTestId('media-input')
    .setInputFiles([pngFile('one.png', [30, 160, 90]), pngFile('two.png', [240, 200, 40])]);
  await page.getByRole('combobox', { name: 'Caption' }).fill('My draft look');
  await page.getByRole('button', { name: 'Party', exact: true }).click();
  await page.getByRole('button', { name: 'Add Product' }).click();
  await page
    .getByRole('group', { name: 'Product 1' })
    .getByLabel('Purchase link')
    .fill('https://shop.example/skirt');
  await page.getByRole('button', { name: 'Publish Post' }).click();

  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Your draft is saved')).toBeVisible();
  await submitAuthForm(page, 'Sign Up', uniqueEmail(), PASSWORD);

  await expect(page).toHaveURL(/\/create-post$/);
  await expect(page.getByText('Form restored')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Caption' })).toHaveValue('My draft look');
  await expect(page.getByRole('button', { name: 'Party', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('group', { name: 'Product 1' }).getByLabel('Purchase link')).toHaveValue(
    'https://shop.example/skirt',
  );
  // The photos themselves came back, not just their names: they are drawn from restored files.
  for (const name of ['Media 1 of 2', 'Media 2 of 2']) {
    const image = page.getByRole('img', { name });
    await expect(image).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(160);
  }
  // The draft stays saved until it is published, with the edits made since (written as they are made):
  // a reload brings it back again, files and all.
  await page.getByRole('combobox', { name: 'Caption' }).fill('My draft look, finished');
  await expect
    .poll(() => page.evaluate(() => JSON.parse(window.localStorage.getItem('postDraft') ?? '{}').caption))
    .toBe('My draft look, finished');
  await page.reload();
  await expect(page.getByText('Form restored')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Caption' })).toHaveValue('My draft look, finished');
  await expect(page.getByRole('img', { name: 'Media 2 of 2' })).toHaveAttribute('src', /^blob:/);

  // And it publishes.
  await page.getByRole('button', { name: 'Publish Post' }).click();
  await expect(page.getByText('Post created successfully!')).toBeVisible();
  // Other journeys publish at the same time: the new post is in the feed, not necessarily on top.
  await expect(
    page.getByRole('feed').getByRole('article').filter({ hasText: 'My draft look, finished' }).first(),
  ).toBeVisible();
  // Published: the draft is gone.
  expect(await page.evaluate(() => window.localStorage.getItem('postDraft'))).toBeNull();
});

test('a like and a comment persist across a reload', async ({ page }) => {
  const caption = `Like me ${Date.now()}`;
  const { postId } = await createPostThroughApi(page.request, caption);
  await signUpThroughUi(page);
  await page.goto(`/post/${postId}`);

  const card = page.getByRole('article').first();
  const like = card.getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByTestId('like-count')).toContainText('1 like');

  await card.getByRole('button', { name: /^Comments/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Comments' });
  const input = dialog.getByRole('combobox', { name: 'Add comment...' });
  const send = dialog.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  await input.fill('   ');
  await expect(send).toBeDisabled();
  await input.fill('  Great colours!  ');
  await input.press('Enter');
  await expect(dialog.getByText('Great colours!', { exact: true })).toBeVisible();
  await expect(input).toHaveValue('');

  await page.reload();
  const reloaded = page.getByRole('article').first();
  await expect(reloaded.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(reloaded.getByTestId('like-count')).toContainText('1 like');
  await reloaded.getByRole('button', { name: 'Comments (1)' }).click();
  const comments = page.getByRole('dialog', { name: 'Comments' });
  await expect(comments.getByText('Great colours!', { exact: true })).toBeVisible();
  // The comment's Like says its count in words ("Like1" before).
  await comments.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(comments.getByRole('button', { name: 'Like (1 like)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoSeriousA11yViolations(page, 'comments dialog');

  // In Hebrew the (Latin) name and the text stay apart: the gap used to sit on the name's own end.
  await page.evaluate(() => window.localStorage.setItem('lang', 'he'));
  await page.reload();
  await page.getByRole('article').first().getByRole('button', { name: 'תגובות (1)' }).click();
  const hebrew = page.getByRole('dialog', { name: 'תגובות' });
  const body = hebrew.getByText('Great colours!', { exact: true });
  await expect(body).toBeVisible();
  const gap = await body.evaluate((text) => {
    const name = text.parentElement?.querySelector('bdi');
    if (!name) return null;
    const a = name.getBoundingClientRect();
    const b = text.getBoundingClientRect();
    return Math.max(a.left - b.right, b.left - a.right);
  });
  expect(gap).toBeGreaterThanOrEqual(4);
  await expectNoSeriousA11yViolations(page, 'comments dialog (he)');
});

test("a second user cannot open the first user's edit page", async ({ page }) => {
  const { postId } = await createPostThroughApi(page.request, `Not yours ${Date.now()}`);
  await signUpThroughUi(page);
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('link', { name: 'Edit post' })).toHaveCount(0);

  await page.goto(`/edit-post/${postId}`);
  await expect(page.getByText('Access denied')).toBeVisible();
  await expect(page.getByText('You can only edit your own posts')).toBeVisible();
  await expect(page).not.toHaveURL(/\/edit-post\//);
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
});

test('a signed-out visitor is sent to sign in from the edit page, and a like asks them to register', async ({
  page,
}) => {
  const { postId } = await createPostThroughApi(page.request, `Visitor view ${Date.now()}`);
  await page.goto(`/post/${postId}`);
  await page.getByRole('article').first().getByRole('button', { name: 'Like', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'To like posts, you need to register' })).toBeVisible();

  await page.goto(`/edit-post/${postId}`);
  await expect(page.getByText('Sign in required')).toBeVisible();
  await expect(page.getByText('Please log in to edit post')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('leaving Edit Post with unsaved changes asks first; Keep editing keeps them, Discard drops them', async ({
  page,
}) => {
  const author = await createApiUser(page.request, 'editor');
  const caption = `Linen day ${Date.now()}`;
  const { id: postId } = await publishThroughApi(page.request, author.token, caption);
  await signInThroughUi(page, author.email);
  const captionBox = page.getByRole('combobox', { name: 'Caption' });

  // Nothing changed: the back arrow leaves at once.
  await page.goto(`/post/${postId}`);
  const edit = page.getByRole('link', { name: 'Edit post' });
  await edit.click();
  await expect(captionBox).toHaveValue(caption);
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${postId}$`));
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // Changed: the back arrow asks, and Keep editing keeps every word.
  await edit.click();
  await captionBox.fill(`${caption} and sandals`);
  await page.getByRole('button', { name: 'Go back' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Discard your changes?' });
  await expect(ask).toContainText('The changes to this post have not been saved.');
  await expectNoSeriousA11yViolations(page, 'discard changes dialog');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/edit-post/${postId}$`));
  await expect(captionBox).toHaveValue(`${caption} and sandals`);

  // The browser's back asks too.
  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(new RegExp(`/edit-post/${postId}$`));
  await expect(captionBox).toHaveValue(`${caption} and sandals`);

  // Reloading the tab: the browser's own question (accepted here, so the reload drops the edit).
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.type();
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toBe('beforeunload');
  await expect(captionBox).toHaveValue(caption);

  // A tab of the bottom bar asks; Discard leaves, and nothing was saved.
  await captionBox.fill(`${caption} and a hat`);
  await bottomNav(page).getByRole('link', { name: 'Home' }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/post/${postId}`);
  await expect(page.getByRole('article').first().getByText(caption, { exact: true })).toBeVisible();
});

test('leaving Create Post with something added asks first; an untouched form leaves at once', async ({
  page,
}) => {
  await signUpThroughUi(page);
  const caption = page.getByRole('combobox', { name: 'Caption' });
  await page.goto('/create-post');
  await expect(caption).toBeVisible();
  await bottomNav(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page.goto('/create-post');
  await caption.fill('Half a thought about linen');
  await bottomNav(page).getByRole('link', { name: 'Explore' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Discard this post?' });
  // Signed in, the post is kept as a draft as it is written: leaving offers to keep it or discard it.
  await expect(ask).toContainText('Save it as a draft to finish later on this device, or discard it.');
  await expect(ask.getByRole('button', { name: 'Save draft' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'discard new post dialog');
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/create-post$/);
  await expect(caption).toHaveValue('Half a thought about linen');
  await bottomNav(page).getByRole('link', { name: 'Explore' }).click();
  await ask.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  // Discarded: the next new post starts empty.
  await page.goto('/create-post');
  await expect(caption).toHaveValue('');
  await expect(page.getByText('Form restored')).toHaveCount(0);
});
